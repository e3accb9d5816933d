import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { newDocumentNumber, numberChange, numberTaken, type AllocatedNumber } from "../documents/numbering";
import { claimAsRead } from "../documents/claims";
import { assertVerbMove, goodsOut } from "../documents/statuses";
import type { Ctx } from "../shared/ctx";
import { PRICE_SCALE } from "../shared/money";
import { insertRowsAsJson } from "../shared/rows-as-json";
import { storedDecimal, storedNumber } from "../shared/stored-figures";
import { todayIn } from "../stock/common";
import { StockBatch, stockAuthor, type Commitment } from "../stock/ledger";
import {
  priceDocument,
  priceFromFacts,
  pricingFactsFrom,
  pricingReads,
  type DocumentTerms,
  type PricedDocument,
  type SalesLineRow,
} from "./sales-lines";
import {
  lineColumns,
  readSalesDocument,
  writtenSalesDocumentReads,
  writtenSalesDocumentView,
  type SalesDocumentView,
  type SavedSalesDocument,
} from "./sales-documents";
import type { DocumentFields, DocumentLine } from "./sales-schemas";

/** Creating, changing and removing sales documents: one batch each, numbers and reservations inside it. */

const { salesDocuments, salesDocumentLines } = tenantSchema;

type DocumentRow = SavedSalesDocument;
type DocumentValues = Partial<typeof salesDocuments.$inferInsert>;

export interface SaveRequest {
  type: SalesDocumentType;
  customerId: number;
  locationId: number;
  fields: DocumentFields;
  /** Whether the lines reserve their units at the location (an open sales order delivered from stock). */
  reserve: boolean;
  /** Checks of the priced document before anything is written (minimum order amount). */
  check?: (priced: PricedDocument) => void;
  /** Rules checked inside the batch, after the document is written (credit limit). */
  guard?: (batch: StockBatch, priced: PricedDocument) => void;
  /** The type's own columns, once the document is priced (status, expiration date…). */
  values: (priced: PricedDocument, date: string) => DocumentValues & { status: string };
  /**
   * More statements of the same batch (an estimate marked as transformed, an outbox row), with the
   * guards they need; `documentId` names the document in SQL (a new one's id is known only in the batch).
   */
  extra?: (batch: StockBatch, documentId: SQL) => void;
  /** Rules checked in the batch once the document's units are reserved (on what the reservation wrote). */
  afterReserving?: (batch: StockBatch) => void;
  /** The document's own number and id (a draft invoice has no number yet); else the type's next number, or the one typed. */
  numbered?: AllocatedNumber;
  /** The line of the source document each new line bills or follows, by lid (an invoice of a sales order); else none. */
  sourceLineOf?: (lid: string) => number | null;
}

/** The lines as a caller would send them back: a saved document re-priced keeps its prices and discounts. */
export async function lineInputsOf(db: TenantDb, documentId: number): Promise<DocumentLine[]> {
  const rows = await db
    .select(lineColumns)
    .from(salesDocumentLines)
    .where(eq(salesDocumentLines.documentId, documentId))
    .orderBy(asc(salesDocumentLines.position));
  return rows
    .filter((l) => l.componentOfLid === null)
    .map((l): DocumentLine => {
      if (l.kind === "deposit") return depositLineOf(l);
      return {
        lid: l.lid,
        variant_id: l.kind === "variant" || l.kind === "kit" || l.kind === "pack" ? l.variantId : null,
        pack_id: l.packId,
        service_id: l.serviceId,
        description: l.description,
        // A figure stored past the bounds comes back as it was, for the pricing to refuse on its line.
        quantity: l.kind === "text" ? null : storedNumber(l.quantity),
        price: l.kind === "text" ? null : storedDecimal(l.price, PRICE_SCALE),
        discount: storedDecimal(l.discount, PRICE_SCALE).toString(),
        discount_type: l.discountType,
      };
    });
}

