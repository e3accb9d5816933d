import { Hono } from "hono";
import { PRINTABLE_KINDS } from "../domain/documents/pdf/pdf-settings";
import { SETTINGS } from "../domain/settings/common";
import { getPdfSettings } from "../domain/settings/pdf-settings/get-pdf-settings";
import { previewPdfSettings } from "../domain/settings/pdf-settings/preview-pdf-settings";
import { updatePdfSettings } from "../domain/settings/pdf-settings/update-pdf-settings";
import { PdfSettings as PdfSettingsInput } from "../domain/documents/pdf/pdf-settings";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { PdfSettings } from "./schemas/document-settings";
import type { ApiEnv } from "./types";
import { z } from "zod";

const TAG = "Settings";
const PATH = "/pdf-settings";

export const pdfSettingsOperations: ApiOperation[] = [
  {
    method: "get",
    path: PATH,
    tag: TAG,
    summary: "How the company's documents print (the defaults until changed)",
    auth: true,
    result: PdfSettings,
    responses: { 200: "The PDF settings", 401: errors[401], 403: errors[403] },
  },
  {
    method: "patch",
    path: PATH,
    tag: TAG,
    summary: "Change the PDF settings given (a blank title goes back to the default one)",
    auth: true,
    permissions: SETTINGS,
    body: PdfSettingsInput.partial(),
    result: PdfSettings,
    responses: { 200: "The PDF settings", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: `${PATH}/preview.pdf`,
    tag: TAG,
    summary: "A sample document printed with the saved PDF settings and the company's logo",
    auth: true,
    query: z.object({ kind: z.enum(PRINTABLE_KINDS).optional().meta({ description: "The kind of document (estimate by default)" }) }),
    media: "application/pdf",
    responses: { 200: "The PDF", 401: errors[401], 403: errors[403] },
  },
];

/** /api/v1/pdf-settings: read by any signed-in user, changed with settings. */
export const pdfSettings = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json(await getPdfSettings(await verbCtx(c))))
  .patch("/", requireActor(SETTINGS), async (c) => c.json(await updatePdfSettings(await verbCtx(c), await jsonBody(c))))
  .get("/preview.pdf", requireActor(), async (c) => {
    const kind = c.req.query("kind");
    const bytes = await previewPdfSettings(await verbCtx(c), kind === undefined ? {} : { kind });
    return new Response(bytes, { headers: { "content-type": "application/pdf", "cache-control": "private, no-store" } });
  });
