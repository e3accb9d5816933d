import { and, asc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { keptReads, tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { defineListRegistry, likePrefix } from "../shared/list-query-sql";
import { fromScaledInteger, PRICE_SCALE } from "../shared/money";
import { qty, recordId } from "./common";
import type { StockDocumentType } from "./stock-rules";

const { stockDocuments, stockDocumentLines, locations, variants, packs, batches } = tenantSchema;

export interface StockDocumentLineView {
  id: number;
  variant_id: number;
  sku: string;
  label: string;
  pack_id: number | null;
  pack_label: string | null;
  batch_id: number | null;
  batch_number: string | null;
  quantity: string;
  unit_cost: string | null;
}

export interface StockDocumentView {
  id: number;
  type: StockDocumentType;
  number: string;
  location_id: number;
  location: { id: number; label: string };
  arrival_location_id: number | null;
  arrival_location: { id: number; label: string } | null;
  date: string;
  notes: string | null;
  /** Deliveries: the purchase order received and the delivery's status (delivered or cancelled); null for other kinds. */
  purchase_order_id: number | null;
  status: "delivered" | "cancelled" | null;
  user_id: string | null;
  lines_count: number;
  total_quantity: string;
  lines?: StockDocumentLineView[];
  created_at: number;
  updated_at: number;
}

const arrival = alias(locations, "arrival");

export function summarySelect(db: TenantDb) {
  return db
    .select({
      id: stockDocuments.id,
      type: stockDocuments.type,
      number: stockDocuments.number,
      locationId: stockDocuments.locationId,
      locationLabel: locations.label,
      arrivalLocationId: stockDocuments.arrivalLocationId,
      arrivalLabel: arrival.label,
      date: stockDocuments.date,
      notes: stockDocuments.notes,
      purchaseOrderId: stockDocuments.purchaseOrderId,
      status: stockDocuments.status,
      userId: stockDocuments.userId,
      linesCount: sql<number>`(select count(*) from ${stockDocumentLines} where ${stockDocumentLines.documentId} = ${stockDocuments.id})`,
      totalQuantity: sql<number>`(select coalesce(sum(${stockDocumentLines.quantity}), 0) from ${stockDocumentLines} where ${stockDocumentLines.documentId} = ${stockDocuments.id})`,
      createdAt: stockDocuments.createdAt,
      updatedAt: stockDocuments.updatedAt,
    })
    .from(stockDocuments)
    .innerJoin(locations, eq(locations.id, stockDocuments.locationId))
    .leftJoin(arrival, eq(arrival.id, stockDocuments.arrivalLocationId))
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<typeof summarySelect>>[number];

export function summaryView(r: SummaryRow): StockDocumentView {
  return {
    id: r.id,
    type: r.type,
    number: r.number,
    location_id: r.locationId,
    location: { id: r.locationId, label: r.locationLabel },
    arrival_location_id: r.arrivalLocationId,
    arrival_location: r.arrivalLocationId !== null ? { id: r.arrivalLocationId, label: r.arrivalLabel ?? "" } : null,
    date: r.date,
    notes: r.notes,
    purchase_order_id: r.purchaseOrderId,
    status: r.status as StockDocumentView["status"],
    user_id: r.userId,
    lines_count: Number(r.linesCount),
    total_quantity: qty(Number(r.totalQuantity)),
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

function linesQuery(db: TenantDb, documentId: SQL | Placeholder) {
  return db
    .select({
      id: stockDocumentLines.id,
      variantId: stockDocumentLines.variantId,
      sku: variants.sku,
      label: variants.label,
      packId: stockDocumentLines.packId,
      packLabel: packs.label,
      batchId: stockDocumentLines.batchId,
      batchNumber: batches.number,
      quantity: stockDocumentLines.quantity,
      unitCost: stockDocumentLines.unitCost,
    })
    .from(stockDocumentLines)
    .innerJoin(variants, eq(variants.id, stockDocumentLines.variantId))
    .leftJoin(packs, eq(packs.id, stockDocumentLines.packId))
    .leftJoin(batches, eq(batches.id, stockDocumentLines.batchId))
    .where(eq(stockDocumentLines.documentId, documentId))
    .orderBy(asc(stockDocumentLines.id));
}

type LineRow = Awaited<ReturnType<typeof linesQuery>>[number];

function lineView(r: LineRow): StockDocumentLineView {
  return {
    id: r.id,
    variant_id: r.variantId,
    sku: r.sku,
    label: r.label,
    pack_id: r.packId,
    pack_label: r.packLabel,
    batch_id: r.batchId,
    batch_number: r.batchNumber,
    quantity: qty(r.quantity),
    unit_cost: r.unitCost === null ? null : fromScaledInteger(r.unitCost, PRICE_SCALE).toString(),
  };
}

/** What the stock document lists filter and sort on (the list query engine). */
export const stockDocumentListRegistry = defineListRegistry({
  primaryKey: stockDocuments.id,
  defaultSort: [{ by: "id", direction: "desc" }],
  fields: {
    id: { type: "id", column: stockDocuments.id, sortable: true },
    number: { type: "text", column: stockDocuments.number, sortable: true },
    date: { type: "date", column: stockDocuments.date, sortable: true },
    location_id: { type: "id", column: stockDocuments.locationId },
    arrival_location_id: { type: "id", column: stockDocuments.arrivalLocationId },
    purchase_order_id: { type: "id", column: stockDocuments.purchaseOrderId },
    created: { type: "number", column: stockDocuments.createdAt, sortable: true },
  },
  search: (text: string) => likePrefix(stockDocuments.number, text),
});

// A document's reads, built once per isolate (keptReads): every read of a document and every write's answer sends them.
const documentReads = keptReads((db: TenantDb) => {
  const id = sql.placeholder("id");
  return [
    summarySelect(db).where(and(eq(stockDocuments.id, id), eq(stockDocuments.type, sql.placeholder("type")))),
    linesQuery(db, id),
  ] as const;
});
const writtenReads = keptReads((db: TenantDb) => {
  const id = sql.placeholder("id");
  return [summarySelect(db).where(eq(stockDocuments.id, id)), linesQuery(db, id)] as const;
});

/** The id a caller gives, as the document of that type it names. */
export async function readStockDocument(db: TenantDb, type: StockDocumentType, rawId: unknown): Promise<StockDocumentView> {
  // One round trip: the document and its lines.
  const [[row], lines] = await db.batch(documentReads(db, { id: recordId(rawId), type }));
  if (!row) throw new DomainError("not_found");
  return { ...summaryView(row), lines: lines.map(lineView) };
}

/**
 * The reads of a document its write batch has just made, put at the end of that batch so that the
 * answer costs no round trip of its own; `id` names it in SQL.
 */
export function writtenStockDocumentReads(db: TenantDb, id: SQL) {
  return writtenReads(db, { id });
}

/** The view of a document from the rows `writtenStockDocumentReads` gave. */
export function writtenStockDocumentView(rows: readonly unknown[]): StockDocumentView {
  const [[row], lines] = rows as [SummaryRow[], LineRow[]];
  if (!row) throw new DomainError("not_found");
  return { ...summaryView(row), lines: lines.map(lineView) };
}
