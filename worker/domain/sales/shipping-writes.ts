import { and, eq, inArray, sql } from "drizzle-orm";
import { sqlList } from "../shared/sql-list";
import { alias } from "drizzle-orm/sqlite-core";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { claimAsRead } from "../documents/claims";
import { assertVerbMove, goodsOut, goodsOutStatuses, goodsStayWhileParent, selfMove, type StatusOf } from "../documents/statuses";
import { orderSettlement } from "../payments/settlement";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { StockBatch, stockAuthor, type Commitment } from "../stock/ledger";
import type { StockChange } from "../stock/stock-rules";
import { readSalesDocument, type SalesDocumentView, type SavedSalesDocument } from "./sales-documents";

/**
 * What shipping orders share: the one batch in which shipped goods leave the location (through the
 * ledger) and leave the order's reservation, and the order's shipping status that follows them.
 */

const { salesDocuments, salesDocumentLines, salesLineBatches, variants } = tenantSchema;

const source = alias(salesDocumentLines, "source");

/** A shipping order's line that moves stock, with the sales order line it ships. */
export type ShippingStockLine = Awaited<ReturnType<typeof stockLineRows>>[number];

function stockLineRows(db: TenantDb, documentIds: readonly number[]) {
  return db
    .select({
      id: salesDocumentLines.id,
      documentId: salesDocumentLines.documentId,
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
        inArray(salesDocumentLines.documentId, [...documentIds]),
        inArray(salesDocumentLines.kind, ["variant", "pack"]),
        eq(variants.trackInventory, true),
      ),
    )
    .orderBy(salesDocumentLines.documentId, salesDocumentLines.position);
}

/** The lines that move stock of some shipping orders, by shipping order (drop-shipped goods never touch the location). */
export async function stockLinesOf(db: TenantDb, docs: readonly Saved[]): Promise<Map<number, ShippingStockLine[]>> {
  const fromStock = docs.filter((d) => d.deliveryType !== "drop_shipping").map((d) => d.id);
  const rows = fromStock.length ? await stockLineRows(db, fromStock) : [];
  return new Map(docs.map((d) => [d.id, rows.filter((r) => r.documentId === d.id)]));
}

type Saved = SavedSalesDocument;

/**
 * Adds to a batch a shipping order's goods leaving (`sign` 1) or coming back (`sign` -1, a cancelled
 * shipment): on hand moves through the ledger under the company's rules, and the order's
 * reservation shrinks by what was shipped (each shipping line records what it released). Coming
 * back, that reservation is given back unless `giveBack` is false (the order itself is being closed).
 */
export function addShippedGoods(
  ctx: Ctx,
  batch: StockBatch,
  saved: Saved,
  lines: readonly ShippingStockLine[],
  sign: 1 | -1,
  giveBack = true,
): void {
  const { db } = ctx;
  const author = stockAuthor(ctx.actor);
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
    batch.add(
      db
        .update(salesDocumentLines)
        .set({ committedUnits: sign === 1 ? released : 0 })
        .where(eq(salesDocumentLines.id, l.id)),
    );
    if (sign === -1 && !giveBack) continue;
    commitments.push({ variantId: l.variantId!, locationId: saved.locationId, delta: -sign * released, field: `lines.${i}.quantity` });
    batch.add(
      db
        .update(salesDocumentLines)
        .set({ committedUnits: sql`${salesDocumentLines.committedUnits} - ${BigInt(sign * released)}` })
        .where(eq(salesDocumentLines.id, l.sourceId)),
    );
  }
  batch.addCommitments(commitments, { documentType: "shipping_order", author });
}

/**
 * Moves a shipping order as its graph allows, in one batch claiming it (status and updated_at as
 * read): when the move takes its goods out (ship, or deliver from before shipped) they leave, but
 * only while its sales order is not cancelled, checked inside the batch; when it brings them back
 * they return. The order's shipping status follows in the same batch.
 */
export async function moveShippingOrder(ctx: Ctx, saved: Saved, to: StatusOf<"shipping_order">): Promise<SalesDocumentView> {
  const { db } = ctx;
  assertVerbMove("shipping_order", saved.status, to);
  const sign = goodsOut("shipping_order", to) - goodsOut("shipping_order", saved.status);
  const batch = claimAsRead(db, new StockBatch(ctx), saved);
  if (sign === 1 && saved.createdFromId !== null)
    batch.requireThat(parentAllowsGoodsOut(saved.createdFromId), new DomainError("status_move_not_allowed"));
  if (sign !== 0) addShippedGoods(ctx, batch, saved, (await stockLinesOf(db, [saved])).get(saved.id)!, sign as 1 | -1);
  batch.add(db.update(salesDocuments).set({ status: to }).where(eq(salesDocuments.id, saved.id)));
  // Delivered and paid, the order completes by itself (or reopens when its goods come back).
  if (sign !== 0 && saved.createdFromId !== null)
    batch.add(db.run(orderShippingStatus(saved.createdFromId)), db.run(orderSettlement(sql`${BigInt(saved.createdFromId)}`)));
  await batch.run();
  return readSalesDocument(db, "shipping_order", saved.id);
}

/** The sales order a shipping order was made from is in none of the statuses in which goods may not leave. */
function parentAllowsGoodsOut(orderId: number) {
  return sql`(select status from sales_documents where id = ${BigInt(orderId)}) not in (${sqlList(goodsStayWhileParent("shipping_order"))})`;
}

// The order's shipping status takes these statuses of its machine (the compiler checks them against it).
const SHIPPED: Record<"none" | "some" | "all", StatusOf<"sales_order_shipping">> = {
  none: "not_delivered",
  some: "partially_delivered",
  all: "delivered",
};

/**
 * The order's shipping status from what its shipping orders sent (their goods out, as the shipping
 * order graph says; decision 019): nothing, some, or all of its goods; and the order moves by itself
 * (the sales order graph's self moves) to in_progress while some goods have left, back when none has.
 */
export function orderShippingStatus(orderId: number) {
  const id = BigInt(orderId);
  const left = selfMove("sales_order", "goodsLeft");
  const back = selfMove("sales_order", "goodsBack");
  const sent = sql`(select coalesce(sum(l.quantity), 0) from sales_document_lines l join sales_documents d on d.id = l.document_id
    where d.type = 'shipping_order' and d.created_from_id = ${id} and d.status in (${sqlList(goodsOutStatuses("shipping_order"))}) and l.component_of_lid is null)`;
  const ordered = sql`(select coalesce(sum(quantity), 0) from sales_document_lines
    where document_id = ${id} and kind in ('variant', 'pack', 'kit') and component_of_lid is null)`;
  return sql`update sales_documents set
    shipping_status = case when ${sent} = 0 then ${SHIPPED.none} when ${sent} >= ${ordered} then ${SHIPPED.all} else ${SHIPPED.some} end,
    status = case when status = ${left.from} and ${sent} > 0 then ${left.to} when status = ${back.from} and ${sent} = 0 then ${back.to} else status end
    where id = ${id} and type = 'sales_order'`;
}
