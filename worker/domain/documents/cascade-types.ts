import type { TenantDb } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import type { StockBatch } from "../stock/ledger";
import type { StatusMachine } from "./statuses";

/**
 * What a document type tells the cascades (cascades.ts) about itself: where it is stored, how its
 * children are found, what it writes of its own when a cascade cancels or deletes it. Kept apart
 * from the runner so that a document area can describe its kinds without importing the runner.
 */

/** A document as a cascade reads it, whatever table holds it: a sales document, a purchase order, a delivery. */
export interface CascadeDocument {
  id: number;
  number: string | null;
  label: string | null;
  status: string;
  updatedAt: number;
  locationId: number;
  /** The document it was made from (a delivery: its purchase order). */
  createdFromId: number | null;
  committed?: boolean;
  addInInventory?: boolean;
  finalizedAt?: number | null;
}

/** The table each kind's documents live in (sales documents' unless the kind says otherwise). */
export type CascadeTable = "sales_documents" | "stock_documents" | "purchase_orders";

/**
 * What a kind writes of its own as a cascade cancels or deletes one of its documents, in the
 * cascade's batch: read once for all the kind's visited documents, then applied to each.
 * `closedByCascade(type, id)` tells whether a document is closed by the same cascade.
 */
export type CascadeUndo = (
  ctx: Ctx,
  docs: readonly CascadeDocument[],
) => Promise<(batch: StockBatch, doc: CascadeDocument, closedByCascade: (type: string, id: number) => boolean) => void>;

/** How a document type is stored and found. A new document type adds its kind and its rows to CASCADES. */
export interface CascadeKind {
  machine: StatusMachine;
  /** Where its documents are stored (sales_documents without it). */
  table?: CascadeTable;
  /** The documents of this type made from some documents (one read). */
  madeFrom(db: TenantDb, parentIds: readonly number[]): Promise<CascadeDocument[]>;
  /** Its own writes as one of its documents is cancelled or deleted (a delivery's goods leaving, an order's incoming stock). */
  undo?: CascadeUndo;
  /**
   * Which documents of this type may be deleted, and the error listing those that cannot (domain
   * spec §4: only draft invoices are deleted). Without it, any may.
   */
  deletable?: { when: (doc: CascadeDocument) => boolean; refused: "invoices_not_deletable" };
  /**
   * The money it took part in, undone in the cascade's batch before it is cancelled or deleted: the
   * credits a credit note applied, or those applied to an invoice (each credit is undone once).
   */
  undoMoney?: (id: number) => import("drizzle-orm").SQL[];
}
