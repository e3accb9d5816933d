import { z } from "zod";
import { returnedGoodsOf, runCascade } from "../documents/cascades";
import { claimMove } from "../documents/claims";
import { DOCUMENT_ACCESS, DOCUMENT_TYPES } from "../documents/document-types";
import { entryStatus } from "../documents/statuses";
import { insertSalesDocument } from "../sales/sales-document-writes";
import type { SalesLineRow } from "../sales/sales-lines";
import { savedSalesDocument, type SavedSalesDocument } from "../sales/sales-documents";
import { deleteVerb } from "../sales/sales-verbs";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError, parseInput, strictInput, zCalendarDate, zFlag, zOptionalText } from "../shared/input";
import { StockBatch, stockAuthor } from "../stock/ledger";
import { zOptionalId, zRefIdRequired, zRequiredQuantity } from "../stock/common";
import { listFollows, readFollow, type FollowView } from "./follow-views";
import type { SourceType } from "./line-limits";
import { checkChosen, fieldsFromSource, guardSource, readSource } from "./made-from";
import { addLineBatches, returnBatches, returnedChanges } from "./return-batches";

/**
 * Product returns (domain spec §3 'Product return', decision 042): goods a customer sends back,
 * made from an invoice (at most what it billed and was not returned) or a sales order (at most what
 * its shipments shipped and was not returned), at the source's prices. A return made with its goods
 * in hand starts received (reverted); one waiting for them starts pending and is received later.
 * Received with `add_in_inventory`, its goods come back into stock at its location through the
 * ledger, in the same batch; cancelling it takes them out again (the cascade), and cancels its
 * credit notes and refunds. A batch-tracked variant's units go back into a batch (return-batches.ts).
 */

export const chosenLines = z
  .array(strictInput({ line_id: zRefIdRequired("unknown_line"), quantity: zRequiredQuantity({ positive: true }) }), { error: "invalid" })
  .max(1000, "too_long")
  .optional();

/** A return's lines: the source's lines, and for a batch-tracked variant the batch its units go back into (else the one it shipped from). */
const returnLines = z
  .array(
    strictInput({
      line_id: zRefIdRequired("unknown_line"),
      quantity: zRequiredQuantity({ positive: true }),
      batch_id: zOptionalId("unknown_batch").optional(),
    }),
    { error: "invalid" },
  )
  .max(1000, "too_long")
  .optional();

export const CreateProductReturnInput = strictInput({
  invoice_id: zOptionalId("unknown_invoice").optional(),
  sales_order_id: zOptionalId("unknown_sales_order").optional(),
  lines: returnLines,
  // The goods go back into stock (true unless said otherwise: a broken item is returned without it).
  add_in_inventory: zFlag.optional(),
  // The goods are in hand (true unless said otherwise): the return is received at once.
  received: zFlag.optional(),
  number: zOptionalText(DOCUMENT_TYPES.product_return.numbering.maxLength).optional(),
  date: zCalendarDate.optional(),
  notes: zOptionalText(5000).optional(),
});

/** The statuses in which a source is not returned nor credited (an invoice not issued, an order not validated, or either cancelled). */
export const NOT_RETURNED: Record<SourceType, readonly string[]> = {
  invoice: ["draft", "cancelled", "voided"],
  sales_order: ["pending_validation", "cancelled"],
  product_return: [],
};

/** The source a return, credit note or refund is made from: the one id given, of its type, in a status that allows it. */
export async function sourceOf(
  ctx: Ctx,
  given: Partial<Record<SourceType, number | null | undefined>>,
  field: Record<SourceType, string>,
  code: Record<SourceType, "unknown_invoice" | "unknown_sales_order" | "unknown_product_return">,
  closed: Record<SourceType, readonly string[]>,
): Promise<{ kind: SourceType; doc: SavedSalesDocument }> {
  const named = (Object.keys(given) as SourceType[]).filter((k) => given[k] !== undefined && given[k] !== null);
  // Exactly one source: none given is a missing source, named by the first way of giving one.
  if (named.length !== 1) throw fieldError(field[named[0] ?? (Object.keys(given)[0] as SourceType)], "required");
  const kind = named[0]!;
  let doc: SavedSalesDocument;
  try {
    doc = await savedSalesDocument(ctx.db, kind, given[kind]);
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw fieldError(field[kind], code[kind]);
    throw error;
  }
  if (closed[kind].includes(doc.status)) throw new DomainError("status_move_not_allowed");
  return { kind, doc };
}

