import type { TenantDb } from "../../../../db/client";
import type { SmtpSettings } from "../../../integrations/mail/smtp-mailer";
import type { SecretBox } from "../../shared/secret-box";
import { findSmtpRow } from "./smtp-settings-shared";

/**
 * Which SMTP server sends the company's emails: its own when it names a host, else the
 * platform's sender (the `platform` settings) unchanged.
 */
export async function companySmtp(db: TenantDb, platform: SmtpSettings, secrets: SecretBox): Promise<SmtpSettings> {
  const row = await findSmtpRow(db);
  if (!row?.host || !row.fromAddress) return platform;
  return {
    SMTP_HOST: row.host,
    SMTP_PORT: row.port,
    SMTP_SECURITY: row.security,
    ...(row.username ? { SMTP_USER: row.username, SMTP_PASSWORD: row.password ? await secrets.open(row.password) : "" } : {}),
    MAIL_FROM: row.fromName ? `${row.fromName} <${row.fromAddress}>` : row.fromAddress,
  };
}
