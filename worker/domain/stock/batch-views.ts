import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { defineListRegistry, likePrefix } from "../shared/list-query-sql";
import { qty, recordId, todayIn } from "./common";

/** What the batch verbs share: the view of a batch, its list's fields, and the unique number check. */

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

async function today(db: TenantDb): Promise<string> {
  const [settings] = await db.select({ timezone: companySettings.timezone }).from(companySettings).limit(1);
  return todayIn(settings?.timezone ?? "UTC");
}

export async function views(
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

export function batchSelect(db: TenantDb) {
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

/** The batch a caller's id names, as shown. */
export async function readBatch(db: TenantDb, rawId: unknown): Promise<BatchView> {
  const id = recordId(rawId);
  const rows = await batchSelect(db).where(eq(batches.id, id));
  if (!rows[0]) throw new DomainError("not_found");
  return (await views(db, rows))[0]!;
}

export function duplicate(): DomainError {
  return new DomainError("duplicate_batch", {}, { number: { code: "duplicate_batch" } });
}

export async function assertNumberFree(db: TenantDb, variantId: number, number: string, exceptId?: number) {
  const [found] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.variantId, variantId), eq(batches.number, number)))
    .limit(1);
  if (found && found.id !== exceptId) throw duplicate();
}

export const isUnique = (error: unknown) => `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`.includes("UNIQUE");
