import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { AddressSnapshot } from "../../../db/schema/tenant/sales";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { listDocuments, type DocumentListSource } from "../documents/list-documents";
import { statusesOf, type StatusOf } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { recordId } from "../shared/input";
import { defineListRegistry, likePrefix, type ListResult } from "../shared/list-query-sql";
import { currencyDecimals, PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";

/** Purchase orders as the API, the pages and the PDF read them (decision 045). */

const { purchaseOrders, purchaseOrderLines, suppliers, locations, variants, stockDocuments } = tenantSchema;

export type PurchaseOrderStatus = StatusOf<"purchase_order">;

export interface PurchaseOrderLineView {
  id: number;
  lid: string;
  kind: "variant" | "pack" | "service" | "text";
  variant_id: number | null;
  pack_id: number | null;
  pack_label: string | null;
  service_id: number | null;
  sku: string | null;
  description: string | null;
  /** In the line's unit (packs for a pack line). */
  quantity: string;
  /** Variant units ordered, received, and still to receive. */
  units: string;
  received_units: string;
  remaining_units: string;
  /** Whether the goods are received into stock (a variant whose inventory is tracked). */
  stocked: boolean;
  /** Whether each receipt names its batch (a batch-tracked variant). */
  batch_tracked: boolean;
  price: string;
  discount: string;
  discount_type: "percentage" | "amount";
  taxes: { id: number; rate: string; amount: string }[];
  tax_amount: string;
  total: string;
}

export interface PurchaseOrderView {
  id: number;
  type: "purchase_order";
  number: string;
  label: string | null;
  supplier_id: number;
  supplier: { id: number; label: string; email: string | null };
  location_id: number;
  location: { id: number; label: string };
  date: string;
  expected_date: string | null;
  status: PurchaseOrderStatus;
  currency: string;
  exchange_rate: string;
  tax_type: "tax_exclusive" | "tax_inclusive";
  supplier_reference: string | null;
  notes: string | null;
  internal_notes: string | null;
  billing_address: AddressSnapshot | null;
  shipping_address: AddressSnapshot | null;
  global_discount: string;
  global_discount_type: "percentage" | "amount";
  shipping_cost: string;
  subtotal: string;
  global_discount_amount: string;
  shipping_tax_amount: string;
  /** Each simple tax of the shipping, as the line engine gave it (the PDF's tax summary adds it to the lines'). */
  shipping_taxes: { id: number; rate: string; amount: string }[];
  total_excl_tax: string;
  tax_total: string;
  total: string;
  total_units: string;
  /** Variant units received so far and still to receive (lines received into stock). */
  received_units: string;
  remaining_units: string;
  lines?: PurchaseOrderLineView[];
  user_id: string | null;
  created_at: number;
  updated_at: number;
}

export function purchaseOrderSelect(db: TenantDb) {
  return db
    .select({
      doc: purchaseOrders,
      supplierLabel: suppliers.name,
      supplierEmail: suppliers.email,
      locationLabel: locations.label,
      received: sql<number>`(select coalesce(sum(received_units), 0) from purchase_order_lines l where l.document_id = ${purchaseOrders.id} and l.kind in ('variant', 'pack'))`,
      remaining: sql<number>`(select coalesce(sum(max(0, units - received_units)), 0) from purchase_order_lines l where l.document_id = ${purchaseOrders.id} and l.kind in ('variant', 'pack'))`,
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .innerJoin(locations, eq(locations.id, purchaseOrders.locationId))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof purchaseOrderSelect>>[number];

function purchaseOrderLinesQuery(db: TenantDb, documentId: SQL) {
  return db
    .select({ line: purchaseOrderLines, batchTracked: sql<number | null>`${variants.batchTracked}` })
    .from(purchaseOrderLines)
    .leftJoin(variants, eq(variants.id, purchaseOrderLines.variantId))
    .where(eq(purchaseOrderLines.documentId, documentId))
    .orderBy(asc(purchaseOrderLines.position));
}
type LineRow = Awaited<ReturnType<typeof purchaseOrderLinesQuery>>[number];

const units = (v: number | string) => storedDecimal(v, QUANTITY_SCALE).toString();

export function purchaseOrderView(r: Row, lines?: readonly LineRow[]): PurchaseOrderView {
  const d = r.doc;
  const money = (v: number) => storedDecimal(v, PRICE_SCALE).round(currencyDecimals(d.currency)).toString();
  return {
    id: d.id,
    type: "purchase_order",
    number: d.number,
    label: d.label,
    supplier_id: d.supplierId,
    supplier: { id: d.supplierId, label: r.supplierLabel, email: r.supplierEmail },
    location_id: d.locationId,
    location: { id: d.locationId, label: r.locationLabel },
    date: d.date,
    expected_date: d.expectedDate,
    status: d.status as PurchaseOrderStatus,
    currency: d.currency,
    exchange_rate: storedDecimal(d.exchangeRate, 8).toString(),
    tax_type: d.taxType,
    supplier_reference: d.supplierReference,
    notes: d.notes,
    internal_notes: d.internalNotes,
    billing_address: d.billingAddress,
    shipping_address: d.shippingAddress,
    global_discount: storedDecimal(d.globalDiscount, PRICE_SCALE).toString(),
    global_discount_type: d.globalDiscountType,
    shipping_cost: money(d.shippingCost),
    subtotal: money(d.subtotal),
    global_discount_amount: money(d.globalDiscountAmount),
    shipping_tax_amount: money(d.shippingTaxAmount),
    shipping_taxes: d.shippingTaxes,
    total_excl_tax: money(d.totalExclTax),
    tax_total: money(d.taxTotal),
    total: money(d.total),
    total_units: units(d.totalUnits),
    received_units: units(r.received),
    remaining_units: units(r.remaining),
    ...(lines
      ? {
          lines: lines.map(({ line: l, batchTracked }) => ({
            id: l.id,
            lid: l.lid,
            kind: l.kind,
            variant_id: l.variantId,
            pack_id: l.packId,
            pack_label: l.packLabel,
            service_id: l.serviceId,
            sku: l.sku,
            description: l.description,
            quantity: units(l.quantity),
            units: units(l.units),
            received_units: units(l.receivedUnits),
            remaining_units: units(l.kind === "variant" || l.kind === "pack" ? Math.max(0, l.units - l.receivedUnits) : 0),
            stocked: l.stocked,
            batch_tracked: Boolean(batchTracked),
            price: storedDecimal(l.price, PRICE_SCALE).toString(),
            discount: storedDecimal(l.discount, PRICE_SCALE).toString(),
            discount_type: l.discountType,
            taxes: l.taxes,
            tax_amount: money(l.taxAmount),
            total: money(l.total),
          })),
        }
      : {}),
    user_id: d.userId,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

/** A saved order as the verbs read it: the row and its lines, in one round trip. */
export async function savedPurchaseOrder(db: TenantDb, rawId: unknown) {
  const id = recordId(rawId);
  const [[doc], lines] = await db.batch([
    db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)),
    db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.documentId, id)).orderBy(asc(purchaseOrderLines.position)),
  ]);
  if (!doc) throw new DomainError("not_found");
  return { doc, lines };
}
export type SavedPurchaseOrder = Awaited<ReturnType<typeof savedPurchaseOrder>>;

/** One purchase order with its lines (not_found when there is none). */
export async function readPurchaseOrder(db: TenantDb, rawId: unknown): Promise<PurchaseOrderView> {
  const id = recordId(rawId);
  const [rows, lines] = await db.batch([purchaseOrderSelect(db).where(eq(purchaseOrders.id, id)), purchaseOrderLinesQuery(db, sql`${id}`)]);
  if (!rows[0]) throw new DomainError("not_found");
  return purchaseOrderView(rows[0], lines);
}

/** The reads of an order its write batch has just made, at the end of that batch. */
export function writtenPurchaseOrderReads(db: TenantDb, id: SQL) {
  return [purchaseOrderSelect(db).where(eq(purchaseOrders.id, id)), purchaseOrderLinesQuery(db, id)] as const;
}

export function writtenPurchaseOrderView(rows: readonly unknown[]): PurchaseOrderView {
  const [[row], lines] = rows as [Row[], LineRow[]];
  if (!row) throw new DomainError("not_found");
  return purchaseOrderView(row, lines);
}

export async function getPurchaseOrder(ctx: Ctx, input: { id: unknown }): Promise<PurchaseOrderView> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.read);
  return readPurchaseOrder(ctx.db, input.id);
}

