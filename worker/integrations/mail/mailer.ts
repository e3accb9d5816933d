import type { Locale } from "../../domain/shared/locale";

/** The emails the product sends. Their texts are catalog entries `email.<template>.*`. */
export type EmailTemplate =
  | "password_reset"
  | "invitation"
  | "company_invitation"
  | "smtp_test"
  | "store_order_placed"
  | "store_order_alert"
  | "store_order_confirmed"
  | "alert_below_re_order_point"
  | "alert_out_of_available"
  | "alert_out_of_on_hand"
  | "alert_new_sales_order"
  | "alert_new_b2b_store_sales_order"
  | "alert_b2b_store_access_request";

/**
 * An email as the domain describes it: recipient, language, template and values. The wording
 * lives in the catalogs (app/), which the domain may not import, so the mailer renders it.
 */
export interface EmailMessage {
  to: string;
  locale: Locale;
  template: EmailTemplate;
  params: Record<string, string>;
  /** Files attached (an alert's order PDF); base64 contents. */
  attachments?: ComposedEmail["attachments"];
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
