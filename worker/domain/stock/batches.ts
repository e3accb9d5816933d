import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { fieldError, objectError, parseInput, qty, recordId, todayIn, zCalendarDate, zRefId } from "./common";

const { batches, batchStock, variants, locations, companySettings } = tenantSchema;

export interface BatchView {
  id: number;
  variant_id: number;
  sku: string;
  label: string;
  number: string;
  barcode: string | null;
  expiration_date: string | null;
  /** Past its expiration date: it cannot be used until the date is updated (domain spec §5). */
  expired: boolean;
  /** Held in all locations. */
  quantity: string;
  locations: { location_id: number; label: string; quantity: string }[];
  created_at: number;
}

const zNumber = z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long");
const zBarcode = z
  .string({ error: "invalid" })
  .trim()
  .max(100, "too_long")
  .nullable()
  .transform((v) => v || null);
const zExpiration = zCalendarDate.nullable();

export const CreateBatchInput = z.strictObject(
  {
    variant_id: z.unknown().transform((v, ctx) => {
      if (v === undefined || v === null || v === "") {
        ctx.addIssue({ code: "custom", message: "required" });
        return z.NEVER;
      }
      const parsed = zRefId("unknown_variant").safeParse(v);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "unknown_variant" });
        return z.NEVER;
      }
      return parsed.data;
    }),
    number: zNumber,
    barcode: zBarcode.optional(),
    expiration_date: zExpiration.optional(),
  },
  objectError,
);
export type CreateBatchInput = z.input<typeof CreateBatchInput>;

export const UpdateBatchInput = z.strictObject(
  { number: zNumber.optional(), barcode: zBarcode.optional(), expiration_date: zExpiration.optional() },
  objectError,
);
export type UpdateBatchInput = z.input<typeof UpdateBatchInput>;

async function today(db: TenantDb): Promise<string> {
  const [settings] = await db.select({ timezone: companySettings.timezone }).from(companySettings).limit(1);
  return todayIn(settings?.timezone ?? "UTC");
}

async function views(
  db: TenantDb,
  rows: {
    id: number;
    variantId: number;
    sku: string;
    label: string;
    number: string;
    barcode: string | null;
    expirationDate: string | null;
    createdAt: number;
  }[],
): Promise<BatchView[]> {
  if (rows.length === 0) return [];
  const [held, now] = await Promise.all([
    db
      .select({ batchId: batchStock.batchId, locationId: batchStock.locationId, label: locations.label, quantity: batchStock.quantity })
      .from(batchStock)
      .innerJoin(locations, eq(locations.id, batchStock.locationId))
      .where(
        and(
          inArray(
            batchStock.batchId,
            rows.map((r) => r.id),
          ),
          sql`${batchStock.quantity} <> 0`,
        ),
      )
      .orderBy(asc(locations.label)),
    today(db),
  ]);
  return rows.map((r) => {
    const mine = held.filter((h) => h.batchId === r.id);
    return {
      id: r.id,
      variant_id: r.variantId,
      sku: r.sku,
      label: r.label,
      number: r.number,
      barcode: r.barcode,
      expiration_date: r.expirationDate,
      expired: r.expirationDate !== null && r.expirationDate < now,
      quantity: qty(mine.reduce((acc, h) => acc + h.quantity, 0)),
      locations: mine.map((h) => ({ location_id: h.locationId, label: h.label, quantity: qty(h.quantity) })),
      created_at: r.createdAt,
    };
  });
}

function batchSelect(db: TenantDb) {
  return db
    .select({
      id: batches.id,
      variantId: batches.variantId,
      sku: variants.sku,
      label: variants.label,
      number: batches.number,
      barcode: batches.barcode,
      expirationDate: batches.expirationDate,
      createdAt: batches.createdAt,
    })
    .from(batches)
    .innerJoin(variants, eq(variants.id, batches.variantId))
    .$dynamic();
}

export const batchListRegistry = defineListRegistry({
  primaryKey: batches.id,
  defaultSort: [{ by: "number", direction: "asc" }],
  fields: {
    id: { type: "id", column: batches.id },
    variant_id: { type: "id", column: batches.variantId },
    product_id: { type: "id", column: variants.productId },
    number: { type: "text", column: batches.number, sortable: true },
    barcode: { type: "text", column: batches.barcode },
    expiration_date: { type: "date", column: batches.expirationDate, sortable: true },
    sku: { type: "text", column: variants.sku, sortColumn: sql`${variants.sku} collate nocase`, sortable: true },
    created: { type: "number", column: batches.createdAt, sortable: true },
  },
  search: (text: string) => likePrefix(batches.number, text),
});

