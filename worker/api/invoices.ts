import { deletePayment } from "../domain/payments/delete-payment";
import { getInvoicePayment, listInvoicePayments } from "../domain/payments/list-payments";
import { RecordPaymentInput } from "../domain/payments/payment-schemas";
import { recordPayment } from "../domain/payments/record-payment";
import { cancelInvoice } from "../domain/invoices/cancel-invoice";
import { createInvoice } from "../domain/invoices/create-invoice";
import { deleteInvoice } from "../domain/invoices/delete-invoice";
import { finalizeInvoice } from "../domain/invoices/finalize-invoice";
import { facturXXml } from "../domain/invoices/factur-x";
import { getInvoice } from "../domain/invoices/get-invoice";
import { AnyCreateInvoiceInput, UpdateInvoiceInput } from "../domain/invoices/invoice-schemas";
import type { InvoiceView } from "../domain/invoices/invoice-views";
import { invoiceListRegistry } from "../domain/invoices/invoice-views";
import { listInvoices } from "../domain/invoices/list-invoices";
import { setInvoicePublicLink, SetInvoicePublicLinkInput } from "../domain/invoices/set-invoice-public-link";
import { updateInvoice } from "../domain/invoices/update-invoice";
import { DELETE_ASKS } from "../domain/shared/acknowledgements";
import type { Ctx } from "../domain/shared/ctx";
import { documentApi, documentOperations, documentRouter, type DocumentRoute } from "./document-api";
import { acknowledgeQuery, errors } from "./operation";
import { page } from "./schemas/common";
import { Invoice, Payment, PaymentList } from "./schemas/invoices";
import { jsonBody } from "./body";
import { bodyWith } from "./body";
import { documentOutputRoutes, SALES_LINES } from "./sales-documents";

const moveErrors = { 409: "Its status does not allow it (status_move_not_allowed), or another edit came first (conflict)" };

const move = (name: string, summary: string, verb: (ctx: Ctx, input: { id: unknown }) => Promise<InvoiceView>): DocumentRoute => ({
  method: "post",
  path: `/{id}/${name}`,
  access: "edit",
  doc: { summary, result: Invoice, responses: { 200: "The invoice", ...moveErrors, ...errors } },
  handle: async (c, ctx) => c.json(await verb(ctx, { id: c.req.param("id") })),
});

const writeErrors = {
  422: "Invalid input; a number typed past 18 characters (invoice_number_too_long) or by someone the settings do not allow (invoice_number_not_editable); more than remains to invoice (more_than_remaining_to_invoice naming lines.N.quantity); nothing left to invoice (nothing_to_invoice)",
};

