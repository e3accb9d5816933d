import type { Decimal } from "../../shared/decimal";
import { QUANTITY_SCALE } from "../../shared/money";
import type { LineInput } from "./types";

/**
 * Domain spec §5: a kit line's discount is ignored unless the kit is priced by a price level or
 * an advanced price, and locked (kept at 0, not editable) when the kit's price is locked.
 */
export function kitTakesDiscount(line: Pick<LineInput, "kit_price_type" | "kit_price_locked">): boolean {
  if (line.kit_price_locked) return false;
  return line.kit_price_type === "price_level" || line.kit_price_type === "advanced_price";
}

/** A component line moves its kit's quantity times what one kit requires (default 1). */
export function componentQuantity(kitQuantity: Decimal, requiredPerKit: Decimal): Decimal {
  return kitQuantity.mul(requiredPerKit).round(QUANTITY_SCALE);
}
