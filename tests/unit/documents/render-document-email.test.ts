import { describe, expect, it } from "vitest";
import { renderDocumentEmail } from "../../../worker/domain/settings/email-templates/render-document-email";
import { defaultEmailTemplate } from "../../../worker/domain/settings/email-templates/email-templates-shared";

const VALUES = {
  document_number: "DEV-000042",
  customer_name: "Boulangerie Martin",
  company_name: "Maison Durand",
  total: "1 234 567,89 €",
  date: "24/11/2026",
};

describe("a document's email from its template", () => {
  it("fills every placeholder with its value, in the subject, the text and the HTML", () => {
    const email = renderDocumentEmail(
      { subject: "{document_number} from {company_name}", body: "Dear {customer_name}, {total} on {date}." },
      VALUES,
    );
    expect(email.subject).toBe("DEV-000042 from Maison Durand");
    expect(email.text).toBe("Dear Boulangerie Martin, 1 234 567,89 € on 24/11/2026.");
    expect(email.html).toContain("<p>Dear Boulangerie Martin, 1 234 567,89 € on 24/11/2026.</p>");
  });

  it("leaves an unknown placeholder as typed", () => {
    const email = renderDocumentEmail({ subject: "{reference} {document_number}", body: "See {tracking_url} and {total}" }, VALUES);
    expect(email.subject).toBe("{reference} DEV-000042");
    expect(email.text).toBe("See {tracking_url} and 1 234 567,89 €");
  });

  it("leaves a known placeholder as typed when no value is given for it", () => {
    expect(renderDocumentEmail({ subject: "S", body: "Total: {total}" }, { document_number: "X" }).text).toBe("Total: {total}");
  });

  it("escapes the values and the typed text in the HTML part, not in the text part", () => {
    const email = renderDocumentEmail(
      { subject: "{customer_name}", body: "<b>Hi</b> {customer_name}" },
      { ...VALUES, customer_name: `Tom & "Jerry" <script>alert(1)</script>` },
    );
    expect(email.text).toBe(`<b>Hi</b> Tom & "Jerry" <script>alert(1)</script>`);
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain("&#60;b&#62;Hi&#60;/b&#62; Tom &#38; &#34;Jerry&#34; &#60;script&#62;");
  });

  it("keeps the body's paragraphs and line breaks in the HTML", () => {
    const email = renderDocumentEmail({ subject: "S", body: "Hello,\r\n\r\nLine one\nLine two" }, VALUES);
    expect(email.html).toContain("<p>Hello,</p>\n<p>Line one<br>Line two</p>");
  });

  it("writes the subject on one line, whatever a value holds", () => {
    expect(renderDocumentEmail({ subject: "Order {customer_name}", body: "B" }, { customer_name: "Evil\r\nBcc: x@y.z" }).subject).toBe(
      "Order Evil Bcc: x@y.z",
    );
  });

  it("has a default template of each type in French and in English, naming the document number", () => {
    for (const type of ["estimate", "sales_order", "shipping_order", "invoice"] as const) {
      const fr = renderDocumentEmail(defaultEmailTemplate(type, "fr"), VALUES);
      const en = renderDocumentEmail(defaultEmailTemplate(type, "en"), VALUES);
      expect(fr.subject).toContain("DEV-000042");
      expect(en.subject).toContain("DEV-000042");
      expect(fr.text).toContain("Bonjour Boulangerie Martin");
      expect(en.text).toContain("Hello Boulangerie Martin");
      expect(fr.text).not.toMatch(/\{\w+\}/);
    }
    expect(renderDocumentEmail(defaultEmailTemplate("invoice", "fr"), VALUES).subject).toBe("Facture DEV-000042 de Maison Durand");
  });
});
