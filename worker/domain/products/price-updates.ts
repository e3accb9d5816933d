import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import type { OperationError } from "../../../db/schema/tenant/company";
import { translate } from "../../../locales";
import { signedInUser } from "../identity/actor";
import { saveProgress, type OperationRow } from "../operations/operations";
import type { OperationStatus } from "../operations/progress";
import { runMarkedBatch } from "../shared/batch-marks";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError, type FieldErrors } from "../shared/domain-error";
import { insertedId } from "../shared/inserted-id";
import { parseInput, recordId } from "../shared/input";
import { parseListQuery } from "../shared/list-query";
import { MAX_MONEY } from "../shared/bounds";
import { fromScaledInteger, PRICE_SCALE, zDecimal } from "../shared/money";
import { companyOutboxRowNaming } from "../shared/outbox";
import { productList, productListWhere } from "./list-products";
import { assertCanEdit, canEdit, EDIT_PRODUCT_PRICES, EDIT_PRODUCTS, priceAccess, type PriceLevelType } from "./price-access";

const t = tenantSchema;
const { backgroundOperations: ops, priceUpdateChanges: changes } = t;

/** Variants per step of a price update (and of its revert): one write batch each, saved with its progress. */
export const PRICE_UPDATE_CHUNK = 500;
/** Variants the form shows, old price and new, before the update starts. */
export const PRICE_UPDATE_PREVIEW = 10;
/** A change by percentage: from -100 % (every price to 0) to +1000 %. */
export const MAX_PRICE_UPDATE_PERCENT = 1000;

/**
 * How new prices are rounded (half up), in units of PRICE_SCALE: to the cent, to 5 or 10 cents, to
 * the unit, or to the nearest price ending in .99 (12.49 → 12.99, 12.48 → 11.99; under 0.50 → 0).
 */
export const PRICE_ROUNDINGS = ["none", "0.01", "0.05", "0.10", "1.00", "x.99"] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];
const ROUNDING_STEP: Record<Exclude<PriceRounding, "none" | "x.99">, bigint> = {
  "0.01": 100n,
  "0.05": 500n,
  "0.10": 1000n,
  "1.00": 10000n,
};
const UNIT = 10n ** BigInt(PRICE_SCALE);
const CENT = UNIT / 100n;

export const PRICE_CHANGE_KINDS = ["percentage", "amount"] as const;

export const PriceUpdateInput = z.strictObject({
  price_level_id: z.number({ error: "required" }).int("invalid").positive("invalid"),
  currency_id: z.number({ error: "required" }).int("invalid").positive("invalid"),
  // The products list's own address query (search and filters), as its screen shows it.
  query: z.string().max(4000, "too_long").default(""),
  // Variants of one supplier only (a variant's own supplier), beside the list's filters.
  supplier_id: z.number({ error: "invalid" }).int("invalid").positive("invalid").nullable().default(null),
  change: z.enum(PRICE_CHANGE_KINDS, { error: "invalid" }),
  // A percentage (-100 to +1000) or an amount (± the money bound) to add.
  value: zDecimal(PRICE_SCALE, { min: -MAX_MONEY, max: MAX_MONEY }),
  rounding: z.enum(PRICE_ROUNDINGS, { error: "invalid" }).default("none"),
  // A variant without a price in that level and currency: left alone, or priced from 0 (an amount only).
  skip_missing: z.boolean({ error: "invalid" }).default(true),
});
export type PriceUpdateRequest = z.output<typeof PriceUpdateInput>;

/** What a running update needs, kept on its operation (numbers as scaled integers in text, the query as given). */
interface PriceUpdateParams {
  price_level_id: number;
  currency_id: number;
  query: string;
  supplier_id: number | null;
  change: "percentage" | "amount";
  /** The change at PRICE_SCALE, as an integer in text. */
  value: string;
  rounding: PriceRounding;
  skip_missing: boolean;
}

/** Where a price update stands, and what it did. */
export interface PriceUpdateCounts {
  /** Variants the filter selected (counted when it started). */
  variants: number;
  /** Prices changed, created (a variant without one), left as they were (the same amount), and variants skipped (no price). */
  changed: number;
  created: number;
  unchanged: number;
  skipped: number;
  /** After a revert: the prices put back (or deleted, for those it created), and those left alone (edited since). */
  reverted: number;
  kept: number;
}