/** What the purchase order list filters and sorts on. */
export const purchaseOrderListRegistry = defineListRegistry({
  primaryKey: purchaseOrders.id,
  defaultSort: [{ by: "id", direction: "desc" }],
  fields: {
    id: { type: "id", column: purchaseOrders.id, sortable: true },
    number: { type: "text", column: purchaseOrders.number, sortable: true },
    date: { type: "date", column: purchaseOrders.date, sortable: true },
    expected_date: { type: "date", column: purchaseOrders.expectedDate, sortable: true },
    status: { type: "enum", column: purchaseOrders.status, values: statusesOf("purchase_order") },
    supplier_id: { type: "id", column: purchaseOrders.supplierId },
    location_id: { type: "id", column: purchaseOrders.locationId },
    total: { type: "number", column: purchaseOrders.total, sortable: true },
    created: { type: "number", column: purchaseOrders.createdAt, sortable: true },
  },
  search: (text: string) => likePrefix(purchaseOrders.number, text),
});

const PURCHASE_ORDER_LIST: DocumentListSource<Row, PurchaseOrderView> = {
  registry: purchaseOrderListRegistry,
  type: purchaseOrders.type,
  select: purchaseOrderSelect,
  view: (row) => purchaseOrderView(row),
};

/** One page of purchase orders: filters number, date, expected_date, status, supplier_id, location_id, total, created. */
export async function listPurchaseOrders(
  ctx: Ctx,
  query: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<PurchaseOrderView>> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.view);
  return listDocuments(ctx.db, PURCHASE_ORDER_LIST, "purchase_order", query);
}

