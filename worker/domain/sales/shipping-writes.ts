import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { runBatch } from "../shared/input";
import { StockBatch, stockAuthor, type Commitment } from "../stock/ledger";
import type { StockChange } from "../stock/stock-rules";
import { documentColumns, readSalesDocument, type SalesDocumentView, type SavedSalesDocument } from "./sales-documents";

/**
 * What shipping orders share: what remains to ship of a sales order's lines, and the one batch in
 * which shipped goods leave the location (through the ledger) and leave the order's reservation.
 */

const { salesDocuments, salesDocumentLines, salesLineBatches, variants } = tenantSchema;

const source = alias(salesDocumentLines, "source");

/** A shipping order's lines that move stock, with the sales order line each ships. */
async function stockLines(db: TenantDb, documentId: number) {
  return db
    .select({
      id: salesDocumentLines.id,
      variantId: salesDocumentLines.variantId,
      units: salesDocumentLines.units,
      released: salesDocumentLines.committedUnits,
      batchId: salesLineBatches.batchId,
      sourceId: source.id,
      sourceHeld: source.committedUnits,
    })
    .from(salesDocumentLines)
    .innerJoin(variants, eq(variants.id, salesDocumentLines.variantId))
    .leftJoin(source, eq(source.id, salesDocumentLines.sourceLineId))
    .leftJoin(salesLineBatches, eq(salesLineBatches.lineId, salesDocumentLines.id))
    .where(
      and(
        eq(salesDocumentLines.documentId, documentId),
        inArray(salesDocumentLines.kind, ["variant", "pack"]),
        eq(variants.trackInventory, true),
      ),
    )
    .orderBy(salesDocumentLines.position);
}

type Saved = SavedSalesDocument;

/**
 * Ships (`sign` 1) or brings back (`sign` -1, a cancelled shipment) a shipping order's goods in one
 * batch claiming it: on hand moves through the ledger under the company's rules, and the order's
 * reservation shrinks by what was shipped (each shipping line records what it released, given
 * back on a cancel).
 */
export async function moveShippedGoods(ctx: Ctx, saved: Saved, sign: 1 | -1, status: string): Promise<SalesDocumentView> {
  const { db } = ctx;
  // Drop-shipped goods go from the supplier to the customer: the location's stock does not move.
  const lines = saved.deliveryType === "drop_shipping" ? [] : await stockLines(db, saved.id);
  const author = stockAuthor(ctx.actor);
  const batch = new StockBatch(ctx).claimDocument(saved.id, saved.updatedAt, "sales_documents");
  const changes: StockChange[] = lines.map((l, i) => ({
    variantId: l.variantId!,
    locationId: saved.locationId,
    batchId: l.batchId,
    delta: -sign * l.units,
    field: `lines.${i}.quantity`,
  }));
  batch.addChanges(changes, { documentType: "shipping_order", documentId: saved.id, author });
  const commitments: Commitment[] = [];
  for (const [i, l] of lines.entries()) {
    if (l.sourceId === null) continue;
    const released = sign === 1 ? Math.min(l.units, l.sourceHeld ?? 0) : l.released;
    if (released <= 0) continue;
    commitments.push({ variantId: l.variantId!, locationId: saved.locationId, delta: -sign * released, field: `lines.${i}.quantity` });
    batch.add(
      db
        .update(salesDocumentLines)
        .set({ committedUnits: sql`${salesDocumentLines.committedUnits} - ${BigInt(sign * released)}` })
        .where(eq(salesDocumentLines.id, l.sourceId)),
      db
        .update(salesDocumentLines)
        .set({ committedUnits: sign === 1 ? released : 0 })
        .where(eq(salesDocumentLines.id, l.id)),
    );
  }
  batch.addCommitments(commitments, { documentType: "shipping_order", author });
  batch.add(db.update(salesDocuments).set({ status }).where(eq(salesDocuments.id, saved.id)));
  if (saved.createdFromId !== null) batch.add(db.run(orderShippingStatus(saved.createdFromId)));
  await batch.run();
  return readSalesDocument(db, "shipping_order", saved.id);
}

/**
 * Cancels the shipping orders made from some documents (domain spec §4: cancelling or deleting a
 * sales order cancels its shipping orders); goods already shipped come back into stock. Each
 * shipment is its own batch, before the order's.
 */
export async function cancelShipmentsOf(ctx: Ctx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const shipments = await ctx.db
    .select(documentColumns)
    .from(salesDocuments)
    .where(
      and(
        eq(salesDocuments.type, "shipping_order"),
        inArray(salesDocuments.createdFromId, [...orderIds]),
        ne(salesDocuments.status, "cancelled"),
      ),
    );
  for (const shipment of shipments) {
    if (shipment.status === "shipped" || shipment.status === "delivered") await moveShippedGoods(ctx, shipment, -1, "cancelled");
    else await runBatch(ctx.db, [ctx.db.update(salesDocuments).set({ status: "cancelled" }).where(eq(salesDocuments.id, shipment.id))]);
  }
}

/**
 * The order's shipping status from what its shipping orders sent (shipped or delivered; decision
 * 019): nothing, some, or all of its goods; and the order is in_progress while some goods have left.
 */
function orderShippingStatus(orderId: number) {
  const id = BigInt(orderId);
  const sent = sql`(select coalesce(sum(l.quantity), 0) from sales_document_lines l join sales_documents d on d.id = l.document_id
    where d.type = 'shipping_order' and d.created_from_id = ${id} and d.status in ('shipped', 'delivered') and l.component_of_lid is null)`;
  const ordered = sql`(select coalesce(sum(quantity), 0) from sales_document_lines
    where document_id = ${id} and kind in ('variant', 'pack', 'kit') and component_of_lid is null)`;
  return sql`update sales_documents set
    shipping_status = case when ${sent} = 0 then 'not_delivered' when ${sent} >= ${ordered} then 'delivered' else 'partially_delivered' end,
    status = case when status = 'pending' and ${sent} > 0 then 'in_progress' when status = 'in_progress' and ${sent} = 0 then 'pending' else status end
    where id = ${id} and type = 'sales_order'`;
}
