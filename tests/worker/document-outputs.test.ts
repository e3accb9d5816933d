import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { emailDocument } from "../../worker/domain/documents/document-emails";
import { DOCUMENT_OUTPUTS, documentPdf, OUTPUT_DOCUMENT_TYPES, type DocumentOutput } from "../../worker/domain/documents/outputs";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { EMAIL_TEMPLATE_TYPES } from "../../worker/domain/settings/email-templates/email-template-schemas";
import { defaultEmailTemplate } from "../../worker/domain/settings/email-templates/email-templates-shared";
import { companyTopics } from "../../worker/domain/shared/outbox";
import { ctxOf } from "../support/factories";
import { pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

describe("PDF and email by document type", () => {
  it("every document type that prints has its email template, in English and French, and goes through the one outbox topic", () => {
    expect(OUTPUT_DOCUMENT_TYPES).toEqual(
      expect.arrayContaining([
        "estimate",
        "sales_order",
        "shipping_order",
        "invoice",
        "credit_note",
        "refund",
        "purchase_order",
        "delivery",
      ]),
    );
    for (const type of EMAIL_TEMPLATE_TYPES)
      for (const language of ["en", "fr"] as const) {
        const template = defaultEmailTemplate(type, language);
        // A missing catalog entry reads as its id.
        expect(template.subject, `${type}/${language}`).not.toContain("email_template.");
        expect(template.subject, `${type}/${language}`).toContain("{document_number}");
        expect(template.body, `${type}/${language}`).toContain("{company_name}");
      }
    expect(defaultEmailTemplate("purchase_order", "fr").subject).toBe("Bon de commande {document_number} de {company_name}");
    const payload = { documentId: 1, to: ["a@example.test"], cc: [], bcc: [], language: "en", subject: "s", text: "t", html: "h" };
    for (const type of EMAIL_TEMPLATE_TYPES)
      expect(companyTopics["email.document"].safeParse({ ...payload, type }).success, type).toBe(true);
  });

  it("a type with no row yet prints and sends nothing: not_found", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    await expect(documentPdf(ctx, { type: "invoice", id: 1 })).rejects.toMatchObject({ code: "not_found" });
    await expect(emailDocument(ctx, { type: "purchase_order", id: 1 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("a row whose party is a supplier writes from its own template to the supplier's address", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    const variant = await pricedVariant(w.db, w.level, "12.5");
    const estimate = await createEstimate(ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: variant.id, quantity: "2" }],
    });
    const [supplier] = await w.db.insert(t.suppliers).values({ name: "Acme Supplies", email: "orders@acme.example.test" }).returning();
    // A purchase order's row as purchasing will add it: here printing an estimate, its party the supplier.
    const estimates = DOCUMENT_OUTPUTS.estimate!;
    const row: DocumentOutput = {
      ...estimates,
      template: "purchase_order",
      load: async (db, id) => ({
        ...(await estimates.load(db, id)),
        type: "purchase_order",
        party: { kind: "supplier", id: supplier!.id, label: supplier!.name },
      }),
    };
    DOCUMENT_OUTPUTS.purchase_order = row;
    try {
      expect(await emailDocument(ctx, { type: "purchase_order", id: estimate.id, language: "en" })).toMatchObject({
        to: ["orders@acme.example.test"],
      });
      const [queued] = await w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.document"));
      expect(queued!.payload).toMatchObject({
        type: "purchase_order",
        documentId: estimate.id,
        to: ["orders@acme.example.test"],
        subject: `Purchase order ${estimate.number} from ${w.company.label}`,
      });
      expect((queued!.payload as { text: string }).text).toContain("Hello Acme Supplies,");
    } finally {
      delete DOCUMENT_OUTPUTS.purchase_order;
    }
  });
});