export async function createProductReturn(ctx: Ctx, input: unknown): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.product_return.edit);
  const parsed = parseInput(CreateProductReturnInput, input);
  const { kind, doc } = await sourceOf(
    ctx,
    { invoice: parsed.invoice_id, sales_order: parsed.sales_order_id },
    { invoice: "invoice_id", sales_order: "sales_order_id", product_return: "invoice_id" },
    { invoice: "unknown_invoice", sales_order: "unknown_sales_order", product_return: "unknown_invoice" },
    NOT_RETURNED,
  );
  const source = await readSource(ctx.db, "product_return", doc, kind);
  const taken = checkChosen(source, parsed.lines, "nothing_to_return");
  const { fields, sourceLineOf } = fieldsFromSource(source, taken);
  const received = parsed.received ?? true;
  const addInInventory = parsed.add_in_inventory ?? true;
  const author = stockAuthor(ctx.actor);
  // Only goods that go back into stock need a batch.
  const splits = addInInventory ? await returnBatches(ctx.db, source, parsed.lines) : new Map();
  let lines: SalesLineRow[] = [];
  const saved = await insertSalesDocument(ctx, {
    type: "product_return",
    customerId: doc.customerId,
    locationId: doc.locationId,
    fields: { ...fields, number: parsed.number, date: parsed.date, notes: parsed.notes ?? null },
    reserve: false,
    sourceLineOf,
    values: () => ({
      status: entryStatus("product_return", received ? "default" : "awaiting"),
      addInInventory,
      createdFromId: doc.id,
    }),
    check: (priced) => {
      lines = priced.lines;
    },
    // The lines' batches kept for a later receipt or cancel; received and put back in stock, the goods come in, in the same batch.
    extra: (batch, documentId) => {
      if (!addInInventory) return;
      addLineBatches(ctx.db, batch, documentId, lines, sourceLineOf, splits);
      const changes = received ? returnedChanges(lines, sourceLineOf, splits, doc.locationId) : [];
      if (changes.length) batch.addChanges(changes, { documentType: "product_return", documentId, author });
    },
    guard: guardSource(source),
  });
  return readFollow(ctx.db, "product_return", saved.id);
}

/** Receives a pending return: its goods come back into stock (when it adds to inventory), in one batch claiming it. */
export async function receiveProductReturn(ctx: Ctx, input: { id: unknown }): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.product_return.edit);
  const saved = await savedSalesDocument(ctx.db, "product_return", input.id);
  const to = entryStatus("product_return");
  const goods = saved.addInInventory ? ((await returnedGoodsOf(ctx.db, [saved])).get(saved.id) ?? []) : [];
  const batch = claimMove(ctx.db, new StockBatch(ctx), saved, "product_return", to);
  if (goods.length)
    batch.addChanges(
      goods.map((g) => ({
        variantId: g.variantId,
        locationId: saved.locationId,
        batchId: g.batchId,
        delta: g.units,
        field: `lines.${g.position}.quantity`,
      })),
      { documentType: "product_return", documentId: saved.id, author: stockAuthor(ctx.actor) },
    );
  await batch.run();
  return readFollow(ctx.db, "product_return", saved.id);
}

/** Cancels a return with its cascade (its credit notes and refunds; its goods leave stock again). */
export async function cancelProductReturn(ctx: Ctx, input: { id: unknown }): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.product_return.edit);
  const saved = await savedSalesDocument(ctx.db, "product_return", input.id);
  await runCascade(ctx, "product_return", "cancel", saved);
  return readFollow(ctx.db, "product_return", saved.id);
}

export const deleteProductReturn = deleteVerb("product_return");

export async function getProductReturn(ctx: Ctx, input: { id: unknown }): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.product_return.read);
  return readFollow(ctx.db, "product_return", input.id);
}

export async function listProductReturns(ctx: Ctx, query: URLSearchParams | Record<string, unknown>) {
  requirePermission(ctx, DOCUMENT_ACCESS.product_return.view);
  return listFollows(ctx.db, "product_return", query);
}
