import { eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import type { StockBatch } from "../stock/ledger";
import { assertVerbMove, goodsOut, type StatusMachine } from "./statuses";

const NOW = sql.raw("cast(unixepoch('subsecond') * 1000 as integer)");

/** What a claim needs of a saved document: the status and updated_at it was read with. */
export interface ClaimedDocument {
  id: number;
  status: string;
  updatedAt: number;
}

/**
 * Claims a saved sales document for a batch: its status and updated_at must still be those read,
 * else another write got there first and the batch fails with `conflict`, saving nothing. The
 * claim moves updated_at on, so a second claim made from the same read fails in turn.
 */
export function claimAsRead(
  db: TenantDb,
  batch: StockBatch,
  doc: ClaimedDocument,
  table: "sales_documents" | "stock_documents" | "purchase_orders" = "sales_documents",
): StockBatch {
  batch.add(
    db.run(sql`update ${sql.identifier(table)} set updated_at = max(${NOW}, updated_at + 1)
      where id = ${BigInt(doc.id)} and updated_at = ${BigInt(doc.updatedAt)} and status = ${doc.status}`),
  );
  // changes() is the row count of the update just above: none means the document moved on (or is gone).
  return batch.requireThat(sql`changes() > 0`, new DomainError("conflict"));
}

/**
 * Adds to a batch one status move of a saved sales document, made by a verb that writes more than
 * the move (an estimate transformed with the order made of it): the move must be one a verb may
 * make from the status read (status_move_not_allowed), and the document is claimed as read, so
 * that it is still in that status when the batch writes, whatever else was written meanwhile.
 */
export function claimMove(db: TenantDb, batch: StockBatch, doc: ClaimedDocument, machine: StatusMachine, to: string): StockBatch {
  assertVerbMove(machine, doc.status, to);
  // Goods leave or come back only with their ledger rows: such a move is moveShippingOrder's or a cascade's.
  if (goodsOut(machine, doc.status) !== goodsOut(machine, to)) throw new Error(`${doc.status} → ${to} moves goods`);
  claimAsRead(db, batch, doc);
  const { salesDocuments } = tenantSchema;
  return batch.add(db.update(salesDocuments).set({ status: to }).where(eq(salesDocuments.id, doc.id)));
}
