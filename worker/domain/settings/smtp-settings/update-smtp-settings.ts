import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { fieldError, parseInput, SETTINGS } from "../common";
import { UpdateSmtpSettingsInput, type SmtpSettingsView } from "./smtp-settings-schemas";
import { findSmtpRow, smtpView } from "./smtp-settings-shared";

/**
 * Changes the SMTP settings given. A server needs a from address (its emails must say who sends
 * them); without a host, the platform's sender sends the company's emails.
 */
export async function updateSmtpSettings(ctx: Ctx, raw: unknown): Promise<SmtpSettingsView> {
  requirePermission(ctx, SETTINGS);
  const input = parseInput(UpdateSmtpSettingsInput, raw);
  const current = smtpView(await findSmtpRow(ctx.db));
  const host = input.host !== undefined ? input.host : current.host;
  const fromAddress = input.from_address !== undefined ? input.from_address : current.from_address;
  if (host && !fromAddress) throw fieldError("from_address", "required");
  const values = {
    host,
    port: input.port ?? current.port,
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
