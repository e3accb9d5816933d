import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { CascadeDocument, CascadeKind } from "../documents/cascade-types";
import { stockAuthor } from "../stock/ledger";
import { reversal } from "../stock/stock-document-writes";

/**
 * What purchasing does to stock beside the ledger's receipts (decision 045): the units expected
 * from suppliers (stock_levels.incoming), the status an order takes from what it received, and
 * what purchase orders and deliveries undo when a cascade cancels them (cascades.ts reads
 * PURCHASE_CASCADE_KINDS).
 */

const { purchaseOrders, purchaseOrderLines, stockDocuments, stockDocumentLines } = tenantSchema;
const NOW = sql.raw("cast(unixepoch('subsecond') * 1000 as integer)");

type LineRow = typeof purchaseOrderLines.$inferSelect;

/** Whether an order still waits for goods (its open units count as incoming). */
export function isOpen(status: string): boolean {
  return status === "pending" || status === "in_progress";
}

/** What an order's stocked lines still expect at its location (sign 1), or give back (sign −1). */
export function incomingOf(
  lines: readonly Pick<LineRow, "variantId" | "units" | "receivedUnits" | "stocked">[],
  locationId: number,
  sign: 1 | -1,
) {
  return lines.flatMap((l) =>
    l.stocked && l.variantId !== null ? [{ variantId: l.variantId, locationId, delta: sign * Math.max(0, l.units - l.receivedUnits) }] : [],
  );
}

/**
 * The status an order takes from what its lines received: completed by itself when every line
 * of goods is received in full, in progress when some are, pending when none. An order completed
 * by hand or cancelled keeps its status. One statement, for the batch that changed the lines.
 */
export function receivingStatus(orderId: SQL): SQL {
  const lines = sql`from purchase_order_lines l where l.document_id = purchase_orders.id and l.kind in ('variant', 'pack')`;
  return sql`update purchase_orders set status = case
      when not exists (select 1 ${lines}) then status
      when not exists (select 1 ${lines} and l.received_units < l.units) then 'completed_automatically'
      when exists (select 1 ${lines} and l.received_units > 0) then 'in_progress'
      else 'pending' end,
    updated_at = max(${NOW}, updated_at + 1)
    where id = ${orderId} and status in ('pending', 'in_progress', 'completed_automatically')`;
}

/** A purchase order as a cascade reads it. */
export function purchaseCascadeDocument(doc: typeof purchaseOrders.$inferSelect): CascadeDocument {
  return {
    id: doc.id,
    number: doc.number,
    label: doc.label,
    status: doc.status,
    updatedAt: doc.updatedAt,
    locationId: doc.locationId,
    createdFromId: null,
  };
}

/** A delivery as a cascade reads it: made from its purchase order. */
export function deliveryCascadeDocument(doc: typeof stockDocuments.$inferSelect): CascadeDocument {
  return {
    id: doc.id,
    number: doc.number,
    label: null,
    status: doc.status ?? "delivered",
    updatedAt: doc.updatedAt,
    locationId: doc.locationId,
    createdFromId: doc.purchaseOrderId,
  };
}

/** A cancelled order no longer expects what it did not receive. */
const purchaseOrderKind: CascadeKind = {
  machine: "purchase_order",
  table: "purchase_orders",
  // Purchase orders are made from no other document.
  madeFrom: async () => [],
  undo: async (ctx, docs) => {
    const ids = docs.map((d) => d.id);
    const lines = ids.length ? await ctx.db.select().from(purchaseOrderLines).where(inArray(purchaseOrderLines.documentId, ids)) : [];
    return (batch, doc) => {
      if (isOpen(doc.status))
        batch.addIncoming(
          incomingOf(
            lines.filter((l) => l.documentId === doc.id),
            doc.locationId,
            -1,
          ),
        );
    };
  },
};

/**
 * A cancelled delivery takes its goods out of stock again (its ledger rows reversed, batches
 * included) and gives its quantities back to its order's lines; unless the order is closed by the
 * same cascade or was closed before, they are expected again and the order's status follows.
 */
const deliveryKind: CascadeKind = {
  machine: "delivery",
  table: "stock_documents",
  madeFrom: async (db, parentIds) =>
    (
      await db
        .select()
        .from(stockDocuments)
        .where(and(eq(stockDocuments.type, "delivery"), inArray(stockDocuments.purchaseOrderId, [...parentIds])))
    ).map(deliveryCascadeDocument),
  undo: async (ctx, docs) => {
    const { db } = ctx;
    const ids = docs.map((d) => d.id);
    const orderIds = [...new Set(docs.flatMap((d) => (d.createdFromId === null ? [] : [d.createdFromId])))];
    const [received, orders, undone] = await Promise.all([
      ids.length
        ? db
            .select({
              documentId: stockDocumentLines.documentId,
              lineId: stockDocumentLines.purchaseOrderLineId,
              units: stockDocumentLines.quantity,
              variantId: purchaseOrderLines.variantId,
              stocked: purchaseOrderLines.stocked,
            })
            .from(stockDocumentLines)
            .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, stockDocumentLines.purchaseOrderLineId))
            .where(inArray(stockDocumentLines.documentId, ids))
        : [],
      orderIds.length
        ? db
            .select({ id: purchaseOrders.id, status: purchaseOrders.status, locationId: purchaseOrders.locationId })
            .from(purchaseOrders)
            .where(inArray(purchaseOrders.id, orderIds))
        : [],
      Promise.all(
        docs.filter((d) => d.status === "delivered").map(async (d) => [d.id, await reversal(db, "delivery", d.id, () => "id")] as const),
      ),
    ]);
    const reversals = new Map(undone);
    const author = stockAuthor(ctx.actor);
    return (batch, doc, closedByCascade) => {
      if (doc.status !== "delivered") return;
      batch.addChanges(reversals.get(doc.id) ?? [], { documentType: "delivery", documentId: doc.id, author });
      const lines = received.filter((r) => r.documentId === doc.id);
      for (const l of lines)
        batch.add(
          ctx.db.run(
            sql`update purchase_order_lines set received_units = max(0, received_units - ${BigInt(l.units)}) where id = ${BigInt(l.lineId!)}`,
          ),
        );
      const order = orders.find((o) => o.id === doc.createdFromId);
      if (!order || closedByCascade("purchase_order", order.id)) return;
      // An order still open, or completed by itself, expects the goods again (and reopens).
      if (order.status === "completed_manually" || order.status === "cancelled") return;
      batch.addIncoming(
        lines.flatMap((l) =>
          l.stocked && l.variantId !== null ? [{ variantId: l.variantId, locationId: order.locationId, delta: l.units }] : [],
        ),
      );
      batch.add(ctx.db.run(receivingStatus(sql`${BigInt(order.id)}`)));
    };
  },
};

export const PURCHASE_CASCADE_KINDS = { purchase_order: purchaseOrderKind, delivery: deliveryKind };
