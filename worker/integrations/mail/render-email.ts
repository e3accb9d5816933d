import { createI18n } from "../../../locales";
import { escapeHtml } from "../../domain/shared/escape-html";
import type { EmailMessage, EmailTemplate } from "./mailer";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

// The paragraphs of each template, in order; "link" is the `link` value itself, "message" the
// sender's own words (`message`), left out when there are none.
const PARAGRAPHS: Record<EmailTemplate, string[]> = {
  password_reset: ["intro", "link", "expiry", "ignore"],
  invitation: ["intro", "message", "link", "expiry"],
  company_invitation: ["intro", "message", "link", "expiry"],
  smtp_test: ["intro"],
  store_order_placed: ["intro", "next"],
  store_order_alert: ["intro", "next"],
  store_order_confirmed: ["intro", "next"],
  // An alert's email: its reason, and for the stock alerts the levels (`message`: one line each, written by the domain).
  alert_below_re_order_point: ["intro", "message", "next"],
  alert_out_of_available: ["intro", "message", "next"],
  alert_out_of_on_hand: ["intro", "message", "next"],
  alert_new_sales_order: ["intro", "next"],
  alert_new_b2b_store_sales_order: ["intro", "next"],
  alert_b2b_store_access_request: ["intro", "message", "next"],
};

/** Subject, plain text and HTML of an email, in the recipient's language. */
export function renderEmail(message: EmailMessage): RenderedEmail {
  const i18n = createI18n(message.locale);
  const t = (id: string) => i18n._(id, message.params);
  const link = message.params.link ?? "";
  // A line break in a subject would start a new header.
  const subject = t(`email.${message.template}.subject`)
    .replace(/[\r\n]+/g, " ")
    .trim();
  const greeting = t("email.greeting");
  const signature = t("email.signature");
  const words = message.params.message?.trim() ?? "";
  const parts = PARAGRAPHS[message.template].filter((p) => p !== "message" || words !== "");

  const paragraph = (p: string) => (p === "link" ? link : p === "message" ? words : t(`email.${message.template}.${p}`));
  const text = [greeting, ...parts.map(paragraph), signature].join("\n\n");
  const body = parts.map((p) =>
    p === "link"
      ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t(`email.${message.template}.action`))}</a><br><span style="color:#555">${escapeHtml(link)}</span></p>`
      : `<p style="white-space:pre-line">${escapeHtml(paragraph(p))}</p>`,
  );
  const html = [
    `<!doctype html><html lang="${message.locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...body,
    `<p>${escapeHtml(signature)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}

/** `Name <address>` or a bare address, as MAIL_FROM is written. */
export function parseMailbox(value: string): { name?: string; email: string } {
  const match = value.trim().match(/^(?:"?([^"<]*?)"?\s*)?<([^<>\s]+@[^<>\s]+)>$/);
  if (match) return match[1] ? { name: match[1], email: match[2]! } : { email: match[2]! };
  return { email: value.trim() };
}
