import type { Locale } from "../../domain/shared/locale";

/** The emails the product sends. Their texts are catalog entries `email.<template>.*`. */
export type EmailTemplate =
  | "password_reset"
  | "invitation"
  | "company_invitation"
  | "smtp_test"
  | "store_order_placed"
  | "store_order_alert"
  | "store_order_confirmed";

/**
 * An email as the domain describes it: recipient, language, template and values. The wording
 * lives in the catalogs (app/), which the domain may not import, so the mailer renders it.
 */
export interface EmailMessage {
  to: string;
  locale: Locale;
  template: EmailTemplate;
  params: Record<string, string>;
}

/** An email written by the company (a document's, from its template), with its files. */
export interface ComposedEmail {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string;
  /** Base64 contents. */
  attachments: { filename: string; content: string; mimeType: string }[];
  /** The display name of From, in place of the server's own (its address stays the server's). */
  fromName?: string;
  /** Where answers go, when not to the From address. */
  replyTo?: string;
}

/** Sends one email; rejects when it could not be handed to the mail server. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  sendComposed(email: ComposedEmail): Promise<void>;
}
