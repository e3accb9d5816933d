import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { isFieldErrorCode } from "../shared/error-codes";
import { fromScaledInteger, PRICE_SCALE } from "../shared/money";
import { FieldIssues } from "./common";
import { canEdit, EDIT_PRODUCTS, priceAccess } from "./price-access";
import { planPriceReplacement } from "./set-prices";
import { planProductUpdate } from "./update-product";
import { planVariantUpdate, runVariantChanges } from "./update-variant";

const t = tenantSchema;

/** A price set in one level and currency; the variant's other prices stay as they are. */
export interface PriceChange {
  price_level_id: number;
  currency_id: number;
  amount: unknown;
}

/** What changes in one product: its own fields and, per variant, its fields and some of its prices. Empty: nothing. */
export interface ProductChanges {
  id: number;
  fields?: Record<string, unknown>;
  variants: { id: number; fields?: Record<string, unknown>; prices?: PriceChange[] }[];
}

export interface UpdateProductsOptions {
  /** Check everything, write nothing (an import's validation of every row before it writes). */
  checkOnly?: boolean;
  /** Statements written in the same batch as the changes (an import's marker of its chunk). */
  alongside?: BatchItem<"sqlite">[];
}

const hasFields = (fields: Record<string, unknown> | undefined) => fields !== undefined && Object.keys(fields).length > 0;

/** Whether a product's changes change anything. */
export function changesAnything(change: ProductChanges | null): change is ProductChanges {
  return change !== null && (hasFields(change.fields) || change.variants.some((v) => hasFields(v.fields) || Boolean(v.prices?.length)));
}

/**
 * Updates many products (an import) by the plans of the verbs that update one — `updateProduct`,
 * `updateVariant`, `setVariantPrices` — all in one batch. Each product's faults are named under
 * its index (`3.variants.0.prices.1.amount`), all of them in one answer; prices given are set in
 * their level and currency, the others kept. Answers how many products change.
 */
export async function updateProducts(
  ctx: Ctx,
  changes: readonly (ProductChanges | null)[],
  options: UpdateProductsOptions = {},
): Promise<number> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const kept = await keptPrices(ctx, changes);
  const issues = new FieldIssues();
  const statements: BatchItem<"sqlite">[] = [];
  let changed = 0;
  for (const [i, change] of changes.entries()) {
    if (!changesAnything(change)) continue;
    changed += 1;
    const step = async (prefix: string, plan: () => Promise<BatchItem<"sqlite">[]>) => {
      try {
        statements.push(...(await plan()));
      } catch (error) {
        // A permission refused stops the whole import; any other fault is its row's.
        if (!(error instanceof DomainError)) throw error;
        if (error.fields) for (const [field, e] of Object.entries(error.fields)) issues.add(`${i}.${prefix}${field}`, e.code, e.params);
        else if (error.code === "forbidden" || !isFieldErrorCode(error.code)) throw error;
        else issues.add(`${i}.${prefix}`.replace(/\.$/, ""), error.code, error.params);
      }
    };
    if (hasFields(change.fields)) await step("", () => planProductUpdate(ctx, change.id, change.fields));
    for (const [j, variant] of change.variants.entries()) {
      if (hasFields(variant.fields)) await step(`variants.${j}.`, () => planVariantUpdate(ctx, change.id, variant.id, variant.fields));
      if (variant.prices?.length) {
        // The changes first, so that `prices.<m>` names the m-th price given.
        const given = new Set(variant.prices.map((p) => `${p.price_level_id}:${p.currency_id}`));
        const others = (kept.get(variant.id) ?? []).filter((p) => !given.has(`${p.price_level_id}:${p.currency_id}`));
        const prices = { prices: [...variant.prices, ...others] };
        await step(`variants.${j}.`, () =>
          planPriceReplacement(ctx, { productId: change.id, variantId: variant.id, packId: null }, prices),
        );
      }
    }
  }
  issues.throwIfAny();
  if (options.checkOnly) return changed;
  await runVariantChanges(ctx.db, [...statements, ...(options.alongside ?? [])]);
  return changed;
}

/**
 * The prices a replacement of a variant's price list would take away but the changes do not name:
 * those of the levels the caller may edit, in the default currency (any currency with
 * multi_currencies), as `planPriceReplacement` replaces them.
 */
async function keptPrices(ctx: Ctx, changes: readonly (ProductChanges | null)[]): Promise<Map<number, PriceChange[]>> {
  const variantIds = changes.flatMap((c) => (c ? c.variants.filter((v) => v.prices?.length).map((v) => v.id) : []));
  const kept = new Map<number, PriceChange[]>();
  if (variantIds.length === 0) return kept;
  const access = priceAccess(ctx.actor);
  for (let at = 0; at < variantIds.length; at += 500) {
    const rows = await ctx.db
      .select({
        variantId: t.prices.variantId,
        priceLevelId: t.prices.priceLevelId,
        currencyId: t.prices.currencyId,
        amount: t.prices.amount,
        type: t.priceLevels.type,
        isDefault: t.currencies.isDefault,
      })
      .from(t.prices)
      .innerJoin(t.priceLevels, eq(t.priceLevels.id, t.prices.priceLevelId))
      .innerJoin(t.currencies, eq(t.currencies.id, t.prices.currencyId))
      .where(and(inArray(t.prices.variantId, variantIds.slice(at, at + 500)), isNull(t.prices.packId)));
    for (const row of rows) {
      if (!canEdit(access, row.type) || !(access.multiCurrency || row.isDefault)) continue;
      const list = kept.get(row.variantId) ?? [];
      list.push({
        price_level_id: row.priceLevelId,
        currency_id: row.currencyId,
        amount: fromScaledInteger(row.amount, PRICE_SCALE).toString(),
      });
      kept.set(row.variantId, list);
    }
  }
  return kept;
}
