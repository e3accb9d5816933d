import type { z } from "zod";
import { emailDocument, EmailDocumentInput } from "../domain/documents/document-emails";
import { PLATFORM_DAILY_EMAILS, RECIPIENTS_PER_EMAIL } from "../domain/sales/platform-mail";
import { documentPdf, isPrintedSalesType, type OutputDocumentType } from "../domain/documents/outputs";
import type { SalesDocumentType, SalesDocumentView } from "../domain/sales/sales-documents";
import { salesDocumentListRegistry } from "../domain/sales/sales-documents";
import { DELETE_ASKS } from "../domain/shared/acknowledgements";
import type { Ctx } from "../domain/shared/ctx";
import { pdfResponse } from "../pdf-response";
import { bodyWith } from "./body";
import { documentApi, type DocumentApi, type DocumentRoute, type DocumentVerbs } from "./document-api";
import { acknowledgeQuery, errors } from "./operation";
import { page } from "./schemas/common";
import { EmailQueued, SalesDocument } from "./schemas/sales";

/** What a sales document type's API says besides the routes every document type has: its PDF, its email, its status moves. */

type View = Promise<SalesDocumentView>;
export interface SalesDocumentApi {
  type: SalesDocumentType;
  path: string;
  tag: string;
  /** "estimate", "sales order". */
  what: string;
  create: z.ZodType;
  /** Without it, no PATCH (shipping orders change by their moves). */
  update?: z.ZodType;
  createSummary: string;
  writeErrors: Record<number, string>;
  verbs: DocumentVerbs<SalesDocumentView>;
  /** POST /{id}/<move>: its summary, its verb and the status its answer has (201 for a new document). */
  moves: { name: string; summary: string; verb: (ctx: Ctx, input: { id: unknown }) => View; created?: boolean }[];
}

export const SALES_LINES =
  "A line names a variant by variant_id or sku, a pack by pack_id, a service by service_id, or is free text (description alone); a kit's components are added as lines of their own. price overrides the catalogue's price for the customer";

/** A sales document type's API descriptor (document-api.ts). */
export function salesDocumentApi(d: SalesDocumentApi): DocumentApi {
  const { what, type } = d;
  const moveErrors = { 409: "Its status does not allow it (status_move_not_allowed), or another edit came first (conflict)" };
  // A type with no PDF (a product return) has no PDF or email routes.
  const outputs = isPrintedSalesType(type) ? documentOutputRoutes(type, what) : [];
  return documentApi({
    type,
    path: d.path,
    tag: d.tag,
    verbs: d.verbs,
    docs: {
      list: {
        summary: `${d.tag}: filters number, date, status, customer_id, location_id, total, created; sort -id (default), number, date, total, created; search on the number`,
        list: salesDocumentListRegistry,
        result: page(SalesDocument),
        responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
      },
      create: {
        summary: `${d.createSummary} ${SALES_LINES}`,
        body: d.create,
        result: SalesDocument,
        responses: {
          201: "Created, with its lines and totals",
          409: "The number typed is taken (document_number_taken)",
          ...d.writeErrors,
          ...errors,
        },
      },
      get: { summary: `One ${what} with its lines`, result: SalesDocument, responses: { 200: `The ${what}`, ...errors } },
      ...(d.update && {
        update: {
          summary: `Update a ${what}; lines given replace its lines and everything is priced again. ${SALES_LINES}`,
          body: d.update,
          result: SalesDocument,
          responses: { 200: "Updated", ...moveErrors, ...d.writeErrors, ...errors },
        },
      }),
      remove: {
        summary: `Delete a ${what} and the documents made from it, giving back the stock they reserved`,
        query: acknowledgeQuery(DELETE_ASKS.sales_document),
        responses: { 204: "Deleted", 409: "Another edit came first (conflict)", 422: "An acknowledgement is missing", ...errors },
      },
    },
    outputs,
    moves: d.moves.map((move): DocumentRoute => ({
      method: "post",
      path: `/{id}/${move.name}`,
      access: "edit",
      doc: {
        summary: move.summary,
        result: SalesDocument,
        responses: {
          [move.created ? 201 : 200]: move.created ? "The new document" : `The ${what}`,
          ...moveErrors,
          ...(move.created ? d.writeErrors : {}),
          ...errors,
        },
      },
      handle: async (c, ctx) => c.json(await move.verb(ctx, { id: c.req.param("id") }), move.created ? 201 : 200),
    })),
  });
}

/** A sales document's PDF and email routes (`documentPdf`, `emailDocument`): the same for every type that prints. */
export function documentOutputRoutes(type: OutputDocumentType, what: string, extraErrors: Record<number, string> = {}): DocumentRoute[] {
  return [
    {
      method: "get",
      path: "/{id}/pdf",
      access: "read",
      doc: {
        summary: `The ${what} as a PDF, in the company's PDF settings (paper, language, what is shown), number format and the document's currency`,
        media: "application/pdf",
        responses: { 200: "The PDF, with the document's number as its file name", ...errors },
      },
      handle: async (c, ctx) => pdfResponse(await documentPdf(ctx, { type, id: c.req.param("id") })),
    },
    {
      method: "post",
      path: "/{id}/email",
      access: "edit",
      doc: {
        summary: `Email the ${what} with its PDF attached: written now from the company's email template, to the customer's first address unless \`to\` is given; sent through the queue and then listed in its sent emails. Over the company's own SMTP server the subject and body given replace the template's, with at most ${RECIPIENTS_PER_EMAIL.company} recipients; without one, the platform's server sends the template only, from the company's name with replies to its address, to at most ${RECIPIENTS_PER_EMAIL.platform} recipients and within a daily quota (${PLATFORM_DAILY_EMAILS.trial} a day on a trial, ${PLATFORM_DAILY_EMAILS.subscribed} subscribed)`,
        body: EmailDocumentInput,
        result: EmailQueued,
        responses: {
          202: "Queued",
          422: "No address to send to, an invalid one, or too many recipients (too_many_recipients)",
          ...extraErrors,
          429: "The company's daily quota of emails through the platform's server is used (email_quota_exceeded, with its limit)",
          ...errors,
        },
      },
      handle: async (c, ctx) => c.json(await emailDocument(ctx, { ...(await bodyWith(c, { id: c.req.param("id") })), type }), 202),
    },
  ];
}
