import { tenantSchema, type TenantDb } from "../../../../db/client";
import type { SmtpSettingsView } from "./smtp-settings-schemas";

const { smtpSettings } = tenantSchema;
export type SmtpRow = typeof smtpSettings.$inferSelect;

/** The saved row, or none (the platform's sender). */
export async function findSmtpRow(db: TenantDb): Promise<SmtpRow | undefined> {
  const [row] = await db.select().from(smtpSettings).limit(1);
  return row;
}

/** Whether the saved row names a server of the company's own (a host and a from address); else the platform's sender carries its emails. */
export function ownsSmtpServer(row: SmtpRow | undefined): row is SmtpRow & { host: string; fromAddress: string } {
  return Boolean(row?.host && row.fromAddress);
}

export function smtpView(row: SmtpRow | undefined): SmtpSettingsView {
  return {
    host: row?.host ?? null,
    port: row?.port ?? 587,
    security: row?.security ?? "starttls",
    username: row?.username ?? null,
    password_set: Boolean(row?.password),
    from_address: row?.fromAddress ?? null,
    from_name: row?.fromName ?? null,
    updated_at: row?.updatedAt ?? null,
  };
}