/** A saved deposit line (or deduction) as the pricing takes it again: its price and taxes as they were. */
export const depositLineOf = (l: Pick<SalesLineRow, "lid" | "description" | "taxes"> & { price: number | string }): DocumentLine => ({
  lid: l.lid,
  description: l.description,
  deposit: { price: storedDecimal(l.price, PRICE_SCALE).toString(), taxes: (l.taxes ?? []).map((x) => ({ id: x.id, rate: x.rate })) },
});

const documentText = (fields: DocumentFields, saved?: DocumentRow): DocumentValues => ({
  label: fields.label !== undefined ? fields.label : (saved?.label ?? null),
  notes: fields.notes !== undefined ? fields.notes : (saved?.notes ?? null),
  internalNotes: fields.internal_notes !== undefined ? fields.internal_notes : (saved?.internalNotes ?? null),
  terms: fields.terms !== undefined ? fields.terms : (saved?.terms ?? null),
  externalReference: fields.external_reference !== undefined ? fields.external_reference : (saved?.externalReference ?? null),
  forTheAttentionOf: fields.for_the_attention_of !== undefined ? fields.for_the_attention_of : (saved?.forTheAttentionOf ?? null),
});

/** The priced columns every document priced by the line engine stores (sales documents and purchase orders alike). */
export function pricedValues(priced: PricedDocument) {
  return {
    currency: priced.currency,
    exchangeRate: priced.exchangeRate,
    priceLevelId: priced.priceLevelId,
    taxModel: priced.taxModel,
    taxType: priced.taxType,
    taxPriority: priced.taxPriority,
    documentTaxIds: priced.documentTaxIds,
    shippingTaxes: priced.shippingTaxes,
    ...priced.totals,
  };
}

const lineValues = (lines: readonly SalesLineRow[], reserve: boolean) =>
  lines.map((l) => ({ ...l, committedUnits: reserve ? l.committedUnits : 0 }));

/** The lines with the source line each follows, when the document follows one. */
const withSources = (lines: readonly SalesLineRow[], sourceLineOf: SaveRequest["sourceLineOf"]) =>
  sourceLineOf ? lines.map((l) => ({ ...l, sourceLineId: sourceLineOf(l.lid) })) : lines;

/** What a document's lines reserve at a location (positive) or give back (negative). */
export function commitments(
  lines: readonly Pick<SalesLineRow, "variantId" | "committedUnits">[],
  locationId: number,
  sign: 1 | -1,
  field = (i: number) => `lines.${i}.quantity`,
): Commitment[] {
  return lines.flatMap((l, i) =>
    l.variantId !== null && l.variantId !== undefined && l.committedUnits
      ? [{ variantId: l.variantId, locationId, delta: sign * l.committedUnits!, field: field(i) }]
      : [],
  );
}

/** The reservations of the priced lines, each refused one naming the caller's line. */
const reservations = (priced: PricedDocument, locationId: number): Commitment[] =>
  priced.units.map((u) => ({ variantId: u.variantId, locationId, delta: u.units, field: u.field }));

async function runSave(batch: StockBatch, type: SalesDocumentType, typed: string | null | undefined): Promise<unknown[]> {
  try {
    return await batch.run();
  } catch (error) {
    throw numberTaken(type, error, typed) ?? error;
  }
}