/** One page of batches: filters variant_id, product_id, number, barcode, expiration_date, created; sort number (default), expiration_date, sku, created. */
export async function listBatches(db: TenantDb, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<BatchView>> {
  const query = parseListQuery(input, batchListRegistry);
  const result = await runList(db, { select: () => batchSelect(db), registry: batchListRegistry, query });
  return { ...result, items: await views(db, result.items) };
}

export async function getBatch(db: TenantDb, rawId: unknown): Promise<BatchView> {
  const id = recordId(rawId);
  const rows = await batchSelect(db).where(eq(batches.id, id));
  if (!rows[0]) throw new DomainError("not_found");
  return (await views(db, rows))[0]!;
}

function duplicate(): DomainError {
  return new DomainError("duplicate_batch", {}, { number: { code: "duplicate_batch" } });
}

async function assertNumberFree(db: TenantDb, variantId: number, number: string, exceptId?: number) {
  const [found] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.variantId, variantId), eq(batches.number, number)))
    .limit(1);
  if (found && found.id !== exceptId) throw duplicate();
}

const isUnique = (error: unknown) => `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`.includes("UNIQUE");

/** A batch of a batch-tracked variant; its number is unique for the variant (`duplicate_batch`, 409). */
export async function createBatch(db: TenantDb, raw: unknown): Promise<BatchView> {
  const input = parseInput(CreateBatchInput, raw);
  const [variant] = await db
    .select({ id: variants.id, batchTracked: variants.batchTracked })
    .from(variants)
    .where(eq(variants.id, input.variant_id))
    .limit(1);
  if (!variant) throw fieldError("variant_id", "unknown_variant");
  if (!variant.batchTracked) throw fieldError("variant_id", "not_batch_tracked");
  await assertNumberFree(db, variant.id, input.number);
  try {
    const [created] = await db
      .insert(batches)
      .values({
        variantId: variant.id,
        number: input.number,
        barcode: input.barcode ?? null,
        expirationDate: input.expiration_date ?? null,
      })
      .returning({ id: batches.id });
    return getBatch(db, created!.id);
  } catch (error) {
    if (isUnique(error)) throw duplicate();
    throw error;
  }
}

/** Changes a batch; a new expiration date makes an expired batch usable again. */
export async function updateBatch(db: TenantDb, rawId: unknown, raw: unknown): Promise<BatchView> {
  const id = recordId(rawId);
  const [current] = await db.select().from(batches).where(eq(batches.id, id)).limit(1);
  if (!current) throw new DomainError("not_found");
  const input = parseInput(UpdateBatchInput, raw);
  if (input.number !== undefined && input.number !== current.number) await assertNumberFree(db, current.variantId, input.number, id);
  const changes = {
    ...(input.number !== undefined ? { number: input.number } : {}),
    ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
    ...(input.expiration_date !== undefined ? { expirationDate: input.expiration_date } : {}),
  };
  if (Object.keys(changes).length)
    try {
      await db.update(batches).set(changes).where(eq(batches.id, id));
    } catch (error) {
      if (isUnique(error)) throw duplicate();
      throw error;
    }
  return getBatch(db, id);
}

export interface UnallocatedBatchStock {
  batch_id: number;
  number: string;
  variant_id: number;
  sku: string;
  label: string;
  location_id: number;
  location: { id: number; label: string };
  quantity: string;
}

/**
 * The report of unallocated negative batch stock (domain spec §5): batches holding less than
 * nothing in a location, i.e. units taken from a batch that never had them (possible only where
 * negative stock is allowed). Each needs units allocated to it, by an entry or a count.
 */
export async function listUnallocatedBatchStock(db: TenantDb): Promise<{ items: UnallocatedBatchStock[] }> {
  const rows = await db
    .select({
      batchId: batchStock.batchId,
      number: batches.number,
      variantId: batches.variantId,
      sku: variants.sku,
      label: variants.label,
      locationId: batchStock.locationId,
      locationLabel: locations.label,
      quantity: batchStock.quantity,
    })
    .from(batchStock)
    .innerJoin(batches, eq(batches.id, batchStock.batchId))
    .innerJoin(variants, eq(variants.id, batches.variantId))
    .innerJoin(locations, eq(locations.id, batchStock.locationId))
    .where(lt(batchStock.quantity, 0))
    .orderBy(sql`${variants.sku} collate nocase`, asc(batches.number), asc(locations.label))
    .limit(10_000);
  return {
    items: rows.map((r) => ({
      batch_id: r.batchId,
      number: r.number,
      variant_id: r.variantId,
      sku: r.sku,
      label: r.label,
      location_id: r.locationId,
      location: { id: r.locationId, label: r.locationLabel },
      quantity: qty(r.quantity),
    })),
  };
}
