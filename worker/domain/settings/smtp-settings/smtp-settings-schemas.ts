import { z } from "zod";
import { zOptionalEmail } from "../../contacts/shared";
import { classifyHost } from "../../shared/internal-hosts";
import { objectError, zOptionalText } from "../common";

export const SMTP_SECURITIES = ["tls", "starttls", "none"] as const;

/** The company's own SMTP server as a page or the API sees it: the password is never sent back, only whether one is set. */
export interface SmtpSettingsView {
  /** null: the platform's sender sends the company's emails. */
  host: string | null;
  port: number;
  security: (typeof SMTP_SECURITIES)[number];
  username: string | null;
  password_set: boolean;
  from_address: string | null;
  from_name: string | null;
  updated_at: number | null;
}

export const UpdateSmtpSettingsInput = z
  .strictObject(
    {
      // A host name or an address; blank: the platform's sender. Internal addresses are refused by the verb (smtpHostRefusal).
      host: zOptionalText(253).refine(
        (v) => v === null || (/^[A-Za-z0-9.:[\]-]+$/.test(v) && classifyHost(v).kind !== "invalid"),
        "invalid",
      ),
      port: z.int({ error: "invalid" }).min(1, "too_small").max(65535, "too_large"),
      security: z.enum(SMTP_SECURITIES, { error: "invalid" }),
      username: zOptionalText(320),
      // Write-only: a new one replaces the saved one, "" removes it, leaving it out keeps it.
      password: z.string({ error: "invalid" }).max(500, "too_long"),
      from_address: zOptionalEmail,
      // Written into the From header: no quote nor angle bracket.
      from_name: zOptionalText(100).refine((v) => v === null || !/["<>]/.test(v), "invalid"),
    },
    objectError,
  )
  .partial();
export type UpdateSmtpSettingsInput = z.input<typeof UpdateSmtpSettingsInput>;

export const SendSmtpTestEmailInput = z.strictObject({ to: zOptionalEmail.optional() }, objectError);
