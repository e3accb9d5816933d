import type { TenantDb } from "../../../../db/client";
import type { SmtpSettings } from "../../../integrations/mail/smtp-mailer";
import type { SecretBox } from "../../shared/secret-box";
import { findSmtpRow, ownsSmtpServer } from "./smtp-settings-shared";

/**
 * Which SMTP server sends the company's emails: its own when it names a host, else the
 * platform's sender (the `platform` settings) unchanged.
 */
export async function companySmtp(db: TenantDb, platform: SmtpSettings, secrets: SecretBox): Promise<SmtpSettings> {
  return (await ownSmtp(db, secrets)) ?? platform;
}

/** The company's own SMTP server, or null when it has none (its emails would leave by the platform's sender). */
export async function ownSmtp(db: TenantDb, secrets: SecretBox): Promise<SmtpSettings | null> {
  const row = await findSmtpRow(db);
  if (!ownsSmtpServer(row)) return null;
  return {
    SMTP_HOST: row.host,
    SMTP_PORT: row.port,
    SMTP_SECURITY: row.security,
    ...(row.username ? { SMTP_USER: row.username, SMTP_PASSWORD: row.password ? await secrets.open(row.password) : "" } : {}),
    MAIL_FROM: row.fromName ? `${row.fromName} <${row.fromAddress}>` : row.fromAddress,
  };
}