const INVOICES = documentApi<InvoiceView>({
  type: "invoice",
  path: "/invoices",
  tag: "Invoices",
  verbs: { list: listInvoices, create: createInvoice, get: getInvoice, update: updateInvoice, remove: deleteInvoice },
  docs: {
    list: {
      summary:
        "Invoices: filters number, date, due_date, status, shown_status (overdue when unpaid past its due date, else the status), customer_id, location_id, created_from_id, total, created; sort -id (default), number, date, due_date, total, created; search on the number",
      list: invoiceListRegistry,
      result: page(Invoice),
      responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
    },
    create: {
      summary: `Make an invoice: of a sales order (sales_order_id; lines chosen by the order's line_id with a quantity, at most what remains to invoice, else everything that remains; several partial invoices may bill one order, its amount discounts, global discount and shipping spread over them; deposit_percentage makes a deposit invoice of that percentage of the order, one line per tax rate, and every later invoice of the order deducts what remains of its finalised deposits, at most what it bills at each rate), of a shipping order (shipping_order_id: what it shipped and no invoice of it billed yet), of an estimate (estimate_id: all its lines; the estimate becomes accepted_and_transformed), or from scratch for a customer at a location. It starts as a draft (no number yet) unless finalize is true or the company does not use drafts; a company that forces drafts always makes one. The due date follows the customer's payment terms, else the company's, from the invoice's date in the company's calendar, unless due_date is given. ${SALES_LINES}`,
      body: AnyCreateInvoiceInput,
      result: Invoice,
      responses: {
        201: "Created, with its lines and totals",
        409: "The number typed is taken (document_number_taken), the source's status does not allow it (status_move_not_allowed), or another invoice of the same order came first (conflict)",
        ...writeErrors,
        ...errors,
      },
    },
    get: { summary: "One invoice with its lines", result: Invoice, responses: { 200: "The invoice", ...errors } },
    update: {
      summary: `Update an invoice: a draft freely, a finalised one only when the company settings allow it (invoice_finalized otherwise), never a cancelled one. Lines given replace its lines and everything is priced again; a draft's typed number may be cleared with null. ${SALES_LINES}`,
      body: UpdateInvoiceInput.omit({ id: true }),
      result: Invoice,
      responses: { 200: "Updated", ...moveErrors, ...writeErrors, ...errors },
    },
    remove: {
      summary: "Delete a draft invoice (only drafts are deleted: invoices_not_deletable lists the others)",
      query: acknowledgeQuery(DELETE_ASKS.sales_document),
      responses: {
        204: "Deleted",
        409: "Not a draft (invoices_not_deletable, listing it), or another edit came first (conflict)",
        422: "An acknowledgement is missing",
        ...errors,
      },
    },
  },
  outputs: documentOutputRoutes("invoice", "invoice", { 409: "A draft is not sent: it is finalised first (invoice_draft_not_sendable)" }),
  moves: [
    {
      method: "post",
      path: "/{id}/public-link",
      access: "edit",
      doc: {
        summary:
          "Turn the invoice's public link on or off ({enabled: boolean}). On, public_url (/public/invoices/{public_id}) shows the invoice to whoever has the address, without signing in, once it is finalised; off, that address answers not found. The address does not change when the link is turned on again",
        body: SetInvoicePublicLinkInput,
        result: Invoice,
        responses: { 200: "The invoice, with public_link and public_url", 422: "enabled missing or not a boolean", ...errors },
      },
      handle: async (c, ctx) => c.json(await setInvoicePublicLink(ctx, await bodyWith(c, { id: c.req.param("id") }))),
    },
    {
      method: "get",
      path: "/{id}/factur-x.xml",
      access: "read",
      doc: {
        summary:
          "The invoice's Factur-X XML alone (EN 16931 Cross Industry Invoice), the one its PDF carries as factur-x.xml: a finalised invoice of a French company whose settings name its VAT number, with prices without tax and at most one VAT rate a line",
        media: "application/xml",
        responses: {
          200: "The XML",
          409: "A draft, a company that is not French or whose settings name no VAT number, prices with tax or several taxes on a line (factur_x_not_available)",
          ...errors,
        },
      },
      handle: async (c, ctx) => c.body(await facturXXml(ctx, c.req.param("id")), 200, { "content-type": "application/xml; charset=utf-8" }),
    },
    move(
      "finalize",
      "Finalise a draft: it takes the next number of the invoice sequence in the same write (no gap), becomes unpaid (paid when there is nothing to pay), and is dated today when its date has passed",
      finalizeInvoice,
    ),
    move(
      "cancel",
      "Cancel the invoice (a draft, or one waiting for payment with none received); a finalised invoice keeps its number. A deposit invoice deducted on later invoices of its order is cancelled after them (deposit_deducted, listing them)",
      cancelInvoice,
    ),
    {
      method: "get",
      path: "/{id}/payments",
      access: "read",
      doc: {
        summary: "The invoice's payments, newest first (at most 250, as many as an invoice takes)",
        result: PaymentList,
        responses: { 200: "Its payments", ...errors },
      },
      handle: async (c, ctx) => c.json(await listInvoicePayments(ctx, c.req.param("id"))),
    },
    {
      method: "post",
      path: "/{id}/payments",
      access: "edit",
      doc: {
        summary:
          "Record a payment: amount (more than zero, at most what remains to pay, rounded to the currency's decimals), date (today in the company's calendar by default), notes, payment_method_id (an active method). The invoice becomes partially paid or paid, and its sales order's payment status follows in the same write; an order delivered and paid completes by itself (completed_automatically). Send an Idempotency-Key: a retry answers the same payment and records nothing more.",
        body: RecordPaymentInput,
        result: Payment,
        responses: {
          201: "Recorded, with where the invoice stands now",
          409: "The invoice takes no payment in its status (status_move_not_allowed: a draft, paid, cancelled), or its order was completed by hand (payments_closed_by_order)",
          422: "Invalid input; more than remains to pay (more_than_remaining_to_pay naming amount); an unknown or inactive payment method (unknown_payment_method); 250 payments already (too_many_payments)",
          ...errors,
        },
      },
      handle: async (c, ctx) => c.json(await recordPayment(ctx, c.req.param("id"), await jsonBody(c)), 201),
    },
    {
      method: "get",
      path: "/{id}/payments/{paymentId}",
      access: "read",
      doc: { summary: "One payment of the invoice", result: Payment, responses: { 200: "The payment", ...errors } },
      handle: async (c, ctx) => c.json(await getInvoicePayment(ctx, c.req.param("id"), c.req.param("paymentId"))),
    },
    {
      method: "delete",
      path: "/{id}/payments/{paymentId}",
      access: "edit",
      doc: {
        summary:
          "Delete a payment recorded by mistake: the invoice gets the amount back to pay, and its order's payment status follows (a completed order reopens)",
        responses: {
          204: "Deleted",
          409: "The invoice's status does not allow it (status_move_not_allowed), or its order was completed by hand (payments_closed_by_order)",
          ...errors,
        },
      },
      handle: async (c, ctx) => {
        await deletePayment(ctx, c.req.param("id"), c.req.param("paymentId"));
        return c.body(null, 204);
      },
    },
  ],
});

export const invoiceOperations = documentOperations(INVOICES);

/** /api/v1/invoices (domain spec §3 'Invoice'). */
export const invoices = documentRouter(INVOICES);