export interface PriceUpdateView extends PriceUpdateCounts {
  id: number;
  batch_id: string;
  label: string;
  status: OperationStatus;
  progress: number;
  errors: OperationError[];
  price_level_id: number;
  currency_id: number;
  change: "percentage" | "amount";
  value: string;
  rounding: PriceRounding;
  skip_missing: boolean;
  query: string;
  supplier_id: number | null;
  /** Completed (or cancelled) and not reverted yet. */
  revertable: boolean;
  created_at: number;
  updated_at: number;
}

/** A rounding of a non-negative amount at PRICE_SCALE, half up. */
export function roundPrice(units: bigint, rounding: PriceRounding): bigint {
  if (rounding === "none") return units;
  if (rounding === "x.99") {
    const whole = ((units + CENT) * 2n + UNIT) / (2n * UNIT);
    const rounded = whole * UNIT - CENT;
    return rounded < 0n ? 0n : rounded;
  }
  const step = ROUNDING_STEP[rounding];
  return ((units * 2n + step) / (2n * step)) * step;
}

/**
 * The new price from the old one (both at PRICE_SCALE): the change, never under 0 (a decrease past
 * 0 gives 0), then the rounding. A percentage is taken to the 4th decimal, half up.
 */
export function newPrice(old: bigint, change: "percentage" | "amount", value: bigint, rounding: PriceRounding): bigint {
  let next: bigint;
  if (change === "amount") next = old + value;
  else {
    // old × (100 + p) / 100, with p at PRICE_SCALE: a non-negative numerator (p ≥ -100), rounded half up.
    const factor = 100n * UNIT + value;
    const denominator = 100n * UNIT;
    next = (old * factor * 2n + denominator) / (2n * denominator);
  }
  if (next < 0n) next = 0n;
  next = roundPrice(next, rounding);
  const max = BigInt(MAX_MONEY) * UNIT;
  return next > max ? max : next;
}

/** The variants the update selects: those of the products the list's query selects, of the supplier if one is given. */
function variantWhere(params: Pick<PriceUpdateParams, "query" | "supplier_id">): SQL | undefined {
  const query = parseListQuery(new URLSearchParams(params.query), productList);
  const where = productListWhere(query);
  return and(
    where ? inArray(t.variants.productId, sql`(select ${t.products.id} from ${t.products} where ${where})`) : undefined,
    params.supplier_id !== null ? eq(t.variants.supplierId, params.supplier_id) : undefined,
  );
}

/**
 * The input checked as a start would: the level and currency of this company, the caller allowed
 * to change prices of that level's type (and of another currency than the default one only with
 * multi_currencies), the query one the products list accepts.
 */
async function checkRequest(
  ctx: Ctx,
  raw: unknown,
): Promise<{ input: PriceUpdateRequest; params: PriceUpdateParams; levelLabel: string; iso: string }> {
  requirePermission(ctx, EDIT_PRODUCT_PRICES);
  const input = parseInput(PriceUpdateInput, raw);
  if (input.change === "percentage" && input.value.compare(fromScaledInteger(-100n * UNIT, PRICE_SCALE)) < 0)
    throw new DomainError("validation_failed", {}, { value: { code: "too_small" } });
  if (input.change === "percentage" && input.value.compare(fromScaledInteger(BigInt(MAX_PRICE_UPDATE_PERCENT) * UNIT, PRICE_SCALE)) > 0)
    throw new DomainError("validation_failed", {}, { value: { code: "too_large" } });
  const { db } = ctx;
  const [[level], [currency], supplier] = await db.batch([
    db
      .select({ type: t.priceLevels.type, label: t.priceLevels.label })
      .from(t.priceLevels)
      .where(eq(t.priceLevels.id, input.price_level_id)),
    db
      .select({ iso: t.currencies.iso, isDefault: t.currencies.isDefault })
      .from(t.currencies)
      .where(eq(t.currencies.id, input.currency_id)),
    db
      .select({ id: t.suppliers.id })
      .from(t.suppliers)
      .where(eq(t.suppliers.id, input.supplier_id ?? 0)),
  ]);
  const fields: FieldErrors = {};
  if (!level) fields.price_level_id = { code: "unknown_price_level" };
  if (!currency) fields.currency_id = { code: "unknown_currency" };
  if (input.supplier_id !== null && !supplier.length) fields.supplier_id = { code: "unknown_supplier" };
  if (Object.keys(fields).length) throw new DomainError("validation_failed", {}, fields);
  const access = priceAccess(ctx.actor);
  assertCanEdit(access, level!.type as PriceLevelType);
  if (!currency!.isDefault && !access.multiCurrency) throw new DomainError("forbidden");
  // The query as the products list reads it: a bad one is said now, on its field.
  try {
    parseListQuery(new URLSearchParams(input.query), productList);
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError("validation_failed", {}, { query: { code: "invalid" } });
    throw error;
  }
  const params: PriceUpdateParams = {
    price_level_id: input.price_level_id,
    currency_id: input.currency_id,
    query: input.query,
    supplier_id: input.supplier_id,
    change: input.change,
    value: input.value.units.toString(),
    rounding: input.rounding,
    skip_missing: input.skip_missing,
  };
  return { input, params, levelLabel: level!.label, iso: currency!.iso };
}

