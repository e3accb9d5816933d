import { and, eq, notInArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { runCascade } from "../documents/cascades";
import { newDocumentNumber, numberChange, numberTaken } from "../documents/numbering";
import { assertVerbMove, entryStatus } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError, FieldIssues, parseInput } from "../shared/input";
import { PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { storedDecimal, storedNumber } from "../shared/stored-figures";
import { pricingFactsFrom, pricingReads, priceFromFacts, type DocumentTerms, type PricedDocument } from "../sales/sales-lines";
import { pricedValues as salesPricedValues } from "../sales/sales-document-writes";
import type { DocumentLine } from "../sales/sales-schemas";
import { todayIn } from "../stock/common";
import { StockBatch } from "../stock/ledger";
import { incomingOf, isOpen, purchaseCascadeDocument, receivingStatus } from "./purchase-stock";
import { CreatePurchaseOrderInput, UpdatePurchaseOrderInput } from "./purchase-order-schemas";
import {
  readPurchaseOrder,
  savedPurchaseOrder,
  writtenPurchaseOrderReads,
  writtenPurchaseOrderView,
  type PurchaseOrderView,
  type SavedPurchaseOrder,
} from "./purchase-order-views";

/**
 * Creating, changing, completing and cancelling purchase orders (decision 045). Each is one batch:
 * the order, its lines and what it adds to (or takes from) the incoming stock at its location.
 */

const { purchaseOrders, purchaseOrderLines } = tenantSchema;

type LineRow = typeof purchaseOrderLines.$inferSelect;
type Fields = ReturnType<typeof parseInput<typeof UpdatePurchaseOrderInput>>;

/** The rows a priced order stores; a kit is not bought as such (its components are). */
function orderLines(priced: PricedDocument, terms: DocumentTerms) {
  const issues = new FieldIssues();
  priced.lines.forEach((l) => {
    if (l.kind !== "kit") return;
    const index = terms.lines.findIndex((x, i) => (x.lid ?? String(i + 1)) === l.lid);
    issues.add(`lines.${index < 0 ? 0 : index}.variant_id`, "kit_not_purchasable");
  });
  issues.throwIfAny();
  return priced.lines
    .filter((l) => l.componentOfLid === null || l.componentOfLid === undefined)
    .map((l, position) => ({
      position,
      lid: l.lid!,
      kind: l.kind as "variant" | "pack" | "service" | "text",
      variantId: l.variantId ?? null,
      packId: l.packId ?? null,
      packLabel: l.packLabel ?? null,
      serviceId: l.serviceId ?? null,
      sku: l.sku ?? null,
      description: l.description ?? null,
      quantity: l.quantity ?? 0,
      units: l.units ?? 0,
      // pricing counts a stocked variant's units as what it would reserve: those are what come into stock.
      stocked: (l.committedUnits ?? 0) > 0,
      packQuantity: l.packQuantity ?? 10_000_000,
      price: l.price ?? 0,
      discount: l.discount ?? 0,
      discountType: l.discountType ?? "percentage",
      discountAmount: l.discountAmount ?? 0,
      taxes: l.taxes ?? [],
      taxAmount: l.taxAmount ?? 0,
      ecotax: l.ecotax ?? 0,
      weight: l.weight ?? 0,
      total: l.total ?? 0,
      totalExclTax: l.totalExclTax ?? 0,
      totalInclTax: l.totalInclTax ?? 0,
    }));
}

/** The priced columns, as sales documents store them, and the supplier's address as the order's. */
function pricedValues(priced: PricedDocument) {
  return { ...salesPricedValues(priced), billingAddress: priced.billingAddress };
}

/** Prices the order's lines for the supplier, in one round trip (plus any reads the caller adds). */
async function price(db: TenantDb, terms: DocumentTerms, extra: readonly ReturnType<TenantDb["select"]>[] = []) {
  const reads = pricingReads(db, terms);
  const rows = await db.batch([...reads, ...(extra as never[])] as never);
  const priced = priceFromFacts(pricingFactsFrom((rows as unknown[]).slice(0, reads.length), terms.party), terms);
  return { priced, lines: orderLines(priced, terms), extra: (rows as unknown[]).slice(reads.length) };
}

const textOf = (fields: Partial<Fields>, saved?: typeof purchaseOrders.$inferSelect) => ({
  label: fields.label !== undefined ? fields.label : (saved?.label ?? null),
  notes: fields.notes !== undefined ? fields.notes : (saved?.notes ?? null),
  internalNotes: fields.internal_notes !== undefined ? fields.internal_notes : (saved?.internalNotes ?? null),
  supplierReference: fields.supplier_reference !== undefined ? fields.supplier_reference : (saved?.supplierReference ?? null),
  expectedDate: fields.expected_date !== undefined ? fields.expected_date : (saved?.expectedDate ?? null),
});

async function runSave(batch: StockBatch, typed: string | null | undefined): Promise<unknown[]> {
  try {
    return await batch.run();
  } catch (error) {
    throw numberTaken("purchase_order", error, typed) ?? error;
  }
}

/**
 * Creates a purchase order: numbered, priced for its supplier (its price level and currency, else
 * the company's purchasing level and default currency, no discount), its stocked units counted as
 * incoming at its location, in one batch that ends with the reads of its answer.
 */
export async function createPurchaseOrder(ctx: Ctx, input: unknown): Promise<PurchaseOrderView> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.edit);
  const fields = parseInput(CreatePurchaseOrderInput, input);
  return insertPurchaseOrder(ctx, fields);
}

