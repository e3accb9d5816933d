import type { Ctx } from "../../shared/ctx";
import { updatePaymentMethod } from "./update-payment-method";

/** Activates a payment method: payment forms offer it again. */
export const enablePaymentMethod = (ctx: Ctx, input: { id: unknown }) => updatePaymentMethod(ctx, { id: input.id, active: true });
/** Deactivates a payment method: payment forms stop offering it; the payments that name it keep it. */
export const disablePaymentMethod = (ctx: Ctx, input: { id: unknown }) => updatePaymentMethod(ctx, { id: input.id, active: false });
