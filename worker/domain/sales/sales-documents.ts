import { and, asc, eq, getTableColumns, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { keptReads, keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import type { AddressSnapshot, SalesDocumentType } from "../../../db/schema/tenant/sales";
import { DOCUMENT_ACCESS, type DocumentAccess } from "../documents/document-types";
import { listDocuments, type DocumentListSource } from "../documents/list-documents";
import { doneByLineOf, doneByLineQuery, type DoneByLine } from "../documents/done-by-line";
import { GRAMS_SCALE } from "../products/weights";
import { DomainError } from "../shared/domain-error";
import { recordId } from "../shared/input";
import { defineListRegistry, likePrefix } from "../shared/list-query-sql";
import { Decimal } from "../shared/decimal";
import { currencyDecimals, PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { readable, storedDecimal } from "../shared/stored-figures";
import { EXCHANGE_RATE_SCALE } from "../products/prices-of-variants";

export { SALES_DOCUMENT_TYPES, type SalesDocumentType } from "../../../db/schema/tenant/sales";

/** What the sales document verbs share: permissions, how a document is read and listed. */

const { salesDocuments, salesDocumentLines, salesLineBatches, batches, customers, locations } = tenantSchema;

/** What reading and changing each type asks (platform spec §6): the document types' own rows. */
export const SALES_ACCESS: Record<SalesDocumentType, DocumentAccess> = DOCUMENT_ACCESS;

export interface SalesLineView {
  id: number;
  lid: string;
  kind: string;
  component_of_lid: string | null;
  variant_id: number | null;
  pack_id: number | null;
  /** A pack line's pack as priced ("Lot de 6"): quantity counts packs, units = quantity × pack_quantity. */
  pack_label: string | null;
  service_id: number | null;
  sku: string | null;
  description: string | null;
  quantity: string;
  units: string;
  pack_quantity: string;
  price: string;
  cost: string;
  discount: string;
  discount_type: "percentage" | "amount";
  discount_amount: string;
  taxes: { id: number; rate: string; amount: string }[];
  tax_amount: string;
  ecotax: string;
  weight: string;
  total: string;
  total_excl_tax: string;
  total_incl_tax: string;
  /** Sales orders: what remains to ship of the line (shipping orders not cancelled count); null elsewhere. */
  remaining_to_ship: string | null;
  /** Sales orders: what remains to invoice of the line (invoices not cancelled nor voided count, drafts too); null elsewhere. */
  remaining_to_invoice: string | null;
  /** Shipping orders: the batches the line's units come from; null elsewhere. */
  batches: { batch_id: number; number: string; quantity: string }[] | null;
}

export interface SalesDocumentView {
  id: number;
  type: SalesDocumentType;
  /** Empty only for an invoice not finalised yet, whose own view says null (invoices/invoice-views.ts). */
  number: string;
  label: string | null;
  status: string;
  payment_status: string | null;
  shipping_status: string | null;
  customer_id: number;
  customer: { id: number; label: string };
  location_id: number;
  location: { id: number; label: string };
  date: string;
  expiration_date: string | null;
  shipping_date: string | null;
  delivery_type: "stock_location" | "drop_shipping";
  currency: string;
  exchange_rate: string;
  price_level_id: number | null;
  tax_model: "us" | "global";
  tax_type: "tax_exclusive" | "tax_inclusive";
  tax_priority: "product" | "document";
  global_discount: string;
  global_discount_type: "percentage" | "amount";
  global_discount_amount: string;
  shipping_cost: string;
  shipping_tax_amount: string;
  /** Each simple tax of the shipping. */
  shipping_taxes: { id: number; rate: string; amount: string }[];
  document_tax_ids: number[];
  subtotal: string;
  total_excl_tax: string;
  tax_total: string;
  total: string;
  total_units: string;
  total_ecotax: string;
  total_weight: string;
  billing_address: AddressSnapshot | null;
  shipping_address: AddressSnapshot | null;
  for_the_attention_of: string | null;
  external_reference: string | null;
  notes: string | null;
  internal_notes: string | null;
  terms: string | null;
  created_from_id: number | null;
  committed: boolean;
  user_id: string | null;
  created_at: number;
  updated_at: number;
  lines?: SalesLineView[];
}

/** A document's columns as read: its figures through `readable`, so that one stored past the bounds cannot fail a read (decision 036). */
export const documentColumns = {
  ...getTableColumns(salesDocuments),
  exchangeRate: readable(salesDocuments.exchangeRate),
  globalDiscount: readable(salesDocuments.globalDiscount),
  shippingCost: readable(salesDocuments.shippingCost),
  subtotal: readable(salesDocuments.subtotal),
  globalDiscountAmount: readable(salesDocuments.globalDiscountAmount),
  shippingTaxAmount: readable(salesDocuments.shippingTaxAmount),
  totalExclTax: readable(salesDocuments.totalExclTax),
  taxTotal: readable(salesDocuments.taxTotal),
  total: readable(salesDocuments.total),
  totalUnits: readable(salesDocuments.totalUnits),
  totalEcotax: readable(salesDocuments.totalEcotax),
  totalWeight: readable(salesDocuments.totalWeight),
};

/** A line's columns as read, its figures through `readable` too. */
export const lineColumns = {
  ...getTableColumns(salesDocumentLines),
  quantity: readable(salesDocumentLines.quantity),
  units: readable(salesDocumentLines.units),
  committedUnits: readable(salesDocumentLines.committedUnits),
  packQuantity: readable(salesDocumentLines.packQuantity),
  requiredQuantity: readable(salesDocumentLines.requiredQuantity) as SQL<number | string | null>,
  price: readable(salesDocumentLines.price),
  cost: readable(salesDocumentLines.cost),
  discount: readable(salesDocumentLines.discount),
  taxAmount: readable(salesDocumentLines.taxAmount),
  ecotax: readable(salesDocumentLines.ecotax),
  weight: readable(salesDocumentLines.weight),
  discountAmount: readable(salesDocumentLines.discountAmount),
  total: readable(salesDocumentLines.total),
  totalExclTax: readable(salesDocumentLines.totalExclTax),
  totalInclTax: readable(salesDocumentLines.totalInclTax),
};

export function summarySelect(db: TenantDb) {
  return db
    .select({ doc: documentColumns, customerLabel: customers.label, locationLabel: locations.label })
    .from(salesDocuments)
    .innerJoin(customers, eq(customers.id, salesDocuments.customerId))
    .innerJoin(locations, eq(locations.id, salesDocuments.locationId))
    .$dynamic();
}

export type SummaryRow = Awaited<ReturnType<typeof summarySelect>>[number];

type Stored = number | string;

/** Money at the currency's decimals (amounts are stored at 4, already rounded by the line engine). */
const moneyIn = (currency: string) => (units: Stored) => storedDecimal(units, PRICE_SCALE).round(currencyDecimals(currency)).toString();
const at = (scale: number) => (units: Stored) => storedDecimal(units, scale).toString();
const qty = at(QUANTITY_SCALE);
const price = at(PRICE_SCALE);

export function summaryView({ doc: d, customerLabel, locationLabel }: SummaryRow): SalesDocumentView {
  const money = moneyIn(d.currency);
  return {
    id: d.id,
    type: d.type,
    // Only an invoice never finalised has none (its own view gives null).
    number: d.number ?? "",
    label: d.label,
    status: d.status,
    payment_status: d.paymentStatus,
    shipping_status: d.shippingStatus,
    customer_id: d.customerId,
    customer: { id: d.customerId, label: customerLabel },
    location_id: d.locationId,
    location: { id: d.locationId, label: locationLabel },
    date: d.date,
    expiration_date: d.expirationDate,
    shipping_date: d.shippingDate,
    delivery_type: d.deliveryType,
    currency: d.currency,
    exchange_rate: at(EXCHANGE_RATE_SCALE)(d.exchangeRate),
    price_level_id: d.priceLevelId,
    tax_model: d.taxModel,
    tax_type: d.taxType,
    tax_priority: d.taxPriority,
    global_discount: storedDecimal(d.globalDiscount, PRICE_SCALE).round(2).toString(),
    global_discount_type: d.globalDiscountType,
    global_discount_amount: money(d.globalDiscountAmount),
    shipping_cost: money(d.shippingCost),
    shipping_tax_amount: money(d.shippingTaxAmount),
    shipping_taxes: d.shippingTaxes ?? [],
    document_tax_ids: d.documentTaxIds ?? [],
    subtotal: money(d.subtotal),
    total_excl_tax: money(d.totalExclTax),
    tax_total: money(d.taxTotal),
    total: money(d.total),
    total_units: qty(d.totalUnits),
    total_ecotax: money(d.totalEcotax),
    total_weight: at(GRAMS_SCALE)(d.totalWeight),
    billing_address: d.billingAddress ?? null,
    shipping_address: d.shippingAddress ?? null,
    for_the_attention_of: d.forTheAttentionOf,
    external_reference: d.externalReference,
    notes: d.notes,
    internal_notes: d.internalNotes,
    terms: d.terms,
    created_from_id: d.createdFromId,
    committed: d.committed,
    user_id: d.userId,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

const linesQuery = (db: TenantDb, documentId: number | SQLWrapper) =>
  db
    .select(lineColumns)
    .from(salesDocumentLines)
    .where(eq(salesDocumentLines.documentId, documentId))
    .orderBy(asc(salesDocumentLines.position));

// The batches a shipping order's lines take their units from.
const lineBatchesQuery = (db: TenantDb, documentId: number | SQLWrapper) =>
  db
    .select({ lineId: salesLineBatches.lineId, batchId: batches.id, number: batches.number, quantity: salesLineBatches.quantity })
    .from(salesLineBatches)
    .innerJoin(salesDocumentLines, eq(salesDocumentLines.id, salesLineBatches.lineId))
    .innerJoin(batches, eq(batches.id, salesLineBatches.batchId))
    .where(eq(salesDocumentLines.documentId, documentId))
    .orderBy(asc(salesLineBatches.id));

/** What remains of a line: its quantity less what was done (shipped, invoiced), never below 0. */
function remaining(quantity: Stored, done: number): string {
  const left = storedDecimal(quantity, QUANTITY_SCALE).sub(storedDecimal(done, QUANTITY_SCALE));
  return (left.isNegative() ? Decimal.zero(QUANTITY_SCALE) : left).toString();
}

function lineViews(
  rows: Awaited<ReturnType<typeof linesQuery>>,
  currency: string,
  done: DoneByLine | null,
  taken: Awaited<ReturnType<typeof lineBatchesQuery>> | null,
): SalesLineView[] {
  const money = moneyIn(currency);
  return rows.map((l) => ({
    id: l.id,
    lid: l.lid,
    kind: l.kind,
    component_of_lid: l.componentOfLid,
    variant_id: l.variantId,
    pack_id: l.packId,
    pack_label: l.packLabel,
    service_id: l.serviceId,
    sku: l.sku,
    description: l.description,
    quantity: qty(l.quantity),
    units: qty(l.units),
    pack_quantity: qty(l.packQuantity),
    price: price(l.price),
    cost: price(l.cost),
    discount: storedDecimal(l.discount, PRICE_SCALE).round(2).toString(),
    discount_type: l.discountType,
    discount_amount: money(l.discountAmount),
    taxes: l.taxes,
    tax_amount: money(l.taxAmount),
    ecotax: money(l.ecotax),
    weight: at(GRAMS_SCALE)(l.weight),
    total: money(l.total),
    total_excl_tax: money(l.totalExclTax),
    total_incl_tax: money(l.totalInclTax),
    remaining_to_ship: done && l.kind !== "text" && l.kind !== "service" ? remaining(l.quantity, done.done("ship", l.id)) : null,
    // A kit's components are billed with their kit.
    remaining_to_invoice: done && l.kind !== "text" && l.componentOfLid === null ? remaining(l.quantity, done.done("invoice", l.id)) : null,
    batches: taken
      ? taken.filter((b) => b.lineId === l.id).map((b) => ({ batch_id: b.batchId, number: b.number, quantity: qty(b.quantity) }))
      : null,
  }));
}

/** What the estimate and sales order lists filter and sort on (the list query engine). */
export const salesDocumentListRegistry = defineListRegistry({
  primaryKey: salesDocuments.id,
  defaultSort: [{ by: "id", direction: "desc" }],
  fields: {
    id: { type: "id", column: salesDocuments.id, sortable: true },
    number: { type: "text", column: salesDocuments.number, sortable: true },
    date: { type: "date", column: salesDocuments.date, sortable: true },
    status: { type: "text", column: salesDocuments.status },
    customer_id: { type: "id", column: salesDocuments.customerId },
    location_id: { type: "id", column: salesDocuments.locationId },
    // The shipping orders of one sales order.
    created_from_id: { type: "id", column: salesDocuments.createdFromId },
    total: { type: "number", column: salesDocuments.total, sortable: true },
    created: { type: "number", column: salesDocuments.createdAt, sortable: true },
  },
  search: (text: string) => likePrefix(salesDocuments.number, text),
});

// Quantities shipped (or on their way) and invoiced per sales order line: what its children did so far (documents/done-by-line.ts).
const shippedQuery = (db: TenantDb, orderId: number | SQLWrapper) => doneByLineQuery(db, orderId);

// A document's reads, built once per isolate (keptReads): every document page, API read and write answer sends them.
const documentReads = keptReads((db: TenantDb) => {
  const id = sql.placeholder("id");
  return [
    summarySelect(db).where(and(eq(salesDocuments.id, id), eq(salesDocuments.type, sql.placeholder("type")))),
    shippedQuery(db, id),
    linesQuery(db, id),
    lineBatchesQuery(db, id),
  ] as const;
});
const writtenReads = keptReads((db: TenantDb) => {
  const id = sql.placeholder("id");
  return [summarySelect(db).where(eq(salesDocuments.id, id)), linesQuery(db, id)] as const;
});

/** Whether shipping orders (cancelled or not) were made from an order. */
export async function hasShipments(db: TenantDb, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: salesDocuments.id })
    .from(salesDocuments)
    .where(and(eq(salesDocuments.type, "shipping_order"), eq(salesDocuments.createdFromId, orderId)))
    .limit(1);
  return row !== undefined;
}

// Built once per isolate (keptSelect): every change of a document reads it first.
const savedDocument = keptSelect((db: TenantDb) =>
  db
    .select(documentColumns)
    .from(salesDocuments)
    .where(and(eq(salesDocuments.id, sql.placeholder("id")), eq(salesDocuments.type, sql.placeholder("type"))))
    .limit(1),
);

/** The saved document of a type an id names, as stored. */
export async function savedSalesDocument(db: TenantDb, type: SalesDocumentType, rawId: unknown) {
  const [doc] = await savedDocument(db, { id: recordId(rawId), type });
  if (!doc) throw new DomainError("not_found");
  return doc;
}

/** A saved document as the verbs read it (its figures as `readable` gives them). */
export type SavedSalesDocument = Awaited<ReturnType<typeof savedSalesDocument>>;

/** A document of a type with its lines, as the API and the pages show it. */
export async function readSalesDocument(db: TenantDb, type: SalesDocumentType, rawId: unknown): Promise<SalesDocumentView> {
  return (await readSalesDocumentRow(db, type, rawId)).view;
}

/** A document's view and its row as stored, for a type whose own view adds its columns (an invoice's). */
export async function readSalesDocumentRow(
  db: TenantDb,
  type: SalesDocumentType,
  rawId: unknown,
): Promise<{ view: SalesDocumentView; doc: SavedSalesDocument }> {
  // One round trip: the document, what its lines shipped (orders), its lines and their batches (shipping orders).
  const [[row], shipped, lines, taken] = await db.batch(documentReads(db, { id: recordId(rawId), type }));
  if (!row) throw new DomainError("not_found");
  const view = {
    ...summaryView(row),
    lines: lineViews(
      lines,
      row.doc.currency,
      type === "sales_order" ? doneByLineOf(shipped) : null,
      type === "shipping_order" ? taken : null,
    ),
  };
  return { view, doc: row.doc };
}

/**
 * The reads of a document its write batch has just made (estimate or order: nothing shipped yet),
 * put at the end of that batch so that the answer costs no round trip of its own; `id` names it in SQL.
 */
export function writtenSalesDocumentReads(db: TenantDb, id: SQL) {
  return writtenReads(db, { id });
}

/** The view of a document from the rows `writtenSalesDocumentReads` gave. */
export function writtenSalesDocumentView(rows: readonly unknown[], type: SalesDocumentType): SalesDocumentView {
  const [[row], lines] = rows as [SummaryRow[], Awaited<ReturnType<typeof linesQuery>>];
  if (!row) throw new DomainError("not_found");
  return { ...summaryView(row), lines: lineViews(lines, row.doc.currency, type === "sales_order" ? doneByLineOf([]) : null, null) };
}

/** How a type's sales documents are listed (`listDocuments`). */
export const SALES_DOCUMENT_LIST: DocumentListSource<SummaryRow, SalesDocumentView> = {
  registry: salesDocumentListRegistry,
  type: salesDocuments.type,
  select: summarySelect,
  view: summaryView,
};

/** One page of a type's documents: filters number, date, status, customer_id, location_id, created_from_id, total, created; sort -id (default), number, date, total, created; search on the number's start. */
export const listOfType = (db: TenantDb, type: SalesDocumentType, rawQuery: URLSearchParams | Record<string, unknown>) =>
  listDocuments(db, SALES_DOCUMENT_LIST, type, rawQuery);
