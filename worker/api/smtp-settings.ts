import { Hono } from "hono";
import { SETTINGS } from "../domain/settings/common";
import { getSmtpSettings } from "../domain/settings/smtp-settings/get-smtp-settings";
import { sendSmtpTestEmail } from "../domain/settings/smtp-settings/send-smtp-test-email";
import { SendSmtpTestEmailInput, UpdateSmtpSettingsInput } from "../domain/settings/smtp-settings/smtp-settings-schemas";
import { updateSmtpSettings } from "../domain/settings/smtp-settings/update-smtp-settings";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { SmtpSettings, SmtpTestEmail } from "./schemas/document-settings";
import type { ApiEnv } from "./types";

const TAG = "Settings";
const PATH = "/smtp-settings";

export const smtpSettingsOperations: ApiOperation[] = [
  {
    method: "get",
    path: PATH,
    tag: TAG,
    summary: "The company's SMTP server (the password is never returned)",
    auth: true,
    permissions: SETTINGS,
    result: SmtpSettings,
    responses: { 200: "The SMTP settings", ...errors },
  },
  {
    method: "patch",
    path: PATH,
    tag: TAG,
    summary: "Change the SMTP settings given (a blank host: the platform's sender; a blank password removes it, none keeps it)",
    auth: true,
    permissions: SETTINGS,
    body: UpdateSmtpSettingsInput,
    result: SmtpSettings,
    responses: { 200: "The SMTP settings", 422: "Invalid input", ...errors },
  },
  {
    method: "post",
    path: `${PATH}/test-email`,
    tag: TAG,
    summary: "Send a test email with these settings, to the signed-in user or the address given (an API token must give one)",
    auth: true,
    permissions: SETTINGS,
    body: SendSmtpTestEmailInput,
    result: { 202: SmtpTestEmail },
    responses: { 202: "The email is on its way", 422: "Invalid input", ...errors },
  },
];

/** /api/v1/smtp-settings: with settings only, as it names a mail account. */
export const smtpSettings = new Hono<ApiEnv>()
  .get("/", requireActor(SETTINGS), async (c) => c.json(await getSmtpSettings(await verbCtx(c))))
  .patch("/", requireActor(SETTINGS), async (c) => c.json(await updateSmtpSettings(await verbCtx(c), await jsonBody(c))))
  .post("/test-email", requireActor(SETTINGS), async (c) => c.json(await sendSmtpTestEmail(await verbCtx(c), await jsonBody(c)), 202));
