import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, parseInput, recordId, runBatch } from "./common";
import { assertCanEdit, priceAccess, type Caller, type PriceLevelType } from "./price-access";
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
export async function planPriceReplacement(
  db: TenantDb,
  caller: Caller,
  target: PriceTarget,
  raw: unknown,
): Promise<BatchItem<"sqlite">[]> {
  const input = parseInput(PricesInput, raw);
  if (target.packId === null) await findVariant(db, target.productId, target.variantId);
  else await findPack(db, target.productId, target.variantId, target.packId);

  const issues = new FieldIssues();
  const refs = await checkReferences(db, priceRefs(input.prices, "prices"), issues);
  issues.throwIfAny();
  const access = priceAccess(caller);
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
async function replacePrices(db: TenantDb, caller: Caller, target: PriceTarget, raw: unknown) {
  await runBatch(db, await planPriceReplacement(db, caller, target, raw));
  const access = priceAccess(caller);
  const view = await loadProductView(db, target.productId, access);
  const variant = view.variants.find((v) => v.id === target.variantId)!;
  return { prices: target.packId === null ? variant.prices : variant.packs.find((p) => p.id === target.packId)!.prices };
}

/** PUT a variant's prices: one per price level and currency. */
export async function setVariantPrices(
  db: TenantDb,
  caller: Caller,
  productId: unknown,
  variantId: unknown,
  raw: unknown,
): Promise<{ prices: PriceView[] }> {
  return replacePrices(db, caller, { productId: recordId(productId), variantId: recordId(variantId), packId: null }, raw);
}

/** PUT a pack's prices: one per price level and currency. */
export async function setPackPrices(
  db: TenantDb,
  caller: Caller,
  productId: unknown,
  variantId: unknown,
  packId: unknown,
  raw: unknown,
): Promise<{ prices: PriceView[] }> {
  return replacePrices(db, caller, { productId: recordId(productId), variantId: recordId(variantId), packId: recordId(packId) }, raw);
}
