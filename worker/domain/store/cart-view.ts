import { z } from "zod";
import { beyond, MAX_QUANTITY } from "../shared/bounds";
import { Decimal } from "../shared/decimal";
import { currencyDecimals, QUANTITY_SCALE } from "../shared/money";
import type { CartCatalogue, StoredCartLine } from "./cart-catalogue";
import { cartPolicy } from "./cart-policy";
import { availableAfterCart, cartTotal, divide, maximumOf, minimumOf, type CartItem } from "./cart-rules";
import { cartTotals, type CartTotals } from "./cart-totals";

/** Cart items page size (platform spec §7): a cart holds at most this many lines. */
export const CART_MAX_LINES = 200;

/** What a cart operation saves (the lines) and shows (the view). */
export interface CartResult {
  lines: StoredCartLine[];
  view: CartView;
}

export interface CartLineView {
  id: string;
  variant_id: number;
  pack_id: number | null;
  pack_quantity: string;
  quantity: string;
  minimum_quantity: string;
  /** The most the line may hold by the stock (spec §5), or null when nothing bounds it. */
  maximum_quantity: string | null;
  sku: string;
  label: string;
  product: string;
  pack: string | null;
  /** Units of the variant the store may still sell once the cart's lines are taken. */
  available: string;
  track_inventory: boolean;
  is_kit: boolean;
  is_packaging: boolean;
  calculated_price: string;
}

export interface CartView extends CartTotals {
  items: CartLineView[];
  /** Σ quantity × price less the customer's discount percent, per unit as on the order (cart-rules.ts cartTotal); the other totals are the order's (cart-totals.ts). */
  total: string;
  discount_rate: string;
  currency_id: number | null;
  currency: string | null;
}

/** A quantity a cart may hold: a decimal from 0 to MAX_QUANTITY (shared/bounds.ts). */
function cartQuantity(text: string): boolean {
  try {
    const quantity = Decimal.parse(text);
    return !quantity.isNegative() && !beyond(quantity, MAX_QUANTITY);
  } catch {
    return false;
  }
}

const StoredLine = z.object({
  key: z.string().min(1).max(64),
  variantId: z.number().int().positive(),
  packId: z.number().int().positive().nullable(),
  quantity: z.string().max(40).refine(cartQuantity),
});

/**
 * The lines the cart keeps, as the Durable Object stores them, checked when read back: a line that
 * fails (one kept before the bounds, decision 036) leaves the cart rather than failing every page.
 */
export const StoredCartLines = z.preprocess(
  (raw) => (Array.isArray(raw) ? raw.filter((line) => StoredLine.safeParse(line).success).slice(0, CART_MAX_LINES) : []),
  z.array(StoredLine).max(CART_MAX_LINES),
);

/** The stored lines the catalogue still sells, described with their quantities. */
export function describedLines(lines: readonly StoredCartLine[], catalogue: CartCatalogue): CartItem[] {
  return lines.flatMap((line) => {
    const item = catalogue.items.get(line.key);
    return item ? [{ ...item, quantity: Decimal.parse(line.quantity).round(QUANTITY_SCALE) }] : [];
  });
}

export const storedLines = (items: readonly CartItem[]): StoredCartLine[] =>
  items.map((i) => ({ key: i.key, variantId: i.variantId, packId: i.packId, quantity: i.quantity.toString() }));

/** A decimal as text without trailing zeros: '6', '2.5'. */
export const plain = (d: Decimal) =>
  d
    .toString()
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "");

/** One line the store sells (a variant, or one of its packs) as its pages show it, before the buyer's cart. */
export interface StoreLineView {
  /** The cart key of the line. */
  key: string;
  variant_id: number;
  pack_id: number | null;
  sku: string;
  label: string;
  product: string;
  pack: string | null;
  pack_quantity: string;
  /** The buyer's price of one (a pack's price for a pack), before the customer's discount. */
  price: string;
  /** Units of the variant the store may sell, before the buyer's cart. */
  available: string;
  /** The same stock in the line's own unit: units of a variant, whole packs of a pack line (⌊available / pack quantity⌋). */
  in_stock: string;
  /** Units on their way, when the store displays them (display_incoming_stock); else null. */
  incoming: string | null;
  minimum_quantity: string;
  track_inventory: boolean;
  /** The price at the store's recommended level, when it names one (shown beside the buyer's). */
  recommended_price: string | null;
}

const maxText = (maximum: Decimal | null) => (maximum === null ? null : plain(maximum));

/** Units of stock as lines of `item`: whole packs for a pack line (none when there is less than one), the units otherwise. */
function inLineUnits(units: Decimal, item: CartItem): Decimal {
  if (item.packId === null) return units;
  const packs = divide(units, item.packQuantity).floor;
  return packs.isNegative() ? Decimal.zero(0) : packs;
}

/** The line of this cart key as the catalogue read describes it, or null when the store does not sell it. */
export function storeLineView(catalogue: CartCatalogue, key: string): StoreLineView | null {
  const item = catalogue.items.get(key);
  const facts = catalogue.facts.get(key);
  if (!item || !facts) return null;
  return {
    key,
    variant_id: item.variantId,
    pack_id: item.packId,
    sku: facts.sku,
    label: facts.label,
    product: facts.productLabel,
    pack: facts.packLabel,
    pack_quantity: plain(item.packQuantity),
    price: item.price.toString(),
    available: plain(catalogue.available.get(item.variantId) ?? Decimal.zero(0)),
    in_stock: plain(inLineUnits(catalogue.available.get(item.variantId) ?? Decimal.zero(0), item)),
    incoming: catalogue.settings.display_incoming_stock ? plain(catalogue.incoming.get(item.variantId) ?? Decimal.zero(0)) : null,
    minimum_quantity: plain(item.minimumQuantity),
    track_inventory: item.trackInventory,
    recommended_price: facts.recommendedPrice?.toString() ?? null,
  };
}

export function cartView(lines: readonly CartItem[], catalogue: CartCatalogue): CartView {
  // Each line at its price for its quantity (a price rule's quantity break), as the order will be.
  const items = lines.map((i) => ({ ...i, price: catalogue.priceAt(i, i.quantity) }));
  const left = availableAfterCart(items, catalogue.available);
  const policy = cartPolicy(catalogue.settings);
  return {
    items: items.map((i) => {
      const facts = catalogue.facts.get(i.key)!;
      return {
        id: i.key,
        variant_id: i.variantId,
        pack_id: i.packId,
        pack_quantity: plain(i.packQuantity),
        quantity: plain(i.quantity),
        minimum_quantity: plain(minimumOf(i)),
        maximum_quantity: maxText(maximumOf(i, items, catalogue.available, policy)),
        sku: facts.sku,
        label: facts.label,
        product: facts.productLabel,
        pack: facts.packLabel,
        available: plain(left.get(i.isPackaging ? (i.components[0]?.variantId ?? i.variantId) : i.variantId) ?? Decimal.zero(0)),
        track_inventory: i.trackInventory,
        is_kit: i.isKit,
        is_packaging: i.isPackaging,
        calculated_price: i.price.toString(),
      };
    }),
    total: cartTotal(items, catalogue.discountRate, currencyDecimals(catalogue.currency ?? "")).toString(),
    ...cartTotals(items, catalogue),
    discount_rate: plain(catalogue.discountRate),
    currency_id: catalogue.currencyId,
    currency: catalogue.currency,
  };
}

export function cartResult(items: readonly CartItem[], catalogue: CartCatalogue): CartResult {
  return { lines: storedLines(items), view: cartView(items, catalogue) };
}
