import { Hono } from "hono";
import type { z } from "zod";
import type { PermissionCheck } from "../domain/identity/permissions";
import { emailSalesDocument, EmailSalesDocumentInput } from "../domain/sales/email-sales-document";
import { PLATFORM_DAILY_EMAILS, RECIPIENTS_PER_EMAIL } from "../domain/sales/platform-mail";
import { salesDocumentPdf } from "../domain/sales/sales-document-pdf";
import type { SalesDocumentType, SalesDocumentView } from "../domain/sales/sales-documents";
import { salesDocumentListRegistry } from "../domain/sales/sales-documents";
import { acknowledgementsOf, DELETE_ASKS } from "../domain/shared/acknowledgements";
import type { Ctx } from "../domain/shared/ctx";
import type { ListResult } from "../domain/shared/list-query-sql";
import { pdfResponse } from "../pdf-response";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { acknowledgeQuery, errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { EmailQueued, SalesDocument } from "./schemas/sales";
import type { ApiEnv } from "./types";

/** The operations and the router every sales document type shares: list, create, read, update, delete, status moves. */

type View = Promise<SalesDocumentView>;
export interface SalesDocumentApi {
  type: SalesDocumentType;
  path: string;
  tag: string;
  /** "estimate", "sales order". */
  what: string;
  access: { view: PermissionCheck; edit: PermissionCheck; read: PermissionCheck };
  create: z.ZodType;
  /** Without it, no PATCH (shipping orders change by their moves). */
  update?: z.ZodType;
  createSummary: string;
  writeErrors: Record<number, string>;
  verbs: {
    list: (ctx: Ctx, query: URLSearchParams) => Promise<ListResult<SalesDocumentView>>;
    create: (ctx: Ctx, input: unknown) => View;
    get: (ctx: Ctx, input: { id: unknown }) => View;
    update?: (ctx: Ctx, input: { id: unknown } & Record<string, unknown>) => View;
    /** Without it, no DELETE (a shipping order is cancelled instead). */
    remove?: (ctx: Ctx, input: { id: unknown; acknowledged: string[] }) => Promise<void>;
  };
  /** POST /{id}/<move>: its summary, its verb and the status its answer has (201 for a new document). */
  moves: { name: string; summary: string; verb: (ctx: Ctx, input: { id: unknown }) => View; created?: boolean }[];
}

export const SALES_LINES =
  "A line names a variant by variant_id or sku, a pack by pack_id, a service by service_id, or is free text (description alone); a kit's components are added as lines of their own. price overrides the catalogue's price for the customer";

export function salesDocumentOperations(d: SalesDocumentApi): ApiOperation[] {
  const { path, tag } = d;
  const moveErrors = { 409: "Its status does not allow it (status_move_not_allowed), or another edit came first (conflict)" };
  return [
    {
      method: "get",
      path,
      tag,
      summary: `${tag}: filters number, date, status, customer_id, location_id, total, created; sort -id (default), number, date, total, created; search on the number`,
      auth: true,
      permissions: d.access.view,
      list: salesDocumentListRegistry,
      result: page(SalesDocument),
      responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
    },
    {
      method: "post",
      path,
      tag,
      summary: `${d.createSummary} ${SALES_LINES}`,
      auth: true,
      permissions: d.access.edit,
      body: d.create,
      result: SalesDocument,
      responses: {
        201: "Created, with its lines and totals",
        409: "The number typed is taken (document_number_taken)",
        ...d.writeErrors,
        ...errors,
      },
    },
    {
      method: "get",
      path: `${path}/{id}`,
      tag,
      summary: `One ${d.what} with its lines`,
      auth: true,
      permissions: d.access.read,
      result: SalesDocument,
      responses: { 200: `The ${d.what}`, ...errors },
    },
    {
      method: "get",
      path: `${path}/{id}/pdf`,
      tag,
      summary: `The ${d.what} as a PDF, in the company's PDF settings (paper, language, what is shown), number format and the document's currency`,
      auth: true,
      permissions: d.access.read,
      media: "application/pdf",
      responses: { 200: "The PDF, with the document's number as its file name", ...errors },
    },
    {
      method: "post",
      path: `${path}/{id}/email`,
      tag,
      summary: `Email the ${d.what} with its PDF attached: written now from the company's email template, to the customer's first address unless \`to\` is given; sent through the queue and then listed in its sent emails. Over the company's own SMTP server the subject and body given replace the template's, with at most ${RECIPIENTS_PER_EMAIL.company} recipients; without one, the platform's server sends the template only, from the company's name with replies to its address, to at most ${RECIPIENTS_PER_EMAIL.platform} recipients and within a daily quota (${PLATFORM_DAILY_EMAILS.trial} a day on a trial, ${PLATFORM_DAILY_EMAILS.subscribed} subscribed)`,
      auth: true,
      permissions: d.access.edit,
      body: EmailSalesDocumentInput,
      result: EmailQueued,
      responses: {
        202: "Queued",
        422: "No address to send to, an invalid one, or too many recipients (too_many_recipients)",
        429: "The company's daily quota of emails through the platform's server is used (email_quota_exceeded, with its limit)",
        ...errors,
      },
    },
    ...(d.update && d.verbs.update
      ? [
          {
            method: "patch",
            path: `${path}/{id}`,
            tag,
            summary: `Update a ${d.what}; lines given replace its lines and everything is priced again. ${SALES_LINES}`,
            auth: true,
            permissions: d.access.edit,
            body: d.update,
            result: SalesDocument,
            responses: { 200: "Updated", ...moveErrors, ...d.writeErrors, ...errors },
          } satisfies ApiOperation,
        ]
      : []),
    ...(d.verbs.remove
      ? [
          {
            method: "delete",
            path: `${path}/{id}`,
            tag,
            summary: `Delete a ${d.what} and the documents made from it, giving back the stock they reserved`,
            auth: true,
            permissions: d.access.edit,
            query: acknowledgeQuery(DELETE_ASKS.sales_document),
            responses: { 204: "Deleted", 409: "Another edit came first (conflict)", 422: "An acknowledgement is missing", ...errors },
          } satisfies ApiOperation,
        ]
      : []),
    ...d.moves.map((move): ApiOperation => ({
      method: "post",
      path: `${path}/{id}/${move.name}`,
      tag,
      summary: move.summary,
      auth: true,
      permissions: d.access.edit,
      result: SalesDocument,
      responses: {
        [move.created ? 201 : 200]: move.created ? "The new document" : `The ${d.what}`,
        ...moveErrors,
        ...(move.created ? d.writeErrors : {}),
        ...errors,
      },
    })),
  ];
}

export function salesDocumentRouter(d: Pick<SalesDocumentApi, "type" | "access" | "verbs" | "moves">) {
  const { verbs } = d;
  const router = new Hono<ApiEnv>()
    .get("/", requireActor(d.access.view), async (c) => {
      return c.json(await verbs.list(await verbCtx(c), new URL(c.req.url).searchParams));
    })
    .post("/", requireActor(d.access.edit), async (c) => {
      return c.json(await verbs.create(await verbCtx(c), await jsonBody(c)), 201);
    })
    .get("/:id", requireActor(d.access.read), async (c) => {
      return c.json(await verbs.get(await verbCtx(c), { id: c.req.param("id") }));
    })
    .get("/:id/pdf", requireActor(d.access.read), async (c) => {
      const pdf = await salesDocumentPdf(await verbCtx(c), { type: d.type, id: c.req.param("id") });
      return pdfResponse(pdf);
    })
    .post("/:id/email", requireActor(d.access.edit), async (c) => {
      return c.json(await emailSalesDocument(await verbCtx(c), { ...(await bodyWith(c, { id: c.req.param("id") })), type: d.type }), 202);
    });
  const { update, remove } = verbs;
  if (update)
    router.patch("/:id", requireActor(d.access.edit), async (c) => {
      // The id comes from the path, last: a body cannot name another record.
      return c.json(await update(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
    });
  if (remove)
    router.delete("/:id", requireActor(d.access.edit), async (c) => {
      await remove(await verbCtx(c), { id: c.req.param("id"), acknowledged: acknowledgementsOf(c.req.queries("acknowledge") ?? []) });
      return c.body(null, 204);
    });
  for (const move of d.moves)
    router.post(`/:id/${move.name}`, requireActor(d.access.edit), async (c) => {
      return c.json(await move.verb(await verbCtx(c), { id: c.req.param("id") }), move.created ? 201 : 200);
    });
  return router;
}