/** A new document, numbered, with its lines and (for an order from stock) its reservations, in one batch. */
export async function insertSalesDocument(ctx: Ctx, request: SaveRequest): Promise<SalesDocumentView> {
  const { db } = ctx;
  const { fields } = request;
  const priced = await priceDocument(db, {
    party: { kind: "customer", id: request.customerId },
    locationId: request.locationId,
    lines: fields.lines ?? [],
    globalDiscount: fields.global_discount,
    globalDiscountType: fields.global_discount_type,
    shippingCost: fields.shipping_cost?.toString() ?? null,
    documentTaxIds: fields.document_tax_ids ?? [],
    date: fields.date,
    now: ctx.now(),
  });
  request.check?.(priced);
  const date = fields.date ?? todayIn(priced.timezone, new Date(ctx.now()));
  const numbered = request.numbered ?? newDocumentNumber(db, request.type, request.locationId, fields.number, priced.numbering);
  const author = stockAuthor(ctx.actor);
  // Its values as one JSON parameter (insertRowsAsJson), the number (SQL of the batch) in place.
  const insert = insertRowsAsJson(
    db,
    salesDocuments,
    [
      {
        ...pricedValues(priced),
        ...documentText(fields),
        ...request.values(priced, date),
        type: request.type,
        customerId: request.customerId,
        locationId: request.locationId,
        date,
        billingAddress: priced.billingAddress,
        shippingAddress: priced.shippingAddress,
        committed: request.reserve,
        userId: author.userId,
      },
    ],
    { number: numbered.number },
  );
  const batch = new StockBatch(ctx).add(...numbered.statements, insert).creates({ type: request.type, id: numbered.id });
  const sourced = withSources(priced.lines, request.sourceLineOf);
  // The lines as one JSON parameter, the new document's id (SQL read in the batch) named once.
  if (sourced.length)
    batch.add(insertRowsAsJson(db, salesDocumentLines, lineValues(sourced, request.reserve), { documentId: numbered.id }));
  request.extra?.(batch, numbered.id);
  request.guard?.(batch, priced);
  if (request.reserve) batch.addCommitments(reservations(priced, request.locationId), { documentType: request.type, author });
  request.afterReserving?.(batch);
  // The answer is read in the same batch, after the writes: no round trip of its own.
  const readsAt = batch.size;
  const reads = writtenSalesDocumentReads(db, numbered.id);
  batch.add(...reads);
  const results = await runSave(batch, request.type, fields.number);
  return writtenSalesDocumentView(results.slice(readsAt, readsAt + reads.length), request.type);
}

export interface ChangeRequest extends Omit<SaveRequest, "values"> {
  saved: DocumentRow;
  values: (priced: PricedDocument) => DocumentValues;
}

/**
 * Re-prices and rewrites a saved document: its lines are replaced, its reservations released and
 * taken again in the same batch, and the batch claims the document (another edit first → conflict).
 */