export interface PriceUpdatePreviewLine {
  variant_id: number;
  product_id: number;
  label: string;
  sku: string | null;
  /** null: no price in that level and currency. */
  old_amount: string | null;
  /** null: the variant is skipped. */
  new_amount: string | null;
}

/** The first variants the update would change, old price and new, and how many it selects in all; nothing written. */
export async function previewPriceUpdate(ctx: Ctx, raw: unknown): Promise<{ variants: number; lines: PriceUpdatePreviewLine[] }> {
  const { params } = await checkRequest(ctx, raw);
  const { db } = ctx;
  const where = variantWhere(params);
  const [[total], rows] = await db.batch([
    db.select({ n: count() }).from(t.variants).where(where),
    db
      .select({
        id: t.variants.id,
        productId: t.variants.productId,
        product: t.products.label,
        variant: t.variants.label,
        sku: t.variants.sku,
        amount: t.prices.amount,
      })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .leftJoin(
        t.prices,
        and(
          eq(t.prices.variantId, t.variants.id),
          eq(t.prices.priceLevelId, params.price_level_id),
          eq(t.prices.currencyId, params.currency_id),
          isNull(t.prices.packId),
        ),
      )
      .where(where)
      .orderBy(asc(t.variants.id))
      .limit(PRICE_UPDATE_PREVIEW),
  ]);
  const value = BigInt(params.value);
  return {
    variants: total?.n ?? 0,
    lines: rows.map((r) => {
      const old = r.amount === null ? null : BigInt(r.amount);
      const next =
        old === null && (params.skip_missing || params.change === "percentage")
          ? null
          : newPrice(old ?? 0n, params.change, value, params.rounding);
      return {
        variant_id: r.id,
        product_id: r.productId,
        label: r.variant && r.variant !== r.product ? `${r.product} – ${r.variant}` : r.product,
        sku: r.sku,
        old_amount: old === null ? null : fromScaledInteger(old, PRICE_SCALE).toString(),
        new_amount: next === null ? null : fromScaledInteger(next, PRICE_SCALE).toString(),
      };
    }),
  };
}

function describe(ctx: Ctx, params: PriceUpdateParams, levelLabel: string, iso: string): string {
  // 10.0000 reads 10, 2.5000 reads 2.5.
  const value = fromScaledInteger(BigInt(params.value), PRICE_SCALE)
    .toString()
    .replace(/\.?0+$/, "");
  const signed = value.startsWith("-") ? value : `+${value}`;
  return `${translate(ctx.locale, "price_update.title")}: ${levelLabel} (${iso}) ${signed}${params.change === "percentage" ? " %" : ""}`;
}

/**
 * Who an operation runs as: a signed-in user (its menus follow it live), or an API token (its
 * scopes; no menu to push to, the caller reads GET /price-updates/{id}).
 */
function runAs(ctx: Ctx): { userId: string | null; user: { id: string | null; permissions: string[]; language: string } } {
  const actor = ctx.actor;
  if (actor.kind === "api_token") return { userId: null, user: { id: null, permissions: actor.permissions, language: ctx.locale } };
  const user = signedInUser(actor);
  return { userId: user.userId, user: { id: user.userId, permissions: user.permissions, language: user.language } };
}

/**
 * Starts a price update in the background: its operation and the message that runs it in one
 * batch, which names the operation (a retry with the same Idempotency-Key reads it back).
 */
