import type { Ctx } from "../../shared/ctx";
import { updateTax } from "./update-tax";

/** Activates a tax or group. */
export const enableTax = (ctx: Ctx, input: { id: unknown }) => updateTax(ctx, { id: input.id, active: true });
/** Deactivates a tax or group. */
export const disableTax = (ctx: Ctx, input: { id: unknown }) => updateTax(ctx, { id: input.id, active: false });
