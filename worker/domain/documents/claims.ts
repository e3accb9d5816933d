import { sql } from "drizzle-orm";
import type { TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import type { StockBatch } from "../stock/ledger";

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
export function claimAsRead(db: TenantDb, batch: StockBatch, doc: ClaimedDocument): StockBatch {
  batch.add(
    db.run(sql`update sales_documents set updated_at = max(${NOW}, updated_at + 1)
      where id = ${BigInt(doc.id)} and updated_at = ${BigInt(doc.updatedAt)} and status = ${doc.status}`),
  );
  // changes() is the row count of the update just above: none means the document moved on (or is gone).
  return batch.requireThat(sql`changes() > 0`, new DomainError("conflict"));
}