export async function startPriceUpdate(ctx: Ctx, raw: unknown): Promise<PriceUpdateView> {
  const { params, levelLabel, iso } = await checkRequest(ctx, raw);
  const { userId, user } = runAs(ctx);
  const batchId = ctx.newId();
  const { db } = ctx;
  const now = ctx.now();
  const [inserted] = (await runMarkedBatch(
    db,
    [
      db
        .insert(ops)
        .values({
          batchId,
          label: describe(ctx, params, levelLabel, iso),
          type: "price_update",
          userId,
          params: { ...params, user },
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      companyOutboxRowNaming(db, "operation.run", sql`json_object('batchId', ${batchId})`),
    ],
    { type: "price_update", id: insertedId("background_operations") },
  )) as [OperationRow[]];
  return priceUpdateView(inserted[0]!);
}

export function priceUpdateView(row: OperationRow): PriceUpdateView {
  const params = row.params as unknown as PriceUpdateParams;
  const result = row.result as Partial<PriceUpdateCounts>;
  return {
    id: row.id,
    batch_id: row.batchId,
    label: row.label,
    status: row.status,
    progress: row.progress,
    errors: row.errors,
    price_level_id: params.price_level_id,
    currency_id: params.currency_id,
    change: params.change,
    value: fromScaledInteger(BigInt(params.value), PRICE_SCALE).toString(),
    rounding: params.rounding,
    skip_missing: params.skip_missing,
    query: params.query,
    supplier_id: params.supplier_id,
    variants: result.variants ?? 0,
    changed: result.changed ?? 0,
    created: result.created ?? 0,
    unchanged: result.unchanged ?? 0,
    skipped: result.skipped ?? 0,
    reverted: result.reverted ?? 0,
    kept: result.kept ?? 0,
    revertable: row.status === "completed" || row.status === "cancelled",
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

async function priceUpdateRow(ctx: Ctx, rawId: unknown): Promise<OperationRow> {
  const id = recordId(rawId);
  const [row] = await ctx.db
    .select()
    .from(ops)
    .where(and(eq(ops.id, id), eq(ops.type, "price_update")))
    .limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

/** One price update, its progress and counts: the company's, whoever started it. */
export async function getPriceUpdate(ctx: Ctx, input: { id: unknown }): Promise<PriceUpdateView> {
  requirePermission(ctx, EDIT_PRODUCT_PRICES);
  return priceUpdateView(await priceUpdateRow(ctx, input.id));
}

/**
 * Starts the revert of a completed (or cancelled) update, in the background: each price it wrote
 * gets its old amount back where it still holds the new one.
 */
export async function revertPriceUpdate(ctx: Ctx, input: { id: unknown }): Promise<PriceUpdateView> {
  requirePermission(ctx, EDIT_PRODUCT_PRICES);
  const row = await priceUpdateRow(ctx, input.id);
  const params = row.params as unknown as PriceUpdateParams;
  const [level] = await ctx.db.select({ type: t.priceLevels.type }).from(t.priceLevels).where(eq(t.priceLevels.id, params.price_level_id));
  if (level) assertCanEdit(priceAccess(ctx.actor), level.type);
  const { db } = ctx;
  // The revert runs with the permissions of whoever asked it.
  const { userId, user } = runAs(ctx);
  const [updated] = (await db.batch([
    db
      .update(ops)
      .set({
        status: "revert_in_progress",
        progress: 0,
        params: { ...row.params, user },
        userId: userId ?? row.userId,
        updatedAt: ctx.now(),
      })
      .where(and(eq(ops.id, row.id), sql`${ops.status} in ('completed', 'cancelled')`))
      .returning(),
    companyOutboxRowNaming(db, "operation.run", sql`json_object('batchId', ${row.batchId})`),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [OperationRow[]];
  if (!updated[0]) throw new DomainError("operation_not_revertable");
  return priceUpdateView(updated[0]);
}

/** What a price update's steps need of the run that carries them (run-operation.ts). */
export interface PriceUpdateRun {
  readonly ctx: Ctx;
  readonly row: OperationRow;
  stillRunning(): Promise<boolean>;
  save(change: Parameters<typeof saveProgress>[2], statements?: BatchItem<"sqlite">[]): Promise<boolean>;
}

/**
 * A price update, step by step: the next PRICE_UPDATE_CHUNK variants (by id, after the last one
 * done), their new prices and the old ones kept in one batch with the step's progress. A price
 * changed by someone between the read and the batch is left as it is.
 */
export async function runPriceUpdate(run: PriceUpdateRun): Promise<void> {
  const { db } = run.ctx;
  const params = run.row.params as unknown as PriceUpdateParams;
  const value = BigInt(params.value);
  const where = variantWhere(params);
  const saved = run.row.result as Partial<PriceUpdateCounts> & { next?: number; done?: number };
  let { next = 0, done = 0, changed = 0, created = 0, unchanged = 0, skipped = 0 } = saved;
  let total = saved.variants;
  if (total === undefined) {
    const [row] = await db.select({ n: count() }).from(t.variants).where(where);
    total = row?.n ?? 0;
  }
  for (;;) {
    if (!(await run.stillRunning())) return;
    const variants = await db
      .select({ id: t.variants.id })
      .from(t.variants)
      .where(and(where, gt(t.variants.id, next)))
      .orderBy(asc(t.variants.id))
      .limit(PRICE_UPDATE_CHUNK);
    if (!variants.length) break;
    const ids = variants.map((v) => v.id);
    const last = ids[ids.length - 1]!;
    const prices = await db
      .select({ id: t.prices.id, variantId: t.prices.variantId, amount: t.prices.amount })
      .from(t.prices)
      .where(
        and(
          inArray(t.prices.variantId, ids),
          eq(t.prices.priceLevelId, params.price_level_id),
          eq(t.prices.currencyId, params.currency_id),
          isNull(t.prices.packId),
        ),
      );
    const priced = new Map(prices.map((p) => [p.variantId, p]));
    const rows: (typeof changes.$inferInsert)[] = [];
    const fresh: (typeof t.prices.$inferInsert)[] = [];
    for (const id of ids) {
      const price = priced.get(id);
      if (!price) {
        const amount = params.skip_missing || params.change === "percentage" ? null : newPrice(0n, params.change, value, params.rounding);
        if (amount === null || amount === 0n) skipped += 1;
        else fresh.push({ variantId: id, priceLevelId: params.price_level_id, currencyId: params.currency_id, amount: Number(amount) });
        continue;
      }
      const amount = Number(newPrice(BigInt(price.amount), params.change, value, params.rounding));
      if (amount === price.amount) unchanged += 1;
      else rows.push({ operationId: run.row.id, priceId: price.id, variantId: id, oldAmount: price.amount, newAmount: amount });
    }
    const statements: BatchItem<"sqlite">[] = [];
    if (rows.length) {
      statements.push(
        db.insert(changes).values(rows),
        // Only where the price still holds what was read: one statement over the step's own records.
        db.run(sql`update ${t.prices} set amount = c.new_amount from ${changes} c
          where c.operation_id = ${run.row.id} and c.variant_id > ${next} and c.variant_id <= ${last}
            and c.old_amount is not null and ${t.prices.id} = c.price_id and ${t.prices.amount} = c.old_amount`),
      );
    }
    if (fresh.length) {
      statements.push(
        db.insert(t.prices).values(fresh).onConflictDoNothing(),
        db.run(sql`insert into ${changes} (operation_id, price_id, variant_id, old_amount, new_amount)
          select ${run.row.id}, p.id, p.variant_id, null, p.amount from ${t.prices} p
          where p.variant_id in (${sql.join(
            fresh.map((f) => sql`${f.variantId}`),
            sql`, `,
          )}) and p.price_level_id = ${params.price_level_id} and p.currency_id = ${params.currency_id} and p.pack_id is null
            and not exists (select 1 from ${changes} c where c.operation_id = ${run.row.id} and c.variant_id = p.variant_id)`),
      );
    }
    changed += rows.length;
    created += fresh.length;
    done += ids.length;
    next = last;
    const progress = Math.min(99, Math.floor((done / Math.max(total, 1)) * 100));
    if (!(await run.save({ progress, result: { next, done, variants: total, changed, created, unchanged, skipped } }, statements))) return;
  }
  await run.save({ status: "completed", progress: 100, result: { next, done, variants: total, changed, created, unchanged, skipped } });
}

/**
 * The revert of a price update, step by step over what it recorded: the old amount back where the
 * price still holds the new one (matched by variant, level and currency: saving a variant's form
 * writes its prices anew), a price it created deleted on the same terms; any other is left alone
 * and counted.
 */
export async function runPriceUpdateRevert(run: PriceUpdateRun): Promise<void> {
  const { db } = run.ctx;
  const params = run.row.params as unknown as PriceUpdateParams;
  const result = run.row.result as Record<string, unknown>;
  let at = (result.revert_next as number | undefined) ?? 0;
  let reverted = (result.reverted as number | undefined) ?? 0;
  let kept = (result.kept as number | undefined) ?? 0;
  let seen = (result.revert_done as number | undefined) ?? 0;
  const [all] = await db.select({ n: count() }).from(changes).where(eq(changes.operationId, run.row.id));
  const total = all?.n ?? 0;
  const samePrice = sql`${t.prices.priceLevelId} = ${params.price_level_id} and ${t.prices.currencyId} = ${params.currency_id} and ${t.prices.packId} is null`;
  for (;;) {
    if (!(await run.stillRunning())) return;
    const step = await db
      .select({ variantId: changes.variantId })
      .from(changes)
      .where(and(eq(changes.operationId, run.row.id), gt(changes.variantId, at)))
      .orderBy(asc(changes.variantId))
      .limit(PRICE_UPDATE_CHUNK);
    if (!step.length) break;
    const last = step[step.length - 1]!.variantId;
    const range = sql`c.operation_id = ${run.row.id} and c.variant_id > ${at} and c.variant_id <= ${last}`;
    // The prices that still hold what the update wrote: counted first, then put back in the step's one batch with its progress.
    const [still] = await db.all<{ n: number }>(sql`select count(*) as n from ${changes} c join ${t.prices}
      on ${t.prices.variantId} = c.variant_id and ${samePrice} and ${t.prices.amount} = c.new_amount where ${range}`);
    const put = Number(still?.n ?? 0);
    reverted += put;
    kept += step.length - put;
    seen += step.length;
    at = last;
    const progress = Math.min(99, Math.floor((seen / Math.max(total, 1)) * 100));
    const statements = [
      db.run(sql`update ${t.prices} set amount = c.old_amount from ${changes} c
        where ${range} and c.old_amount is not null and ${t.prices.variantId} = c.variant_id and ${samePrice} and ${t.prices.amount} = c.new_amount`),
      db.run(sql`delete from ${t.prices} where ${samePrice} and exists (select 1 from ${changes} c
        where ${range} and c.old_amount is null and c.variant_id = ${t.prices.variantId} and c.new_amount = ${t.prices.amount})`),
    ];
    if (!(await run.save({ progress, result: { ...result, revert_next: at, revert_done: seen, reverted, kept } }, statements))) return;
  }
  await run.save({
    status: "reverted",
    progress: 100,
    result: { ...result, revert_next: at, revert_done: seen, reverted, kept },
    errors: kept ? [{ message: "price_update_revert_kept", params: { count: kept } }] : [],
  });
}

export interface PriceUpdateChoices {
  /** The active levels whose prices the caller may change. */
  levels: { id: number; label: string; type: PriceLevelType }[];
  /** The default currency, and the others with multi_currencies; the default first. */
  currencies: { id: number; label: string; iso: string }[];
  brands: { id: number; label: string }[];
  seasons: { id: number; label: string }[];
  tags: { id: number; label: string }[];
  suppliers: { id: number; label: string }[];
}

/** Choices offered beside the form's filters, at most this many each (the list's own filters allow as many). */
const CHOICES = 500;

/** What the price update form offers: the levels and currencies the caller may change, and the filters' choices. */
export async function priceUpdateChoices(ctx: Ctx): Promise<PriceUpdateChoices> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const access = priceAccess(ctx.actor);
  const types: PriceLevelType[] = (["selling", "purchasing"] as const).filter((type) => canEdit(access, type));
  const { db } = ctx;
  const [levels, currencies, brands, seasons, tags, suppliers] = await db.batch([
    db
      .select({ id: t.priceLevels.id, label: t.priceLevels.label, type: t.priceLevels.type })
      .from(t.priceLevels)
      .where(and(eq(t.priceLevels.active, true), inArray(t.priceLevels.type, types)))
      .orderBy(asc(t.priceLevels.label)),
    db
      .select({ id: t.currencies.id, label: t.currencies.label, iso: t.currencies.iso })
      .from(t.currencies)
      .where(and(eq(t.currencies.active, true), access.multiCurrency ? undefined : eq(t.currencies.isDefault, true)))
      .orderBy(desc(t.currencies.isDefault), asc(t.currencies.iso)),
    db.select({ id: t.brands.id, label: t.brands.label }).from(t.brands).orderBy(asc(t.brands.label)).limit(CHOICES),
    db.select({ id: t.seasons.id, label: t.seasons.label }).from(t.seasons).orderBy(asc(t.seasons.label)).limit(CHOICES),
    db.select({ id: t.productTags.id, label: t.productTags.label }).from(t.productTags).orderBy(asc(t.productTags.label)).limit(CHOICES),
    db.select({ id: t.suppliers.id, label: t.suppliers.name }).from(t.suppliers).orderBy(asc(t.suppliers.name)).limit(CHOICES),
  ]);
  return { levels, currencies, brands, seasons, tags, suppliers };
}
