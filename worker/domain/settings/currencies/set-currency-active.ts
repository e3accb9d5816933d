import type { Ctx } from "../../shared/ctx";
import { updateCurrency } from "./update-currency";

/** Activates a currency. */
export const enableCurrency = (ctx: Ctx, input: { id: unknown }) => updateCurrency(ctx, { id: input.id, active: true });
/** Deactivates a currency (not the default: `default_currency`). */
export const disableCurrency = (ctx: Ctx, input: { id: unknown }) => updateCurrency(ctx, { id: input.id, active: false });
