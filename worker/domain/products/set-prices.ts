import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, parseInput, recordId, runBatch, type PackRef, type VariantRef } from "./common";
import { assertCanEdit, EDIT_PRODUCT_PRICES, priceAccess, type PriceLevelType } from "./price-access";
import { PricesInput } from "./product-schemas";
import { findPack, findVariant, loadProductView, type PriceView } from "./product-view";
import { priceValues } from "./product-writes";
import { checkReferences, priceRefs } from "./references";

const t = tenantSchema;

type PriceTarget = { productId: number; variantId: number; packId: number | null };

/**
 * Checks a replacement of a variant's (or a pack's) prices with the list given and answers its
 * statements. Only the levels the caller may edit are replaced: someone who edits selling prices
 * leaves purchasing prices alone; without multi_currencies, prices in other currencies than the
 * default one are neither replaced nor taken from the list.
 */
export async function planPriceReplacement(ctx: Ctx, target: PriceTarget, raw: unknown): Promise<BatchItem<"sqlite">[]> {
  const { db } = ctx;
  const input = parseInput(PricesInput, raw);
  if (target.packId === null) await findVariant(db, target.productId, target.variantId);
  else await findPack(db, target.productId, target.variantId, target.packId);

  const issues = new FieldIssues();
  const refs = await checkReferences(db, priceRefs(input.prices, "prices"), issues);
  issues.throwIfAny();
  const access = priceAccess(ctx.actor);
  const prices = access.multiCurrency ? input.prices : input.prices.filter((p) => !refs.foreignCurrencies.has(p.currency_id));
  const editable: PriceLevelType[] = [
    ...(access.editSelling ? ["selling" as const] : []),
    ...(access.editPurchasing ? ["purchasing" as const] : []),
  ];
  if (editable.length === 0) throw new DomainError("forbidden");
  for (const p of prices) assertCanEdit(access, refs.priceLevelTypes.get(p.price_level_id)!);

  const levels = db.select({ id: t.priceLevels.id }).from(t.priceLevels).where(inArray(t.priceLevels.type, editable));
  const statements: BatchItem<"sqlite">[] = [
    db
      .delete(t.prices)
      .where(
        and(
          eq(t.prices.variantId, target.variantId),
          target.packId === null ? isNull(t.prices.packId) : eq(t.prices.packId, target.packId),
          inArray(t.prices.priceLevelId, levels),
          access.multiCurrency
            ? undefined
            : inArray(t.prices.currencyId, db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.isDefault, true))),
        ),
      ),
  ];
  if (prices.length) statements.push(db.insert(t.prices).values(priceValues(target.variantId, target.packId, prices)));
  return statements;
}

/** Replaces the prices in one batch and answers them as they now are. */
async function replacePrices(ctx: Ctx, target: PriceTarget, raw: unknown) {
  await runBatch(ctx.db, await planPriceReplacement(ctx, target, raw));
  const view = await loadProductView(ctx.db, target.productId, priceAccess(ctx.actor));
  const variant = view.variants.find((v) => v.id === target.variantId)!;
  return { prices: target.packId === null ? variant.prices : variant.packs.find((p) => p.id === target.packId)!.prices };
}

/** PUT a variant's prices: one per price level and currency. */
export async function setVariantPrices(ctx: Ctx, raw: VariantRef & Record<string, unknown>): Promise<{ prices: PriceView[] }> {
  requirePermission(ctx, EDIT_PRODUCT_PRICES);
  const { product_id, variant_id, ...fields } = raw;
  return replacePrices(ctx, { productId: recordId(product_id), variantId: recordId(variant_id), packId: null }, fields);
}

/** PUT a pack's prices: one per price level and currency. */
export async function setPackPrices(ctx: Ctx, raw: PackRef & Record<string, unknown>): Promise<{ prices: PriceView[] }> {
  requirePermission(ctx, EDIT_PRODUCT_PRICES);
  const { product_id, variant_id, pack_id, ...fields } = raw;
  return replacePrices(ctx, { productId: recordId(product_id), variantId: recordId(variant_id), packId: recordId(pack_id) }, fields);
}
