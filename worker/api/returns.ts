import { DELETE_ASKS } from "../domain/shared/acknowledgements";
import type { Ctx } from "../domain/shared/ctx";
import {
  ApplyCreditInput,
  applyCreditNote,
  cancelCreditNote,
  createCreditNote,
  CreateCreditNoteInput,
  deleteCreditNote,
  getCreditNote,
  listCreditNoteCredits,
  listCreditNotes,
  removeCreditNoteCredit,
} from "../domain/returns/credit-notes";
import type { FollowView } from "../domain/returns/follow-views";
import {
  cancelProductReturn,
  createProductReturn,
  CreateProductReturnInput,
  deleteProductReturn,
  getProductReturn,
  listProductReturns,
  receiveProductReturn,
} from "../domain/returns/product-returns";
import {
  cancelRefund,
  createRefund,
  CreateRefundInput,
  deleteRefund,
  getRefund,
  listRefunds,
  markRefunded,
} from "../domain/returns/refunds";
import { salesDocumentListRegistry } from "../domain/sales/sales-documents";
import { jsonBody } from "./body";
import { documentApi, documentOperations, documentRouter, type DocumentRoute } from "./document-api";
import { acknowledgeQuery, errors } from "./operation";
import { CreditList, Credit, CreditNote, ProductReturn, Refund } from "./schemas/returns";
import { page } from "./schemas/common";
import { documentOutputRoutes } from "./sales-documents";

/** /api/v1/product-returns, /credit-notes and /refunds (domain spec §3, §4; decision 042). */

const moveErrors = { 409: "Its status does not allow it (status_move_not_allowed), or another edit came first (conflict)" };
const LIST =
  "filters number, date, status, customer_id, location_id, created_from_id, total, created; sort -id (default), number, date, total, created; search on the number";
const LINES =
  "lines: the source's line ids (line_id) with a quantity each, at most what remains of each (more_than_remaining naming lines.N.quantity); everything that remains when left out (nothing_to_return / nothing_to_credit / nothing_to_refund when nothing does)";
const sourceErrors = {
  409: "The source's status does not allow it (status_move_not_allowed), another document took the same remainder first (conflict), or the number typed is taken (document_number_taken)",
  422: "Invalid input: no source or an unknown one, lines past what remains",
};
const remove = (what: string) => ({
  summary: `Delete the ${what} and what was made from it (domain spec §4), bringing back what it changed in stock and money`,
  query: acknowledgeQuery(DELETE_ASKS.sales_document),
  responses: { 204: "Deleted", 409: "Another edit came first (conflict)", 422: "An acknowledgement is missing", ...errors },
});

function move<V>(
  name: string,
  summary: string,
  verb: (ctx: Ctx, input: { id: unknown }) => Promise<V>,
  result: typeof ProductReturn,
): DocumentRoute {
  return {
    method: "post",
    path: `/{id}/${name}`,
    access: "edit",
    doc: { summary, result, responses: { 200: "The document", ...moveErrors, ...errors } },
    handle: async (c, ctx) => c.json(await verb(ctx, { id: c.req.param("id") })),
  };
}

const PRODUCT_RETURNS = documentApi<FollowView>({
  type: "product_return",
  path: "/product-returns",
  tag: "Product returns",
  verbs: { list: listProductReturns, create: createProductReturn, get: getProductReturn, remove: deleteProductReturn },
  docs: {
    list: {
      summary: `Product returns: ${LIST}`,
      list: salesDocumentListRegistry,
      result: page(ProductReturn),
      responses: { 200: "One page", 422: "Invalid list parameter", ...errors },
    },
    create: {
      summary: `Make a product return of an invoice (invoice_id: at most what it billed and was not returned) or a sales order (sales_order_id: at most what its shipping orders shipped and was not returned, through its invoices too), at the source's prices. received (default true) receives it at once, else it waits (pending); add_in_inventory (default true) puts the goods back in stock at the source's location when received; a batch-tracked variant's line goes back into its batch_id, else the one batch it was shipped from (batch_required naming lines.N.batch_id when it shipped from several or none; unknown_batch, not_batch_tracked). ${LINES}`,
      body: CreateProductReturnInput,
      result: ProductReturn,
      responses: { 201: "Created", ...sourceErrors, ...errors },
    },
    get: { summary: "One product return with its lines", result: ProductReturn, responses: { 200: "The product return", ...errors } },
    remove: remove("product return"),
  },
  moves: [
    move(
      "receive",
      "Receive a pending return: its goods come back into stock when it adds to inventory",
      receiveProductReturn,
      ProductReturn,
    ),
    move(
      "cancel",
      "Cancel the return: its credit notes and refunds are cancelled, and goods it put back in stock leave again",
      cancelProductReturn,
      ProductReturn,
    ),
  ],
});

