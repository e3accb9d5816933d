import { Hono } from "hono";
import { EMAIL_TEMPLATES, UpdateEmailTemplateInput } from "../domain/settings/email-templates/email-template-schemas";
import { getEmailTemplate } from "../domain/settings/email-templates/get-email-template";
import { listEmailTemplates } from "../domain/settings/email-templates/list-email-templates";
import { resetEmailTemplate } from "../domain/settings/email-templates/reset-email-template";
import { updateEmailTemplate } from "../domain/settings/email-templates/update-email-template";
import { requireActor, verbCtx } from "./auth";
import { bodyWith } from "./body";
import { errors, type ApiOperation } from "./operation";
import { EmailTemplate, EmailTemplateList } from "./schemas/document-settings";
import type { ApiEnv } from "./types";

const TAG = "Settings";
const PATH = "/email-templates";
const ONE = `${PATH}/{type}/{language}`;
const notFound = "No such document type or language";

export const emailTemplateOperations: ApiOperation[] = [
  {
    method: "get",
    path: PATH,
    tag: TAG,
    summary: "Every email template: the company's where it wrote one, else the default",
    auth: true,
    result: EmailTemplateList,
    responses: { 200: "The templates", 401: errors[401], 403: errors[403] },
  },
  {
    method: "get",
    path: ONE,
    tag: TAG,
    summary: "The email template of a document type (estimate, sales_order, shipping_order, invoice) in a language (en, fr)",
    auth: true,
    result: EmailTemplate,
    responses: { 200: "The template", 401: errors[401], 403: errors[403], 404: notFound },
  },
  {
    method: "put",
    path: ONE,
    tag: TAG,
    summary: "Write the company's own subject and body of a template",
    auth: true,
    permissions: EMAIL_TEMPLATES,
    body: UpdateEmailTemplateInput.omit({ type: true, language: true }),
    result: EmailTemplate,
    responses: { 200: "The template", 404: notFound, 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: ONE,
    tag: TAG,
    summary: "Go back to the default template",
    auth: true,
    permissions: EMAIL_TEMPLATES,
    result: EmailTemplate,
    responses: { 200: "The default template", 404: notFound, ...errors },
  },
];

const key = (c: { req: { param(name: string): string | undefined } }) => ({
  type: c.req.param("type") ?? "",
  language: c.req.param("language") ?? "",
});

/** /api/v1/email-templates: read by any signed-in user, written with settings and the email_templates module. */
export const emailTemplates = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json({ items: await listEmailTemplates(await verbCtx(c)) }))
  .get("/:type/:language", requireActor(), async (c) => c.json(await getEmailTemplate(await verbCtx(c), key(c))))
  .put("/:type/:language", requireActor(EMAIL_TEMPLATES), async (c) =>
    c.json(await updateEmailTemplate(await verbCtx(c), await bodyWith(c, key(c)))),
  )
  .delete("/:type/:language", requireActor(EMAIL_TEMPLATES), async (c) => c.json(await resetEmailTemplate(await verbCtx(c), key(c))));