/** What the purchase order form offers: the active suppliers and locations, in one round trip. */
export async function purchaseOrderFormChoices(
  ctx: Ctx,
): Promise<{ suppliers: { id: number; label: string }[]; locations: { id: number; label: string }[] }> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.edit);
  const { db } = ctx;
  const [supplierRows, locationRows] = await db.batch([
    db.select({ id: suppliers.id, label: suppliers.name }).from(suppliers).where(eq(suppliers.active, true)).orderBy(asc(suppliers.name)),
    db.select({ id: locations.id, label: locations.label }).from(locations).where(eq(locations.active, true)).orderBy(asc(locations.label)),
  ]);
  return { suppliers: supplierRows, locations: locationRows };
}

/** A purchase order's page: the order with its lines and its deliveries (newest first), in one call. */
export async function purchaseOrderPage(ctx: Ctx, input: { id: unknown }) {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.read);
  const order = await readPurchaseOrder(ctx.db, input.id);
  const deliveries = await ctx.db
    .select({ id: stockDocuments.id, number: stockDocuments.number, date: stockDocuments.date, status: stockDocuments.status })
    .from(stockDocuments)
    .where(and(eq(stockDocuments.type, "delivery"), eq(stockDocuments.purchaseOrderId, order.id)))
    .orderBy(desc(stockDocuments.id));
  return { order, deliveries: deliveries.map((d) => ({ ...d, status: (d.status ?? "delivered") as "delivered" | "cancelled" })) };
}