/** The write of a new order (the reorder and backorder pages make theirs through it too). */
export async function insertPurchaseOrder(
  ctx: Ctx,
  fields: ReturnType<typeof parseInput<typeof CreatePurchaseOrderInput>>,
): Promise<PurchaseOrderView> {
  const { db } = ctx;
  const terms = termsOf(fields, fields.supplier_id, fields.location_id);
  const { priced, lines } = await price(db, terms);
  const date = fields.date ?? todayIn(priced.timezone, new Date(ctx.now()));
  const numbered = newDocumentNumber(db, "purchase_order", fields.location_id, fields.number);
  const insert = db.insert(purchaseOrders).values({
    ...pricedValues(priced),
    ...textOf(fields),
    number: numbered.number as unknown as string,
    supplierId: fields.supplier_id,
    locationId: fields.location_id,
    date,
    status: entryStatus("purchase_order"),
    userId: ctx.actor.kind === "user" ? ctx.actor.userId : null,
  });
  const batch = new StockBatch(ctx).add(...numbered.statements, insert).creates({ type: "purchase_order", id: numbered.id });
  if (lines.length)
    batch.add(db.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, documentId: numbered.id as unknown as number }))));
  batch.addIncoming(
    incomingOf(
      lines.map((l) => ({ ...l, receivedUnits: 0 })),
      fields.location_id,
      1,
    ),
  );
  const readsAt = batch.size;
  const reads = writtenPurchaseOrderReads(db, numbered.id);
  batch.add(...reads);
  const results = await runSave(batch, fields.number);
  return writtenPurchaseOrderView(results.slice(readsAt, readsAt + reads.length));
}

function termsOf(
  fields: Partial<Fields>,
  supplierId: number,
  locationId: number,
  saved?: typeof purchaseOrders.$inferSelect,
  lines?: DocumentLine[],
): DocumentTerms {
  return {
    party: { kind: "supplier", id: supplierId },
    locationId,
    lines: fields.lines ?? lines ?? [],
    documentTaxIds: fields.document_tax_ids !== undefined ? fields.document_tax_ids : (saved?.documentTaxIds ?? []),
    globalDiscount:
      fields.global_discount !== undefined
        ? fields.global_discount
        : saved
          ? storedDecimal(saved.globalDiscount, PRICE_SCALE).toString()
          : null,
    globalDiscountType: fields.global_discount_type ?? saved?.globalDiscountType ?? null,
    shippingCost:
      fields.shipping_cost !== undefined
        ? (fields.shipping_cost?.toString() ?? null)
        : saved
          ? storedDecimal(saved.shippingCost, PRICE_SCALE).toString()
          : null,
  };
}

/** A saved order's lines as a caller would send them back (prices and discounts kept). */
function lineInputs(lines: readonly LineRow[]): DocumentLine[] {
  return lines.map((l) => ({
    lid: l.lid,
    variant_id: l.kind === "variant" || l.kind === "pack" ? l.variantId : null,
    pack_id: l.packId,
    service_id: l.serviceId,
    description: l.description,
    quantity: l.kind === "text" ? null : storedNumber(l.quantity),
    price: l.kind === "text" ? null : storedDecimal(l.price, PRICE_SCALE),
    discount: storedDecimal(l.discount, PRICE_SCALE).toString(),
    discount_type: l.discountType,
  }));
}

/**
 * Changes an open order: its fields, its supplier, its location or its lines (priced again). A
 * line keeps what was received of it (by its lid): it may not fall below that, nor be removed
 * once something came in (`below_received`). The incoming stock follows in the same batch, which
 * claims the order (another write first → conflict).
 */
