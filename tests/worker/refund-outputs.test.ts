import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { Bindings } from "../../worker/env";
import { consumeOutboxMessage } from "../../worker/queues/outbox";
import { ctxOf } from "../support/factories";
import { callApi } from "../support/fetch-app";
import { makeCustomer } from "../support/isolation/sales";
import { consumerDeps } from "../support/outbox";
import { pdfStrings } from "../support/pdf-text";
import { waitForEmail } from "../support/sink-client";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;
const mailUrl = (env as unknown as Bindings & { TEST_MAIL_URL: string }).TEST_MAIL_URL;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A refund of two mugs at 10.00 (returned from a finalised invoice) with 2.50 held back, for a
 * customer held to 30 days: what it pays back is 17.50.
 */
async function refundWorld() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  const customer = await makeCustomer(w.db, { priceLevelId: w.level, paymentTermsType: "net", paymentTermsDays: 30 });
  const invoice = await api(w.token, "POST", "/invoices", {
    customer_id: customer.id,
    location_id: w.location,
    finalize: true,
    lines: [{ variant_id: mug.id, quantity: "2", price: "10" }],
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
  const returned = await api(w.token, "POST", "/product-returns", { invoice_id: invoice.body.id });
  expect(returned.status, JSON.stringify(returned.body)).toBe(201);
  const refund = await api(w.token, "POST", "/refunds", { product_return_id: returned.body.id, discrepancy: "-2.5" });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  expect(refund.body).toMatchObject({ total: "20.00", discrepancy: "-2.50", amount: "17.50" });
  return { ...w, invoice: invoice.body as { id: number }, refund: refund.body as { id: number; number: string } };
}

async function pdfOf(token: string, path: string) {
  const response = await callApi("GET", path, token);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/pdf");
  return pdfStrings(new Uint8Array(await response.arrayBuffer()));
}

describe("a refund's PDF and email", () => {
  it("prints its number, its lines, its total, the discrepancy and what it pays back, without the customer's payment terms", async () => {
    const w = await refundWorld();
    const printed = (await pdfOf(w.token, `/refunds/${w.refund.id}/pdf`)).join("\n");
    expect(printed).toContain("Refund");
    // Paid to the customer: it bills no one.
    expect(printed).toContain("REFUND TO");
    expect(printed).not.toContain("BILL TO");
    expect(printed).toContain(w.refund.number);
    expect(printed).toMatch(/20[.,]00/);
    expect(printed).toContain("Discrepancy");
    expect(printed).toMatch(/-\s?(€\s?)?2[.,]50/);
    expect(printed).toContain("Amount refunded");
    expect(printed).toMatch(/17[.,]50/);
    // The invoice it came from prints the customer's terms; the refund, owed to the customer, does not.
    expect((await pdfOf(w.token, `/invoices/${w.invoice.id}/pdf`)).join("\n")).toContain("Payment terms");
    expect(printed).not.toContain("Payment terms");
  });

  it("is sent with its PDF attached, its total being what it pays back, and recorded as sent", async () => {
    const w = await refundWorld();
    const address = `refund-${unique()}@example.test`;
    const queued = await api(w.token, "POST", `/refunds/${w.refund.id}/email`, { to: address, language: "en" });
    expect([queued.status, queued.body]).toEqual([202, { queued: true, to: [address], transport: "platform" }]);
    const [row] = await w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.document"));
    expect(row!.payload).toMatchObject({ type: "refund", documentId: w.refund.id, to: [address] });
    const handled = await consumeOutboxMessage(consumerDeps(), {
      type: "company_outbox",
      companyId: w.company.companyId,
      outboxId: row!.id,
      topic: row!.topic,
      payload: row!.payload,
    });
    expect(handled).toBe("handled");
    const mail = await waitForEmail(mailUrl, address);
    expect(mail.subject).toContain(w.refund.number);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${w.refund.number}.pdf`, contentType: "application/pdf" })]);
    expect(mail.attachments[0]!.size).toBeGreaterThan(1000);
    const [sent] = await w.db
      .select()
      .from(t.sentEmails)
      .where(and(eq(t.sentEmails.type, "refund"), eq(t.sentEmails.documentId, w.refund.id)));
    expect(sent).toMatchObject({ emailTo: address, emailObject: mail.subject });
    expect(sent!.emailBody).toMatch(/17[.,]50/);
    const pdf = await (await ctxOf(w.company)).files.get(sent!.pdfKey!);
    const attached = (await pdfStrings(new Uint8Array(await new Response(pdf!.body).arrayBuffer()))).join("\n");
    expect(attached).toContain(w.refund.number);
    expect(attached).toMatch(/17[.,]50/);
  });

  it("prints under the title the PDF settings give refunds, and the settings' preview of a refund prints no payment terms", async () => {
    const w = await refundWorld();
    const titled = await api(w.token, "PATCH", "/pdf-settings", { titles: { refund: "Money back" } });
    expect([titled.status, titled.body.titles]).toEqual([200, { refund: "Money back" }]);
    const response = await callApi("GET", `/refunds/${w.refund.id}/pdf`, w.token);
    expect((await PDFDocument.load(await response.arrayBuffer())).getTitle()).toBe(`Money back ${w.refund.number}`);

    const preview = async (kind: string) => {
      const answer = await callApi("GET", `/pdf-settings/preview.pdf?kind=${kind}`, w.token);
      expect(answer.status, kind).toBe(200);
      return (await pdfStrings(new Uint8Array(await answer.arrayBuffer()))).join("\n");
    };
    expect(await preview("invoice")).toContain("Payment terms");
    const refund = await preview("refund");
    expect(refund).toContain("Money back");
    expect(refund).not.toContain("Payment terms");
  });
});
