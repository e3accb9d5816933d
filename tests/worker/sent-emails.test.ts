import { describe, expect, it } from "vitest";
import { listSentEmails } from "../../worker/domain/settings/sent-emails/list-sent-emails";
import { recordSentEmail } from "../../worker/domain/settings/sent-emails/record-sent-email";
import { ctxOf, makeCompany } from "../support/factories";

const SENT = {
  type: "estimate",
  document_id: 42,
  language: "fr",
  email_to: "martin@boulangerie.example, compta@boulangerie.example",
  email_object: "Devis DEV-000042 de Maison Durand",
  email_body: "Bonjour Boulangerie Martin,\n\nVeuillez trouver ci-joint notre devis.",
  email_cc: "",
  email_bcc: "archive@durand.example",
  pdf_key: "companies/x/documents/estimate-42.pdf",
};

describe("the sent emails", () => {
  it("record an email as it was sent with its document, and list a document's emails, the latest first", async () => {
    const company = await makeCompany();
    const admin = await ctxOf(company);
    const first = await recordSentEmail({ ...admin, now: () => 1_700_000_000_000 }, SENT);
    expect(first).toEqual({
      id: expect.any(Number),
      ...SENT,
      email_cc: null,
      date: 1_700_000_000_000,
      transport: null,
      sent_by: null,
    });
    const second = await recordSentEmail(admin, { ...SENT, email_object: "Relance" });
    await recordSentEmail(admin, { ...SENT, document_id: 43 });
    expect((await listSentEmails(admin, { type: "estimate", document_id: 42 })).map((e) => e.id)).toEqual([second.id, first.id]);
    expect(await listSentEmails(admin, { type: "sales_order", document_id: 42 })).toEqual([]);
  });

  it.each([
    [{ email_to: "" }, "email_to", "required"],
    [{ email_to: "martin@boulangerie.example, nobody" }, "email_to", "invalid_email"],
    [{ email_bcc: "x" }, "email_bcc", "invalid_email"],
    [{ email_object: " " }, "email_object", "required"],
    [{ type: "receipt" }, "type", "invalid"],
    [{ language: "de" }, "language", "invalid_language"],
  ])("refuses %j naming %s (%s)", async (change, field, code) => {
    const admin = await ctxOf(await makeCompany());
    await expect(recordSentEmail(admin, { ...SENT, ...change })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { [field]: { code } },
    });
  });

  it("are recorded only by who may send that document, and read only by who may see it", async () => {
    const company = await makeCompany();
    const seller = await ctxOf(company, { permissions: ["edit_estimates", "view_estimates"] });
    const shipper = await ctxOf(company, { permissions: ["edit_shipping_orders", "view_shipping_orders"] });
    await recordSentEmail(seller, SENT);
    await expect(recordSentEmail(shipper, SENT)).rejects.toMatchObject({ code: "forbidden" });
    await expect(listSentEmails(shipper, { type: "estimate", document_id: 42 })).rejects.toMatchObject({ code: "forbidden" });
    expect(await listSentEmails(seller, { type: "estimate", document_id: 42 })).toHaveLength(1);
  });
});
