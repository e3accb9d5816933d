import { beyond, MAX_QUANTITY } from "../shared/bounds";
import { Decimal } from "../shared/decimal";
import { PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { lessPercent } from "../products/pricing";

/**
 * The storefront cart's rules (platform spec §3 Cart item, §5 Cart quantity, §9 cart total), pure:
 * the cart Durable Object keeps the items, these say what a click may change. Quantities count
 * what the buyer orders (items, or packs of a pack line); stock counts units of variants.
 */

export interface CartComponent {
  variantId: number;
  /** Units of the component per unit of the parent. */
  quantity: Decimal;
}

export interface CartItem {
  /** variantId_packId for a pack line, else the variant id (cartKey). */
  key: string;
  variantId: number;
  packId: number | null;
  /** Units of the variant per pack; 1 without a pack. */
  packQuantity: Decimal;
  quantity: Decimal;
  /** The variant's minimum quantity, in units. */
  minimumQuantity: Decimal;
  trackInventory: boolean;
  isKit: boolean;
  /** A packaging takes its stock from its components, scaled by their quantities. */
  isPackaging: boolean;
  components: CartComponent[];
  /** The buyer's price of one line unit (a pack's price for a pack line). */
  price: Decimal;
}

/** Units the store may still sell of each variant, before what the cart holds: available as stock/availability.ts defines it. */
export type Availability = ReadonlyMap<number, Decimal>;

export interface CartPolicy {
  /** The store lets buyers order more than is in stock. */
  allowNegativeStock: boolean;
}

export const cartKey = (variantId: number, packId: number | null | undefined): string =>
  packId === null || packId === undefined ? String(variantId) : `${variantId}_${packId}`;

const ZERO = Decimal.zero(QUANTITY_SCALE);

/** ⌊a / b⌋ and ⌈a / b⌉ for b > 0, exactly. */
export function divide(a: Decimal, b: Decimal): { floor: Decimal; ceil: Decimal } {
  const num = a.units * 10n ** BigInt(b.scale);
  const den = b.units * 10n ** BigInt(a.scale);
  let q = num / den; // truncates toward zero
  const exact = q * den === num;
  if (!exact && num < 0n) q -= 1n;
  return { floor: Decimal.of(q, 0), ceil: Decimal.of(exact ? q : q + 1n, 0) };
}

/**
 * The stock a line of `quantity` takes: a pack's units scaled by its pack quantity, a packaging's
 * by its components' quantities (it holds none of its own).
 */
export function stockTaken(item: Pick<CartItem, "variantId" | "packQuantity" | "isPackaging" | "components">, quantity: Decimal) {
  if (item.isPackaging && item.components.length > 0)
    return item.components.map((c) => ({ variantId: c.variantId, units: quantity.mul(c.quantity).round(QUANTITY_SCALE) }));
  return [{ variantId: item.variantId, units: quantity.mul(item.packQuantity).round(QUANTITY_SCALE) }];
}

/** Whether the line is held to the stock: tracked (or a kit), and the store does not sell below zero. */
const stockBound = (item: CartItem, policy: CartPolicy) => !policy.allowNegativeStock && (item.trackInventory || item.isKit);

/** The smallest quantity of the line: the minimum, for a pack ⌈minimum / pack quantity⌉. */
export function minimumOf(item: Pick<CartItem, "minimumQuantity" | "packId" | "packQuantity">): Decimal {
  if (item.packId === null) return item.minimumQuantity;
  return item.minimumQuantity.isZero() ? ZERO : divide(item.minimumQuantity, item.packQuantity).ceil;
}

/** What the other lines of the cart take of each variant. */
function takenByOthers(items: readonly CartItem[], except: string): Map<number, Decimal> {
  const taken = new Map<number, Decimal>();
  for (const other of items)
    if (other.key !== except)
      for (const t of stockTaken(other, other.quantity)) taken.set(t.variantId, (taken.get(t.variantId) ?? ZERO).add(t.units));
  return taken;
}

/**
 * The largest quantity of the line, or null when nothing bounds it: what is left of each variant
 * it takes, after the cart's other lines, divided by what one of it takes, rounded down.
 */
export function maximumOf(item: CartItem, items: readonly CartItem[], available: Availability, policy: CartPolicy): Decimal | null {
  if (!stockBound(item, policy)) return null;
  const others = takenByOthers(items, item.key);
  let max: Decimal | null = null;
  for (const per of stockTaken(item, Decimal.parse(1))) {
    if (per.units.isZero()) continue;
    const left = (available.get(per.variantId) ?? ZERO).sub(others.get(per.variantId) ?? ZERO);
    const fits = divide(left, per.units).floor;
    if (max === null || fits.compare(max) < 0) max = fits;
  }
  return max === null ? null : max.isNegative() ? ZERO : max;
}

/** Whether a line of `quantity` stays within MAX_QUANTITY (shared/bounds.ts), in what it orders and in each variant's units. */
export function withinQuantityBound(item: Pick<CartItem, "variantId" | "packQuantity" | "isPackaging" | "components">, quantity: Decimal) {
  return !beyond(quantity, MAX_QUANTITY) && stockTaken(item, quantity).every((t) => !beyond(t.units, MAX_QUANTITY));
}

/**
 * The line's quantity after asking for `requested`, or null when the click is ignored (silently,
 * spec §5): a quantity that is not a number, over the stock's bound, or past MAX_QUANTITY. Under
 * the minimum, the minimum is taken instead. A line not yet in the cart comes with quantity 0.
 */
export function nextQuantity(
  item: CartItem,
  requested: unknown,
  items: readonly CartItem[],
  available: Availability,
  policy: CartPolicy,
): Decimal | null {
  let wanted: Decimal;
  try {
    if (typeof requested !== "string" && typeof requested !== "number") return null;
    wanted = Decimal.parse(requested).round(QUANTITY_SCALE);
  } catch {
    return null;
  }
  const minimum = minimumOf(item);
  if (wanted.compare(minimum) < 0) wanted = minimum;
  if (wanted.isZero() || wanted.isNegative()) wanted = Decimal.parse(1).round(QUANTITY_SCALE);
  if (!withinQuantityBound(item, wanted)) return null;
  const maximum = maximumOf(item, items, available, policy);
  // Over the bound, only a step down is taken (stock may have gone since the line was added).
  if (maximum !== null && wanted.compare(maximum) > 0 && wanted.compare(item.quantity) >= 0) return null;
  return wanted;
}

/**
 * Sets a line's quantity, adding the line when the cart lacks it (`item` then describes it): the
 * cart as it was when the click is ignored. A change to a line the cart does not hold, with no
 * line to add, changes nothing.
 */
export function setQuantity(
  items: readonly CartItem[],
  change: { key: string; quantity: unknown; item?: CartItem },
  available: Availability,
  policy: CartPolicy,
): CartItem[] {
  const current = items.find((i) => i.key === change.key) ?? change.item;
  if (!current || current.key !== change.key) return [...items];
  const quantity = nextQuantity(current, change.quantity, items, available, policy);
  if (quantity === null) return [...items];
  const updated = { ...current, quantity };
  return items.some((i) => i.key === change.key) ? items.map((i) => (i.key === change.key ? updated : i)) : [...items, updated];
}

export const removeItem = (items: readonly CartItem[], key: string): CartItem[] => items.filter((i) => i.key !== key);

/** What the store shows left of each variant once the cart's lines are taken (spec §9). */
export function availableAfterCart(items: readonly CartItem[], available: Availability): Map<number, Decimal> {
  const left = new Map(available);
  for (const item of items)
    for (const t of stockTaken(item, item.quantity)) left.set(t.variantId, (left.get(t.variantId) ?? ZERO).sub(t.units));
  return left;
}

/**
 * Σ quantity × price, less the customer's discount percent (spec §9), at the prices' scale. The
 * discount comes off each unit price, and each line is rounded to the currency's `decimals`, as a
 * sales order's lines are (decision 018): the cart's total is its order's subtotal, to the cent.
 */
export function cartTotal(items: readonly CartItem[], discountPercent: Decimal | null, decimals = PRICE_SCALE): Decimal {
  const discounted = discountPercent !== null && !discountPercent.isZero();
  return items
    .reduce((sum, i) => {
      const unit = discounted ? lessPercent(i.price, discountPercent).round(PRICE_SCALE) : i.price;
      return sum.add(i.quantity.mul(unit).round(decimals));
    }, Decimal.zero(PRICE_SCALE))
    .round(PRICE_SCALE);
}
