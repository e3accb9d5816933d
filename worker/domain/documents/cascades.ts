import { and, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { commitments } from "../sales/sales-document-writes";
import { documentColumns, type SavedSalesDocument } from "../sales/sales-documents";
import { orderOfInvoice, orderSettlement, removeCreditsOfCreditNote, removeCreditsOnInvoice } from "../payments/settlement";
import { addShippedGoods, orderShippingStatus, stockLinesOf } from "../sales/shipping-writes";
import type { Ctx } from "../shared/ctx";
import { StockBatch, stockAuthor, type Commitment } from "../stock/ledger";
import { DomainError } from "../shared/domain-error";
import { claimAsRead } from "./claims";
import { assertVerbMove, goodsIn, goodsOut } from "./statuses";
import { PURCHASE_CASCADE_KINDS } from "../purchasing/purchase-stock";
import type { CascadeDocument, CascadeKind, CascadeTable } from "./cascade-types";

/**
 * Cascades as data (domain spec §4): cancelling or deleting a document visits the documents made
 * from it, each of which is cancelled or deleted in turn. One function runs any cascade: it reads
 * the tree, then writes ONE batch that claims every document it touches (status and updated_at as
 * read; a claim lost to a concurrent write fails the batch with `conflict`, saving nothing), brings
 * back the goods they took out through the ledger, gives back their reservations, and moves their
 * statuses (through the status graph) or deletes them, the farthest first.
 */

export type CascadeAction = "cancel" | "delete";

/** One step of a cascade: acting on a document visits its documents of type `child`, and `then` is done to each. */
export interface CascadeStep {
  readonly child: CascadeType;
  readonly then: CascadeAction;
  /** Only the children this says (a subscription's invoices not yet finalised); all of them without it. */
  readonly only?: (doc: SavedSalesDocument) => boolean;
}

/** The status a cancel moves a document to (the graph must allow it from the document's status). */
const CANCELLED = "cancelled";

/** A sales document type: the rows of sales_documents of that type made from a parent (created_from_id). */
const salesKind = (type: SalesDocumentType): CascadeKind => ({
  machine: type,
  madeFrom: (db, parentIds) =>
    db
      .select(documentColumns)
      .from(tenantSchema.salesDocuments)
      .where(and(eq(tenantSchema.salesDocuments.type, type), inArray(tenantSchema.salesDocuments.createdFromId, [...parentIds]))),
});

const KINDS = {
  estimate: salesKind("estimate"),
  sales_order: salesKind("sales_order"),
  shipping_order: salesKind("shipping_order"),
  // A draft, or a draft cancelled with its order: never finalised, it holds no number a deletion would leave a gap in.
  invoice: {
    ...salesKind("invoice"),
    deletable: { when: (doc) => doc.finalizedAt === null, refused: "invoices_not_deletable" },
    undoMoney: removeCreditsOnInvoice,
  },
  product_return: salesKind("product_return"),
  credit_note: { ...salesKind("credit_note"), undoMoney: removeCreditsOfCreditNote },
  refund: salesKind("refund"),
  subscription: salesKind("subscription"),
  ...PURCHASE_CASCADE_KINDS,
} satisfies Record<string, CascadeKind>;

export type CascadeType = keyof typeof KINDS;

/**
 * For each document type and action, the children visited and what is done to each. What doing it
 * means is the same for every document: a cancel moves it to cancelled as its graph allows (one
 * already cancelled is left as it is), a delete removes it; both bring back into stock the goods
 * its status says are out (a shipped or delivered shipping order) and give back what it reserves.
 * A shipment's released units go back into its order's reservation, unless the order is itself
 * closed by the same cascade (it would give them back at once: the same stock either way).
 */
export const CASCADES: Record<CascadeType, Partial<Record<CascadeAction, readonly CascadeStep[]>>> = {
  estimate: {
    delete: [
      { child: "sales_order", then: "delete" },
      { child: "invoice", then: "delete" },
    ],
  },
  // Domain spec §4: cancelling a sales order cancels its shipping orders, invoices, returns, and
  // (through them) their credit notes and refunds.
  sales_order: {
    cancel: [
      { child: "shipping_order", then: "cancel" },
      { child: "invoice", then: "cancel" },
      { child: "product_return", then: "cancel" },
    ],
    delete: [
      { child: "shipping_order", then: "delete" },
      { child: "invoice", then: "delete" },
      { child: "product_return", then: "delete" },
    ],
  },
  // Domain spec §4: cancelling a shipping order cancels the invoices created from it.
  shipping_order: { cancel: [{ child: "invoice", then: "cancel" }], delete: [{ child: "invoice", then: "delete" }] },
  // Cancelling an invoice deletes the credit notes made from it and cancels the returns made from it.
  invoice: {
    cancel: [
      { child: "credit_note", then: "delete" },
      { child: "product_return", then: "cancel" },
    ],
    delete: [
      { child: "credit_note", then: "delete" },
      { child: "product_return", then: "delete" },
    ],
  },
  // Cancelling a product return cancels its credit notes and refunds.
  product_return: {
    cancel: [
      { child: "credit_note", then: "cancel" },
      { child: "refund", then: "cancel" },
    ],
    delete: [
      { child: "credit_note", then: "delete" },
      { child: "refund", then: "delete" },
    ],
  },
  // Cancelling a credit note removes its credits (undoMoney); a refund made from it is cancelled with it.
  credit_note: { cancel: [{ child: "refund", then: "cancel" }], delete: [{ child: "refund", then: "delete" }] },
  refund: { cancel: [], delete: [] },
  // Cancelling a subscription cancels the invoices it made that are not finalised yet (its upcoming ones).
  subscription: {
    cancel: [{ child: "invoice", then: "cancel", only: (doc) => doc.finalizedAt === null }],
    delete: [{ child: "invoice", then: "delete" }],
  },
  // Domain spec §4: cancelling a purchase order cancels its deliveries.
  purchase_order: { cancel: [{ child: "delivery", then: "cancel" }] },
  delivery: { cancel: [] },
};

interface Visit {
  type: CascadeType;
  action: CascadeAction;
  doc: CascadeDocument;
}

const tableOf = (type: CascadeType): CascadeTable => (KINDS[type] as CascadeKind).table ?? "sales_documents";
/** A document's key across tables (ids are unique per table only). */
const keyOf = (type: CascadeType, id: number) => `${tableOf(type)}:${id}`;

/** The documents a cascade visits, the root first, then each generation (those made from the one before). */
async function visitTree(db: TenantDb, root: Visit): Promise<Visit[]> {
  const visits = [root];
  const seen = new Set([keyOf(root.type, root.doc.id)]);
  for (let generation = [root]; generation.length > 0;) {
    const next: Visit[] = [];
    const steps = new Map<string, { step: CascadeStep; parents: number[] }>();
    for (const parent of generation)
      for (const step of CASCADES[parent.type][parent.action] ?? []) {
        const key = `${parent.type}:${step.child}:${step.then}`;
        const entry = steps.get(key) ?? { step, parents: [] };
        entry.parents.push(parent.doc.id);
        steps.set(key, entry);
      }
    for (const { step, parents } of steps.values())
      for (const doc of await KINDS[step.child].madeFrom(db, parents)) {
        // A cancel leaves alone what is already cancelled; a delete removes it all the same.
        const key = keyOf(step.child, doc.id);
        if (seen.has(key) || (step.then === "cancel" && doc.status === CANCELLED) || (step.only && !step.only(doc as SavedSalesDocument)))
          continue;
        seen.add(key);
        next.push({ type: step.child, action: step.then, doc });
      }
    visits.push(...next);
    generation = next;
  }
  return visits;
}

/** Refuses a delete that would remove a document its type keeps, listing every such one (by number, else label). */
function refuseUndeletable(visits: readonly Visit[]): void {
  for (const type of Object.keys(KINDS) as CascadeType[]) {
    const rule = (KINDS[type] as CascadeKind).deletable;
    if (!rule) continue;
    const kept = visits.filter((v) => v.type === type && v.action === "delete" && !rule.when(v.doc));
    if (kept.length)
      throw new DomainError(rule.refused, { labels: kept.map((v) => v.doc.number ?? v.doc.label ?? `#${v.doc.id}`).join(", ") });
  }
}

/** What the documents reserve, by document: the releases that give it back. */
async function heldBy(db: TenantDb, docs: readonly CascadeDocument[]): Promise<Map<number, Commitment[]>> {
  const ids = docs.filter((d) => d.committed).map((d) => d.id);
  const { salesDocumentLines: lines } = tenantSchema;
  const rows = ids.length
    ? await db
        .select({ documentId: lines.documentId, variantId: lines.variantId, committedUnits: lines.committedUnits })
        .from(lines)
        .where(and(inArray(lines.documentId, ids), sql`${lines.committedUnits} > 0`))
    : [];
  const held = new Map<number, Commitment[]>();
  for (const d of docs) {
    const own = rows.filter((r) => r.documentId === d.id);
    if (own.length) held.set(d.id, commitments(own, d.locationId, -1));
  }
  return held;
}

/**
 * Cancels or deletes a document and, as CASCADES says, the documents made from it, in one batch.
 * The root's move is checked against its graph like every visited document's; the caller checks
 * the permission and reads the root.
 */
export async function runCascade(ctx: Ctx, type: CascadeType, action: CascadeAction, root: CascadeDocument): Promise<void> {
  const { db } = ctx;
  const visits = await visitTree(db, { type, action, doc: root });
  for (const v of visits) if (v.action === "cancel") assertVerbMove(KINDS[v.type].machine, v.doc.status, CANCELLED);
  refuseUndeletable(visits);
  // Goods out (shipments), goods back (received returns) and reservations are sales documents' (their kinds say so).
  const out = visits.filter((v) => goodsOut(KINDS[v.type].machine, v.doc.status) === 1).map((v) => v.doc as SavedSalesDocument);
  const back = visits
    .filter((v) => v.doc.addInInventory && goodsIn(KINDS[v.type].machine, v.doc.status) === 1)
    .map((v) => v.doc as SavedSalesDocument);
  const sales = visits.filter((v) => tableOf(v.type) === "sales_documents");
  const docs = sales.map((v) => v.doc);
  const undoing = [...new Set(visits.map((v) => v.type))].filter((t) => (KINDS[t] as CascadeKind).undo);
  const [goods, returned, held, orders, undos] = await Promise.all([
    stockLinesOf(db, out),
    returnedGoodsOf(db, back),
    heldBy(db, docs),
    ordersOfMoney(db, visits),
    Promise.all(
      undoing.map(
        async (t) =>
          [
            t,
            await (KINDS[t] as CascadeKind).undo!(
              ctx,
              visits.filter((v) => v.type === t).map((v) => v.doc),
            ),
          ] as const,
      ),
    ).then((entries) => new Map(entries)),
  ]);

  const batch = new StockBatch(ctx);
  // Every document is claimed before anything is written: a claim checks what was read, not what this batch wrote.
  for (const v of visits) claimAsRead(db, batch, v.doc, tableOf(v.type));
  const closed = new Set(docs.map((d) => d.id));
  const closedKeys = new Set(visits.map((v) => keyOf(v.type, v.doc.id)));
  const closedByCascade = (t: string, id: number) => closedKeys.has(keyOf(t as CascadeType, id));
  const deleted = new Set(visits.filter((v) => v.action === "delete").map((v) => v.doc.id));
  const followed = new Set<number>();
  const { salesDocuments, salesDocumentLines } = tenantSchema;
  const author = stockAuthor(ctx.actor);
  // The farthest first: children are undone (and deleted) before the documents they were made from.
  for (const v of [...visits].reverse()) {
    const { doc } = v;
    undos.get(v.type)?.(batch, doc, closedByCascade);
    if (tableOf(v.type) !== "sales_documents") {
      const table = sql.identifier(tableOf(v.type));
      if (v.action === "delete") batch.add(db.run(sql`delete from ${table} where id = ${BigInt(doc.id)}`));
      else batch.add(db.run(sql`update ${table} set status = ${CANCELLED} where id = ${BigInt(doc.id)}`));
      continue;
    }
    const lines = goods.get(doc.id);
    const parent = doc.createdFromId;
    if (lines) {
      addShippedGoods(ctx, batch, doc as SavedSalesDocument, lines, -1, parent === null || !closed.has(parent));
      if (parent !== null && !deleted.has(parent)) followed.add(parent);
    }
    // A received return's goods, put back in stock, leave again.
    const came = returned.get(doc.id) ?? [];
    if (came.length)
      batch.addChanges(
        came.map((l) => ({
          variantId: l.variantId,
          locationId: doc.locationId,
          batchId: l.batchId,
          delta: -l.units,
          field: `lines.${l.position}.quantity`,
        })),
        { documentType: v.type, documentId: doc.id, author },
      );
    for (const statement of (KINDS[v.type] as CascadeKind).undoMoney?.(doc.id) ?? []) batch.add(db.run(statement));
    const releases = held.get(doc.id) ?? [];
    if (releases.length) batch.addCommitments(releases, { documentType: v.type, author });
    if (v.action === "delete") {
      batch.add(db.delete(salesDocuments).where(eq(salesDocuments.id, doc.id)));
      continue;
    }
    if (releases.length)
      batch.add(db.update(salesDocumentLines).set({ committedUnits: 0 }).where(eq(salesDocumentLines.documentId, doc.id)));
    batch.add(db.update(salesDocuments).set({ status: CANCELLED, committed: false }).where(eq(salesDocuments.id, doc.id)));
  }
  // The orders whose shipments brought goods back follow them (a cancelled order keeps its status),
  // and so do the orders of the invoices whose money changed (an invoice cancelled, a credit removed).
  for (const orderId of orders) if (!closed.has(orderId)) followed.add(orderId);
  for (const orderId of followed) batch.add(db.run(orderShippingStatus(orderId)), db.run(orderSettlement(sql`${BigInt(orderId)}`)));
  await batch.run();
}

/**
 * A received return's lines that put goods back in stock, by return (variants whose inventory is
 * tracked): a line kept with its batches (a batch-tracked variant's, returns/return-batches.ts)
 * gives one entry per batch; `position` is the line's among the return's top-level lines.
 */
export async function returnedGoodsOf(
  db: TenantDb,
  docs: readonly SavedSalesDocument[],
): Promise<Map<number, { variantId: number; units: number; batchId: number | null; position: number }[]>> {
  if (docs.length === 0) return new Map();
  const { salesDocumentLines: lines, variants, salesLineBatches } = tenantSchema;
  const rows = await db
    .select({
      documentId: lines.documentId,
      variantId: lines.variantId,
      units: sql<number>`coalesce(${salesLineBatches.quantity}, ${lines.units})`,
      batchId: salesLineBatches.batchId,
      // The caller's line: a kit's component is counted as its kit.
      position: sql<number>`(select count(*) from sales_document_lines o where o.document_id = ${lines.documentId} and o.component_of_lid is null
        and o.position < coalesce((select k.position from sales_document_lines k where k.document_id = ${lines.documentId} and k.lid = ${lines.componentOfLid}), ${lines.position}))`,
    })
    .from(lines)
    .innerJoin(variants, eq(variants.id, lines.variantId))
    .leftJoin(salesLineBatches, eq(salesLineBatches.lineId, lines.id))
    .where(
      and(
        inArray(
          lines.documentId,
          docs.map((d) => d.id),
        ),
        inArray(lines.kind, ["variant", "pack"]),
        eq(variants.trackInventory, true),
      ),
    );
  const byDoc = new Map<number, { variantId: number; units: number; batchId: number | null; position: number }[]>();
  for (const r of rows)
    if (r.variantId !== null && Number(r.units) > 0)
      byDoc.set(r.documentId, [
        ...(byDoc.get(r.documentId) ?? []),
        { variantId: r.variantId, units: Number(r.units), batchId: r.batchId, position: Number(r.position) },
      ]);
  return byDoc;
}

/**
 * The sales orders whose payment status may move with this cascade: those of the invoices it
 * cancels or deletes, and of the invoices credited by the credit notes it cancels or deletes.
 */
async function ordersOfMoney(db: TenantDb, visits: readonly Visit[]): Promise<number[]> {
  const invoiceIds = visits.filter((v) => v.type === "invoice").map((v) => v.doc.id);
  const creditNoteIds = visits.filter((v) => v.type === "credit_note").map((v) => v.doc.id);
  if (creditNoteIds.length) {
    const credited = await db
      .select({ id: tenantSchema.invoiceCredits.invoiceId })
      .from(tenantSchema.invoiceCredits)
      .where(inArray(tenantSchema.invoiceCredits.creditNoteId, creditNoteIds));
    invoiceIds.push(...credited.map((c) => c.id));
  }
  if (invoiceIds.length === 0) return [];
  const rows = await db.all<{ id: number | null }>(
    sql`select distinct ${orderOfInvoice(sql`i.id`)} as id from sales_documents i where i.id in (${sql.join(
      [...new Set(invoiceIds)].map((id) => sql`${BigInt(id)}`),
      sql`, `,
    )})`,
  );
  return rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)]));
}
