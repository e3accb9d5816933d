import { z } from "zod";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { zDecimal } from "../shared/money";
import { parseInput, recordId, type VariantRef } from "./common";
import { canView, priceAccess, VIEW_PRODUCT_PRICES } from "./price-access";
import { EXCHANGE_RATE_SCALE, priceOfVariant } from "./price-of-variant";
import type { PriceSource } from "./pricing";
import { zPercent, zRecordId } from "./product-schemas";
import { findVariant } from "./product-view";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** The query of GET …/variants/{variantId}/price; every parameter is optional. */
export const VariantPriceQuery = z.object({
  price_level_id: z.preprocess(blankToUndefined, zRecordId.optional()),
  currency_id: z.preprocess(blankToUndefined, zRecordId.optional()),
  pack_id: z.preprocess(blankToUndefined, zRecordId.optional()),
  exchange_rate: z.preprocess(
    blankToUndefined,
    zDecimal(EXCHANGE_RATE_SCALE, { min: 0 })
      .refine((v) => !v.isZero(), "too_small")
      .optional(),
  ),
  // The customer's discount rate, percent.
  discount_rate: z.preprocess(blankToUndefined, zPercent.optional()),
});
export type VariantPriceQuery = z.input<typeof VariantPriceQuery>;

export interface VariantPriceView {
  variant_id: number;
  pack_id: number | null;
  price_level_id: number | null;
  currency_id: number | null;
  exchange_rate: string | null;
  amount: string;
  source: PriceSource;
}

/** The resolved price of a product's variant (or pack) for a level, currency, rate and customer discount. */
export async function getVariantPrice(ctx: Ctx, raw: VariantRef & Record<string, unknown>): Promise<VariantPriceView> {
  requirePermission(ctx, VIEW_PRODUCT_PRICES);
  const { db } = ctx;
  const { product_id, variant_id, ...fields } = raw;
  const [pid, vid] = [recordId(product_id), recordId(variant_id)];
  const query = parseInput(VariantPriceQuery, fields);
  await findVariant(db, pid, vid);
  const price = await priceOfVariant(db, {
    variantId: vid,
    packId: query.pack_id ?? null,
    priceLevelId: query.price_level_id ?? null,
    currencyId: query.currency_id ?? null,
    exchangeRate: query.exchange_rate ?? null,
    customer: query.discount_rate ? { discount_rate: query.discount_rate } : null,
  });
  // Selling prices need the selling information permission, purchasing prices the purchasing one.
  if (!canView(priceAccess(ctx.actor), price.priceLevelType ?? "selling")) throw new DomainError("forbidden");
  return {
    variant_id: vid,
    pack_id: query.pack_id ?? null,
    price_level_id: price.priceLevelId,
    currency_id: price.currencyId,
    exchange_rate: price.exchangeRate?.toString() ?? null,
    amount: price.amount.toString(),
    source: price.source,
  };
}
