import { runCascade } from "../documents/cascades";
import { DOCUMENT_ACCESS, DOCUMENT_TYPES } from "../documents/document-types";
import { entryStatus } from "../documents/statuses";
import { insertSalesDocument } from "../sales/sales-document-writes";
import { savedSalesDocument } from "../sales/sales-documents";
import { deleteVerb, moveVerb } from "../sales/sales-verbs";
import { requirePermission, type Ctx } from "../shared/ctx";
import { fieldError, parseInput, strictInput, zCalendarDate, zFlag, zOptionalText } from "../shared/input";
import { currencyDecimals, PRICE_SCALE, zMoney } from "../shared/money";
import { zOptionalId } from "../stock/common";
import { listFollows, readFollow, type FollowView } from "./follow-views";
import { checkChosen, fieldsFromSource, guardSource, readSource } from "./made-from";
import { chosenLines, sourceOf } from "./product-returns";

/**
 * Refunds (domain spec §3 'Refund', decision 042): money paid back to a customer for a product
 * return, at the return's prices for the lines chosen (at most what was returned and not refunded),
 * plus a discrepancy (negative: a restocking fee held back), never below zero in all. Pending until
 * it is paid out (refunded), or refunded at once; cancelled with its return.
 */

export const CreateRefundInput = strictInput({
  product_return_id: zOptionalId("unknown_product_return").optional(),
  lines: chosenLines,
  // Signed: added to the lines' total (a restocking fee is negative).
  discrepancy: zMoney({ min: -1_000_000_000 }).nullable().optional(),
  // Already paid out: the refund starts refunded.
  refunded: zFlag.optional(),
  number: zOptionalText(DOCUMENT_TYPES.refund.numbering.maxLength).optional(),
  date: zCalendarDate.optional(),
  notes: zOptionalText(5000).optional(),
});

export async function createRefund(ctx: Ctx, input: unknown): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.refund.edit);
  const parsed = parseInput(CreateRefundInput, input);
  const { kind, doc } = await sourceOf(
    ctx,
    { product_return: parsed.product_return_id },
    { product_return: "product_return_id", invoice: "product_return_id", sales_order: "product_return_id" },
    { product_return: "unknown_product_return", invoice: "unknown_product_return", sales_order: "unknown_product_return" },
    { product_return: ["cancelled"], invoice: [], sales_order: [] },
  );
  const source = await readSource(ctx.db, "refund", doc, kind);
  const taken = checkChosen(source, parsed.lines, "nothing_to_refund");
  const { fields, sourceLineOf } = fieldsFromSource(source, taken);
  const decimals = currencyDecimals(doc.currency);
  const discrepancy = parsed.discrepancy ? Number(parsed.discrepancy.round(decimals).withScale(PRICE_SCALE).units) : 0;
  const saved = await insertSalesDocument(ctx, {
    type: "refund",
    customerId: doc.customerId,
    locationId: doc.locationId,
    fields: { ...fields, number: parsed.number, date: parsed.date, notes: parsed.notes ?? null },
    reserve: false,
    sourceLineOf,
    check: (priced) => {
      if ((priced.totals.total ?? 0) + discrepancy < 0) throw fieldError("discrepancy", "more_than_refunded");
    },
    values: () => ({ status: entryStatus("refund", parsed.refunded ? "paid_out" : "default"), discrepancy, createdFromId: doc.id }),
    guard: guardSource(source),
  });
  return readFollow(ctx.db, "refund", saved.id);
}

/** Marks a pending refund as paid out. */
export const markRefunded = async (ctx: Ctx, input: { id: unknown }): Promise<FollowView> => {
  const moved = await moveVerb("refund", "refund", "refunded")(ctx, input);
  return readFollow(ctx.db, "refund", moved.id);
};

export async function cancelRefund(ctx: Ctx, input: { id: unknown }): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.refund.edit);
  const saved = await savedSalesDocument(ctx.db, "refund", input.id);
  await runCascade(ctx, "refund", "cancel", saved);
  return readFollow(ctx.db, "refund", saved.id);
}

export const deleteRefund = deleteVerb("refund");

export async function getRefund(ctx: Ctx, input: { id: unknown }): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.refund.read);
  return readFollow(ctx.db, "refund", input.id);
}

export async function listRefunds(ctx: Ctx, query: URLSearchParams | Record<string, unknown>) {
  requirePermission(ctx, DOCUMENT_ACCESS.refund.view);
  return listFollows(ctx.db, "refund", query);
}
