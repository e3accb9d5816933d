import { escapeHtml } from "../../shared/escape-html";
import { EMAIL_PLACEHOLDERS, type EmailPlaceholder } from "./email-template-schemas";

export interface RenderedDocumentEmail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const KNOWN: ReadonlySet<string> = new Set(EMAIL_PLACEHOLDERS);

// The template's text in pieces: typed text and the placeholders it names, filled or left as typed.
function fill(template: string, values: Partial<Record<EmailPlaceholder, string>>, escape: (text: string) => string): string {
  let out = "";
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    const value = KNOWN.has(name) ? values[name as EmailPlaceholder] : undefined;
    out += escape(template.slice(last, match.index)) + escape(value ?? match[0]);
    last = match.index + match[0].length;
  }
  return out + escape(template.slice(last));
}

/**
 * A document's email from its template: each known placeholder is replaced by its value (an
 * unknown one, or one without a value, stays as typed); in the HTML part the text and the values
 * are escaped and line breaks kept. The subject is one line.
 */
export function renderDocumentEmail(
  template: { subject: string; body: string },
  values: Partial<Record<EmailPlaceholder, string>>,
): RenderedDocumentEmail {
  const subject = fill(template.subject, values, (t) => t)
    .replace(/[\r\n]+/g, " ")
    .trim();
  const text = fill(template.body, values, (t) => t);
  const paragraphs = fill(template.body, values, escapeHtml)
    .split(/(?:\r?\n){2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, "<br>")}</p>`);
  const html = [
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;line-height:1.5">`,
    ...paragraphs,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}
