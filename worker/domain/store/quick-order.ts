import { and, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import { beyond, MAX_QUANTITY } from "../shared/bounds";
import type { Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, parseInput, strictInput } from "../shared/input";
import { QUANTITY_SCALE } from "../shared/money";
import { buyerOf } from "./buyer";
import { readCartCatalogue } from "./cart-catalogue";
import { cartPolicy } from "./cart-policy";
import { cartKey, setQuantity } from "./cart-rules";
import { changeCart, type CartStore } from "./cart-store";
import { CART_MAX_LINES, cartResult, describedLines, StoredCartLines, type CartView } from "./cart-view";
import { sellableVariant } from "./sellable";

const t = tenantSchema;

/** The quick order form: one line per product, its SKU then the quantity ("MUG-01 12", "MUG-01;12"); newlines are allowed in it (plain-text.ts). */
export const QuickOrderInput = strictInput({ quick_order: z.string().max(20_000) });

/**
 * Adds a typed list of SKUs and quantities to the cart, each added to what the cart already holds
 * of it, by the cart's rules. Every line is checked first: a line that is not a SKU and a quantity,
 * or a SKU the store does not sell, is named and nothing is added. A line the stock cannot take is
 * left out (as a click over the stock is), and named in `not_added`.
 */
export async function quickOrder(ctx: Ctx, input: { cart: CartStore; order: unknown }): Promise<CartView & { not_added: string[] }> {
  buyerOf(ctx);
  const { quick_order: text } = parseInput(QuickOrderInput, input.order);
  const issues = new FieldIssues();
  const wanted: { line: number; sku: string; quantity: Decimal }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === "") return;
    const match = /^\s*(\S+)[\s;,]+(\d+(?:[.,]\d+)?)\s*$/.exec(raw);
    const quantity = match ? Decimal.parse(match[2]!.replace(",", ".")).round(QUANTITY_SCALE) : null;
    // A quantity past MAX_QUANTITY (shared/bounds.ts) is no quantity a cart takes.
    if (!match || !quantity || quantity.isZero() || beyond(quantity, MAX_QUANTITY))
      return issues.add(`quick_order.${i}`, "quick_order_line_invalid", { line: i + 1 });
    wanted.push({ line: i + 1, sku: match[1]!, quantity });
  });
  if (wanted.length === 0 && issues.empty) issues.add("quick_order", "required");
  if (wanted.length > CART_MAX_LINES) throw new DomainError("cart_full", { max: CART_MAX_LINES });
  const found = wanted.length
    ? await ctx.db
        .select({ id: t.variants.id, sku: t.variants.sku })
        .from(t.variants)
        .where(
          and(
            inArray(
              sql`${t.variants.sku} collate nocase`,
              wanted.map((w) => w.sku),
            ),
            sellableVariant(),
          ),
        )
    : [];
  const idOf = (sku: string) => found.find((f) => f.sku.toLowerCase() === sku.toLowerCase())?.id;
  for (const w of wanted)
    if (idOf(w.sku) === undefined) issues.add(`quick_order.${w.line - 1}`, "quick_order_sku_unknown", { line: w.line, sku: w.sku });
  issues.throwIfAny();

  return addToCart(
    ctx,
    input.cart,
    wanted.map((w) => ({ variantId: idOf(w.sku)!, packId: null, quantity: w.quantity, name: w.sku })),
  );
}

/** A line to add to what the cart holds, and how the buyer knows it (its SKU). */
export interface WantedLine {
  variantId: number;
  packId: number | null;
  quantity: Decimal;
  name: string;
}

/**
 * Adds each line to what the cart already holds of it, by the cart's rules, in one change of the
 * cart. A line the store no longer sells, or that the stock cannot take, is left out (as a click
 * over the stock is) and named in `not_added`.
 */
export async function addToCart(ctx: Ctx, cart: CartStore, wanted: readonly WantedLine[]): Promise<CartView & { not_added: string[] }> {
  const buyer = buyerOf(ctx);
  const notAdded: string[] = [];
  const result = await changeCart(cart, async (stored) => {
    const lines = StoredCartLines.parse(stored);
    const catalogue = await readCartCatalogue(ctx, buyer, [...lines, ...wanted.map((w) => ({ variantId: w.variantId, packId: w.packId }))]);
    let items = describedLines(lines, catalogue);
    notAdded.length = 0;
    for (const w of wanted) {
      const key = cartKey(w.variantId, w.packId);
      const item = catalogue.items.get(key);
      if (!item) {
        notAdded.push(w.name);
        continue;
      }
      if (!items.some((i) => i.key === key) && items.length >= CART_MAX_LINES) throw new DomainError("cart_full", { max: CART_MAX_LINES });
      const held = items.find((i) => i.key === key)?.quantity ?? Decimal.zero(QUANTITY_SCALE);
      const next = setQuantity(
        items,
        { key, quantity: held.add(w.quantity).toString(), item },
        catalogue.available,
        cartPolicy(catalogue.settings),
      );
      // Ignored by the rules (over the stock): the line holds what it held.
      if (next.find((i) => i.key === key)?.quantity.equals(held) ?? true) notAdded.push(w.name);
      items = next;
    }
    return cartResult(items, catalogue);
  });
  return { ...result.view, not_added: notAdded };
}
