import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError, type FieldErrors } from "../../shared/domain-error";
import { smtpHostRefusal } from "../../shared/internal-hosts";
import { parseInput, SETTINGS } from "../common";
import { UpdateSmtpSettingsInput, type SmtpSettingsView } from "./smtp-settings-schemas";
import { findSmtpRow, smtpView } from "./smtp-settings-shared";

/**
 * Changes the SMTP settings given. A server needs a from address (its emails must say who sends
 * them) and may not be on an internal address (the Worker would reach into its own network);
 * without a host, the platform's sender sends the company's emails.
 */
export async function updateSmtpSettings(ctx: Ctx, raw: unknown): Promise<SmtpSettingsView> {
  requirePermission(ctx, SETTINGS);
  const input = parseInput(UpdateSmtpSettingsInput, raw);
  const current = smtpView(await findSmtpRow(ctx.db));
  const host = input.host !== undefined ? input.host : current.host;
  const fromAddress = input.from_address !== undefined ? input.from_address : current.from_address;
  const port = input.port ?? current.port;
  // Checked on the host and port as they will be saved: a row saved before the rule is refused too.
  const refusal = host ? smtpHostRefusal(host, port, ctx.privateSmtpHosts) : null;
  const fields: FieldErrors = {
    ...(refusal ? { host: { code: refusal } } : {}),
    ...(host && !fromAddress ? { from_address: { code: "required" } } : {}),
  };
  if (Object.keys(fields).length) throw new DomainError("validation_failed", {}, fields);
  const values = {
    host,
    port,
    security: input.security ?? current.security,
    username: input.username !== undefined ? input.username : current.username,
    fromAddress,
    fromName: input.from_name !== undefined ? input.from_name : current.from_name,
    // The password is kept sealed: only the mail consumer opens it, to log in to the server.
    ...(input.password !== undefined ? { password: input.password ? await ctx.secrets.seal(input.password) : null } : {}),
    updatedAt: ctx.now(),
  };
  const { smtpSettings } = tenantSchema;
  await ctx.db
    .insert(smtpSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: smtpSettings.id, set: values });
  return smtpView(await findSmtpRow(ctx.db));
}