export async function rewriteSalesDocument(ctx: Ctx, request: ChangeRequest): Promise<SalesDocumentView> {
  const { db } = ctx;
  const { fields, saved } = request;
  const renumber = numberChange(fields.number);
  const lines = fields.lines ?? (await lineInputsOf(db, saved.id));
  const terms: DocumentTerms = {
    party: { kind: "customer", id: request.customerId },
    locationId: request.locationId,
    lines,
    documentTaxIds: fields.document_tax_ids !== undefined ? fields.document_tax_ids : saved.documentTaxIds,
    globalDiscount:
      fields.global_discount !== undefined ? fields.global_discount : storedDecimal(saved.globalDiscount, PRICE_SCALE).toString(),
    globalDiscountType: fields.global_discount_type ?? saved.globalDiscountType,
    shippingCost:
      fields.shipping_cost !== undefined
        ? (fields.shipping_cost?.toString() ?? null)
        : storedDecimal(saved.shippingCost, PRICE_SCALE).toString(),
    date: fields.date ?? saved.date,
  };
  // What the pricing reads and what the document holds in reservations, in one round trip.
  const reads = pricingReads(db, terms);
  const read = await db.batch([...reads, heldQuery(db, [saved.id])]);
  const priced = priceFromFacts(pricingFactsFrom(read.slice(0, reads.length), terms.party), terms);
  request.check?.(priced);
  const author = stockAuthor(ctx.actor);
  const batch = new StockBatch(ctx).claimDocument(saved.id, saved.updatedAt, "sales_documents");
  if (saved.committed)
    batch.addCommitments(commitments(read[reads.length] as HeldRow[], saved.locationId, -1), { documentType: saved.type, author });
  batch.add(
    db
      .update(salesDocuments)
      .set({
        ...pricedValues(priced),
        ...documentText(fields, saved),
        ...request.values(priced),
        customerId: request.customerId,
        locationId: request.locationId,
        ...renumber,
        date: fields.date ?? saved.date,
        committed: request.reserve,
      })
      .where(eq(salesDocuments.id, saved.id)),
  );
  const sourced = withSources(priced.lines, request.sourceLineOf);
  const rows = lineValues(sourced, request.reserve);
  if (fields.lines === undefined) {
    // The same lines priced again keep their rows (and ids, which shipping orders point at).
    for (const row of rows)
      batch.add(
        db
          .update(salesDocumentLines)
          .set(row)
          .where(and(eq(salesDocumentLines.documentId, saved.id), eq(salesDocumentLines.lid, row.lid))),
      );
  } else {
    batch.add(db.delete(salesDocumentLines).where(eq(salesDocumentLines.documentId, saved.id)));
    if (rows.length) batch.add(insertRowsAsJson(db, salesDocumentLines, rows, { documentId: sql`${saved.id}` }));
  }
  request.extra?.(batch, sql`${saved.id}`);
  request.guard?.(batch, priced);
  if (request.reserve) batch.addCommitments(reservations(priced, request.locationId), { documentType: saved.type, author });
  await runSave(batch, saved.type, renumber.number);
  return readSalesDocument(db, saved.type, saved.id);
}

/** The reservations some saved documents hold, as the releases that give them back. */
export async function heldCommitments(db: TenantDb, documentIds: readonly number[], locationId: number): Promise<Commitment[]> {
  return commitments(await heldQuery(db, documentIds), locationId, -1);
}

/** The lines of some documents that hold units in reservation. */
const heldQuery = (db: TenantDb, documentIds: readonly number[]) =>
  db
    .select({ variantId: salesDocumentLines.variantId, committedUnits: salesDocumentLines.committedUnits })
    .from(salesDocumentLines)
    .where(and(inArray(salesDocumentLines.documentId, [...documentIds]), sql`${salesDocumentLines.committedUnits} > 0`));
type HeldRow = Awaited<ReturnType<typeof heldQuery>>[number];

/**
 * Moves a document's status as its graph and the verb's guard allow (statuses.ts), in one batch
 * claiming it (status and updated_at as read); `release` gives back its reservations (a manually
 * completed order), `extra` adds statements (an outbox row).
 */
export async function moveSalesDocument(
  ctx: Ctx,
  saved: DocumentRow,
  to: string,
  options: { release?: boolean; extra?: BatchItem<"sqlite">[] } = {},
): Promise<SalesDocumentView> {
  const { db } = ctx;
  assertVerbMove(saved.type, saved.status, to);
  // Goods leave or come back only with their ledger rows: such a move is moveShippingOrder's or a cascade's.
  if (goodsOut(saved.type, saved.status) !== goodsOut(saved.type, to)) throw new Error(`${saved.status} → ${to} moves goods`);
  const batch = claimAsRead(db, new StockBatch(ctx), saved);
  const values: DocumentValues = { status: to };
  if (options.release && saved.committed) {
    batch.addCommitments(await heldCommitments(db, [saved.id], saved.locationId), {
      documentType: saved.type,
      author: stockAuthor(ctx.actor),
    });
    batch.add(db.update(salesDocumentLines).set({ committedUnits: 0 }).where(eq(salesDocumentLines.documentId, saved.id)));
    values.committed = false;
  }
  batch.add(db.update(salesDocuments).set(values).where(eq(salesDocuments.id, saved.id)), ...(options.extra ?? []));
  await batch.run();
  return readSalesDocument(db, saved.type, saved.id);
}