const CREDIT_NOTES = documentApi<FollowView>({
  type: "credit_note",
  path: "/credit-notes",
  tag: "Credit notes",
  verbs: { list: listCreditNotes, create: createCreditNote, get: getCreditNote, remove: deleteCreditNote },
  docs: {
    list: {
      summary: `Credit notes: ${LIST}`,
      list: salesDocumentListRegistry,
      result: page(CreditNote),
      responses: { 200: "One page", 422: "Invalid list parameter", ...errors },
    },
    create: {
      summary: `Make a credit note of an invoice (invoice_id: at most what it billed and was not credited, directly or through its returns) or of a product return (product_return_id: at most what came back and was not credited), at the source's prices; remaining_to_credit starts at its total. ${LINES}`,
      body: CreateCreditNoteInput,
      result: CreditNote,
      responses: { 201: "Created", ...sourceErrors, ...errors },
    },
    get: { summary: "One credit note with its lines", result: CreditNote, responses: { 200: "The credit note", ...errors } },
    remove: remove("credit note"),
  },
  outputs: documentOutputRoutes("credit_note", "credit note"),
  moves: [
    move(
      "cancel",
      "Cancel the credit note: its credits are removed, and the invoices they paid get their remaining to pay back (a paid one reopens)",
      cancelCreditNote,
      CreditNote,
    ),
    {
      method: "get",
      path: "/{id}/credits",
      access: "read",
      doc: {
        summary: "The credits it applied, newest first (at most 250)",
        result: CreditList,
        responses: { 200: "Its credits", ...errors },
      },
      handle: async (c, ctx) => c.json(await listCreditNoteCredits(ctx, c.req.param("id"))),
    },
    {
      method: "post",
      path: "/{id}/credits",
      access: "edit",
      doc: {
        summary:
          "Apply the credit note to an invoice of the same customer and currency waiting for money: amount (at most what remains to credit and what remains to pay; the smaller of both when left out). The invoice becomes partially credited, credited or paid, its order's payment status follows, in one write. Send an Idempotency-Key: a retry answers the same credit.",
        body: ApplyCreditInput,
        result: Credit,
        responses: {
          201: "Applied",
          409: "The credit note's status does not allow it (status_move_not_allowed)",
          422: "Invalid input; an invoice of another customer (other_customer) or currency (other_currency), or not waiting for money; more than remains to credit (more_than_remaining_to_credit) or to pay (more_than_remaining_to_pay)",
          ...errors,
        },
      },
      handle: async (c, ctx) => c.json(await applyCreditNote(ctx, c.req.param("id"), await jsonBody(c)), 201),
    },
    {
      method: "delete",
      path: "/{id}/credits/{creditId}",
      access: "edit",
      doc: {
        summary:
          "Remove one credit the credit note applied (applied by mistake): the invoice gets the amount back to pay (a paid invoice reopens, its order's payment status follows) and the credit note gets it back to apply, in one write. Removed once: a second removal answers 404 (credit_not_found), as does a credit of another credit note or one already removed (a cancelled credit note's or invoice's)",
        responses: { 204: "Removed", ...errors },
      },
      handle: async (c, ctx) => {
        await removeCreditNoteCredit(ctx, c.req.param("id"), c.req.param("creditId"));
        return c.body(null, 204);
      },
    },
  ],
});

const REFUNDS = documentApi<FollowView>({
  type: "refund",
  path: "/refunds",
  tag: "Refunds",
  verbs: { list: listRefunds, create: createRefund, get: getRefund, remove: deleteRefund },
  docs: {
    list: {
      summary: `Refunds: ${LIST}`,
      list: salesDocumentListRegistry,
      result: page(Refund),
      responses: { 200: "One page", 422: "Invalid list parameter", ...errors },
    },
    create: {
      summary: `Make a refund of a product return (product_return_id: at most what came back and was not refunded), at its prices, plus a discrepancy (signed; the refund never goes below zero: more_than_refunded). refunded (default false) records it as paid out at once. ${LINES}`,
      body: CreateRefundInput,
      result: Refund,
      responses: { 201: "Created", ...sourceErrors, ...errors },
    },
    get: { summary: "One refund with its lines", result: Refund, responses: { 200: "The refund", ...errors } },
    remove: remove("refund"),
  },
  outputs: documentOutputRoutes("refund", "refund"),
  moves: [
    move("refunded", "Record a pending refund as paid out", markRefunded, Refund),
    move("cancel", "Cancel the refund", cancelRefund, Refund),
  ],
});

export const returnOperations = [
  ...documentOperations(PRODUCT_RETURNS),
  ...documentOperations(CREDIT_NOTES),
  ...documentOperations(REFUNDS),
];
export const productReturns = documentRouter(PRODUCT_RETURNS);
export const creditNotes = documentRouter(CREDIT_NOTES);
export const refunds = documentRouter(REFUNDS);
