import { requirePermission, type Ctx } from "../../shared/ctx";
import { SETTINGS } from "../common";
import type { SmtpSettingsView } from "./smtp-settings-schemas";
import { findSmtpRow, smtpView } from "./smtp-settings-shared";

/** The company's SMTP server (its password never comes back); with settings, as it names an account. */
export async function getSmtpSettings(ctx: Ctx, _input: Record<string, never> = {}): Promise<SmtpSettingsView> {
  requirePermission(ctx, SETTINGS);
  return smtpView(await findSmtpRow(ctx.db));
}