export async function updatePurchaseOrder(ctx: Ctx, input: unknown): Promise<PurchaseOrderView> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.edit);
  const fields = parseInput(UpdatePurchaseOrderInput, input);
  const { db } = ctx;
  const saved = await savedPurchaseOrder(db, fields.id);
  const { doc } = saved;
  if (!isOpen(doc.status)) throw new DomainError("status_move_not_allowed");
  const renumber = numberChange(fields.number);
  const received = saved.lines.filter((l) => l.receivedUnits > 0);
  const locationId = fields.location_id ?? doc.locationId;
  // Goods already received stay where they came in: the order's location is fixed once a delivery is made.
  if (received.length && locationId !== doc.locationId) throw fieldError("location_id", "purchase_order_closed");
  const terms = termsOf(fields, fields.supplier_id ?? doc.supplierId, locationId, doc, lineInputs(saved.lines));
  const { priced, lines } = await price(db, terms);
  const issues = new FieldIssues();
  const rows = lines.map((l) => {
    const before = saved.lines.find((s) => s.lid === l.lid);
    const receivedUnits = before && before.variantId === l.variantId ? before.receivedUnits : 0;
    return { ...l, receivedUnits };
  });
  for (const r of received) {
    const kept = rows.find((l) => l.lid === r.lid && l.variantId === r.variantId);
    const index = (fields.lines ?? []).findIndex((x, i) => (x.lid ?? String(i + 1)) === r.lid);
    const field = index < 0 ? "lines" : `lines.${index}.quantity`;
    const params = { received: storedDecimal(r.receivedUnits, QUANTITY_SCALE).toString() };
    if (!kept || kept.units < r.receivedUnits) issues.add(field, "below_received", params);
  }
  issues.throwIfAny();
  const batch = new StockBatch(ctx).claimDocument(doc.id, doc.updatedAt, "purchase_orders");
  batch.addIncoming([...incomingOf(saved.lines, doc.locationId, -1), ...incomingOf(rows, locationId, 1)]);
  batch.add(
    db
      .update(purchaseOrders)
      .set({
        ...pricedValues(priced),
        ...textOf(fields, doc),
        ...renumber,
        supplierId: fields.supplier_id ?? doc.supplierId,
        locationId,
        date: fields.date ?? doc.date,
      })
      .where(eq(purchaseOrders.id, doc.id)),
    // Lines are kept by their lid (deliveries point at their ids); those gone had received nothing.
    db.delete(purchaseOrderLines).where(
      and(
        eq(purchaseOrderLines.documentId, doc.id),
        notInArray(
          purchaseOrderLines.lid,
          rows.map((l) => l.lid),
        ),
      ),
    ),
  );
  for (const row of rows)
    batch.add(
      db
        .insert(purchaseOrderLines)
        .values({ ...row, documentId: doc.id })
        .onConflictDoUpdate({ target: [purchaseOrderLines.documentId, purchaseOrderLines.lid], set: row }),
    );
  // Lines changed may complete the order, or reopen it.
  batch.add(db.run(receivingStatus(sql`${BigInt(doc.id)}`)));
  await runSave(batch, renumber.number);
  return readPurchaseOrder(db, doc.id);
}

/** Completes an order by hand: what was not received is no longer expected; stock does not change. */
export async function completePurchaseOrder(ctx: Ctx, input: { id: unknown }): Promise<PurchaseOrderView> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.edit);
  const { db } = ctx;
  const saved = await savedPurchaseOrder(db, input.id);
  assertVerbMove("purchase_order", saved.doc.status, "completed_manually");
  await closeOrder(ctx, saved, "completed_manually");
  return readPurchaseOrder(db, saved.doc.id);
}

async function closeOrder(ctx: Ctx, saved: SavedPurchaseOrder, to: "completed_manually") {
  const { db } = ctx;
  const batch = new StockBatch(ctx).claimDocument(saved.doc.id, saved.doc.updatedAt, "purchase_orders");
  if (isOpen(saved.doc.status)) batch.addIncoming(incomingOf(saved.lines, saved.doc.locationId, -1));
  batch.add(db.update(purchaseOrders).set({ status: to }).where(eq(purchaseOrders.id, saved.doc.id)));
  await batch.run();
}

/**
 * Cancels an order and, through the cascade table, its deliveries: their goods leave stock again
 * and what was still expected is no longer incoming, in one batch (documents/cascades.ts).
 */
export async function cancelPurchaseOrder(ctx: Ctx, input: { id: unknown }): Promise<PurchaseOrderView> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.edit);
  const { db } = ctx;
  const saved = await savedPurchaseOrder(db, input.id);
  await runCascade(ctx, "purchase_order", "cancel", purchaseCascadeDocument(saved.doc));
  return readPurchaseOrder(db, saved.doc.id);
}
