import type { Ctx } from "../../shared/ctx";
import { updatePriceLevel } from "./update-price-level";

/** Activates a price level. */
export const enablePriceLevel = (ctx: Ctx, input: { id: unknown }) => updatePriceLevel(ctx, { id: input.id, active: true });
/** Deactivates a price level (not a default: `default_price_level`). */
export const disablePriceLevel = (ctx: Ctx, input: { id: unknown }) => updatePriceLevel(ctx, { id: input.id, active: false });
