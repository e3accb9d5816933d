import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { I18nProvider } from "@lingui/react";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../locales";
import { SalesDetailPage, type SalesDetailData } from "../../app/components/sales/sales-document-pages";
import type { DocumentEmails } from "../../worker/domain/documents/document-emails";
import type { SalesDocumentView } from "../../worker/domain/sales/sales-documents";

/** The page as the browser first gets it, its entities decoded so that texts read as typed. */
function render(data: Partial<SalesDetailData>, locale: "en" | "fr") {
  const i18n = createI18n(locale);
  i18n.activate(locale);
  const loaderData = { doc, intents: [], canEdit: false, canDelete: false, origin: null, notice: null, ...data } as SalesDetailData;
  const Stub = createRoutesStub([
    { path: "/", Component: () => h(SalesDetailPage, { kind: "estimate", loaderData, actionData: undefined }) },
  ]);
  const html = renderToString(h(I18nProvider, { i18n }, h(Stub, { initialEntries: ["/"] })));
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const doc = {
  id: 7,
  type: "estimate",
  number: "DEV-000007",
  status: "draft",
  customer: { id: 1, label: "Boulangerie de Lille" },
  location: { id: 1, label: "Entrepôt" },
  date: "2026-11-24",
  expiration_date: null,
  currency: "EUR",
  notes: null,
  terms: null,
  internal_notes: null,
  lines: [],
  subtotal: "0",
  global_discount_amount: "0",
  tax_total: "0",
  total: "0",
  total_weight: "0",
} as unknown as SalesDocumentView;

const draft = {
  to: ["martin@boulangerie.example"],
  language: "fr",
  subject: "Devis DEV-000007 de Maison Durand",
  body: "Bonjour Boulangerie de Lille,\n\nVeuillez trouver ci-joint notre devis DEV-000007.",
  transport: "platform",
  editable: false,
  max_recipients: 10,
} satisfies DocumentEmails["draft"];

const sent = {
  id: 3,
  date: Date.UTC(2026, 10, 24, 9, 30),
  to: "martin@boulangerie.example",
  cc: "compta@boulangerie.example",
  bcc: null,
  subject: "Devis DEV-000007 de Maison Durand",
  language: "fr",
  transport: "platform",
  sent_by: { kind: "user", name: "Léa Roux <lea@durand.example>" },
} satisfies DocumentEmails["sent"][number];

/** The subject field and the message field of the email panel, as rendered. */
const subjectField = (html: string) => html.match(/<input[^>]*value="Devis DEV-000007 de Maison Durand"[^>]*>/)?.[0] ?? "";
const bodyField = (html: string) => html.match(/<textarea[^>]*>[^<]*<\/textarea>/)?.[0] ?? "";

describe("the email panel of a document's page", () => {
  it("shows the subject and message it will send, in the email's language, read-only with a line saying why over the platform's server", () => {
    const en = render({ emails: { draft, sent: [] } }, "en");
    expect(en).toContain("Send by email");
    expect(en).toContain('value="martin@boulangerie.example"');
    expect(subjectField(en)).toContain("readOnly");
    expect(subjectField(en)).not.toContain('name="subject"');
    expect(bodyField(en)).toContain("Bonjour Boulangerie de Lille,\n\nVeuillez trouver ci-joint notre devis DEV-000007.");
    expect(bodyField(en)).toContain("readOnly");
    expect(bodyField(en)).not.toContain('name="body"');
    expect(en).toContain('name="language" value="fr"');
    expect(en).toContain("Written in Français");
    expect(en).toContain("Sent by Comptoir's sender, which sends your email template as it is");
    const fr = render({ emails: { draft, sent: [] } }, "fr");
    expect(fr).toContain("Envoyé par l'expéditeur de Comptoir, qui envoie votre modèle d'e-mail tel quel");
  });

  it("lets the subject and message be changed over the company's own server", () => {
    const html = render({ emails: { draft: { ...draft, transport: "company", editable: true, max_recipients: 50 }, sent: [] } }, "en");
    expect(subjectField(html)).toContain('name="subject"');
    expect(subjectField(html)).not.toContain("readOnly");
    expect(bodyField(html)).toContain('name="body"');
    expect(html).not.toContain("Comptoir's sender");
  });
});

describe("the sent emails of a document's page", () => {
  it("lists when, to whom, what, by whom and through which server, in English and in French", () => {
    const en = render({ emails: { draft, sent: [sent] } }, "en");
    const table = en.slice(en.indexOf("Sent emails"));
    for (const text of ["Sent on", "Recipients", "Subject", "Sent by", "Through"]) expect(table).toContain(text);
    expect(table).toContain("martin@boulangerie.example");
    expect(table).toContain("Copy: compta@boulangerie.example");
    expect(table).toContain("Devis DEV-000007 de Maison Durand");
    expect(table).toContain("Léa Roux <lea@durand.example>");
    expect(table).toContain("Comptoir's sender");
    // The reader's date and time (the default zone here: UTC).
    expect(table).toContain("2026-11-24 09:30");
    const fr = render({ emails: { draft, sent: [{ ...sent, transport: "company", sent_by: { kind: "api_token", name: null } }] } }, "fr");
    const tableFr = fr.slice(fr.indexOf("E-mails envoyés"));
    for (const text of ["Envoyé le", "Destinataires", "Objet", "Envoyé par", "Copie : compta@boulangerie.example"])
      expect(tableFr).toContain(text);
    expect(tableFr).toContain("Un jeton d'API");
    expect(tableFr).toContain("Votre serveur d'e-mail");
  });

  it("are shown to a reader who may not send (no email panel), and say when there are none", () => {
    const reader = render({ emails: { draft: null, sent: [sent] } }, "en");
    expect(reader).not.toContain("Send by email");
    expect(reader).toContain("Sent emails");
    expect(reader).toContain("martin@boulangerie.example");
    expect(render({ emails: { draft, sent: [] } }, "en")).toContain("No email has been sent with this document yet.");
  });
});
