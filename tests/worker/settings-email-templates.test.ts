import { describe, expect, it } from "vitest";
import { getEmailTemplate } from "../../worker/domain/settings/email-templates/get-email-template";
import { listEmailTemplates } from "../../worker/domain/settings/email-templates/list-email-templates";
import { resetEmailTemplate } from "../../worker/domain/settings/email-templates/reset-email-template";
import { updateEmailTemplate } from "../../worker/domain/settings/email-templates/update-email-template";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { addUser, ctxOf, makeCompany } from "../support/factories";
import { call } from "./products-fixtures";

const OURS = { subject: "Votre devis {document_number}", body: "Bonjour {customer_name},\n\nLe devis est joint.\n{company_name}" };

describe("the email templates", () => {
  it("are the defaults in both languages for each document type until the company writes one", async () => {
    const admin = await ctxOf(await makeCompany());
    const all = await listEmailTemplates(admin);
    expect(all.map((t) => `${t.type}/${t.language}`)).toEqual([
      "estimate/en",
      "estimate/fr",
      "sales_order/en",
      "sales_order/fr",
      "shipping_order/en",
      "shipping_order/fr",
      "invoice/en",
      "invoice/fr",
      "credit_note/en",
      "credit_note/fr",
      "refund/en",
      "refund/fr",
      "purchase_order/en",
      "purchase_order/fr",
      "delivery/en",
      "delivery/fr",
    ]);
    expect(all.every((t) => !t.customized && t.updated_at === null)).toBe(true);
    expect(await getEmailTemplate(admin, { type: "invoice", language: "fr" })).toMatchObject({
      subject: "Facture {document_number} de {company_name}",
      customized: false,
    });
  });

  it("keep the company's own text for one type and language, and go back to the default when reset", async () => {
    const admin = await ctxOf(await makeCompany());
    const saved = await updateEmailTemplate(admin, { type: "estimate", language: "fr", ...OURS });
    expect(saved).toMatchObject({ ...OURS, type: "estimate", language: "fr", customized: true, updated_at: expect.any(Number) });
    expect(await getEmailTemplate(admin, { type: "estimate", language: "fr" })).toEqual(saved);
    // The English one is still the default.
    expect((await getEmailTemplate(admin, { type: "estimate", language: "en" })).customized).toBe(false);

    const reset = await resetEmailTemplate(admin, { type: "estimate", language: "fr" });
    expect(reset).toMatchObject({ subject: "Devis {document_number} de {company_name}", customized: false });
    expect(await getEmailTemplate(admin, { type: "estimate", language: "fr" })).toEqual(reset);
  });

  it("are read by any user but written only with the settings permission and the email_templates module", async () => {
    const company = await makeCompany();
    const clerk = await ctxOf(company, { permissions: ["view_estimates"] });
    const withoutModule = await ctxOf(company, { permissions: ADMINISTRATOR_PERMISSIONS.filter((p) => p !== "email_templates") });
    expect((await listEmailTemplates(clerk)).length).toBe(16);
    for (const ctx of [clerk, withoutModule]) {
      await expect(updateEmailTemplate(ctx, { type: "estimate", language: "en", ...OURS })).rejects.toMatchObject({ code: "forbidden" });
      await expect(resetEmailTemplate(ctx, { type: "estimate", language: "en" })).rejects.toMatchObject({ code: "forbidden" });
    }
  });
});

describe("/api/v1/email-templates", () => {
  it("lists, writes, reads and resets a template", async () => {
    const company = await makeCompany();
    const list = await call("GET", "/email-templates", company.token);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(16);
    const put = await call("PUT", "/email-templates/sales_order/en", company.token, OURS);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ type: "sales_order", language: "en", ...OURS, customized: true });
    expect((await call("GET", "/email-templates/sales_order/en", company.token)).body).toEqual(put.body);
    const reset = await call("DELETE", "/email-templates/sales_order/en", company.token);
    expect(reset.body).toMatchObject({ customized: false, subject: "Order {document_number} from {company_name}" });
  });

  it.each([
    [{ ...OURS, subject: " " }, "subject", "required"],
    [{ ...OURS, subject: "Line\nbreak" }, "subject", "single_line"],
    [{ ...OURS, subject: "x".repeat(201) }, "subject", "too_long"],
    [{ subject: "S" }, "body", "required"],
    [{ ...OURS, body: "x".repeat(10_001) }, "body", "too_long"],
    [{ ...OURS, cc: "a@b.c" }, "cc", "unknown_field"],
    [{ ...OURS, type: "invoice" }, "type", "unknown_field"],
  ])("refuses %j naming %s (%s), and changes nothing", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("PUT", "/email-templates/estimate/en", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.fields[field]).toMatchObject({ code });
    expect((await call("GET", "/email-templates/estimate/en", company.token)).body.customized).toBe(false);
  });

  it("answers 404 for a document type or language it has no template for", async () => {
    const company = await makeCompany();
    expect((await call("GET", "/email-templates/receipt/en", company.token)).status).toBe(404);
    expect((await call("GET", "/email-templates/estimate/de", company.token)).status).toBe(404);
    expect((await call("PUT", "/email-templates/estimate/de", company.token, OURS)).status).toBe(404);
  });

  it("answers 403 to a user without the settings permission who writes one", async () => {
    const company = await makeCompany();
    const clerk = await addUser(company.companyId, { permissions: ["view_estimates"] });
    expect((await call("PUT", "/email-templates/estimate/en", clerk.token, OURS)).status).toBe(403);
    expect((await call("GET", "/email-templates/estimate/en", clerk.token)).status).toBe(200);
  });
});
