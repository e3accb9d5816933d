import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { Bindings } from "../../worker/env";
import { documentEmails, emailDocument } from "../../worker/domain/documents/document-emails";
import { documentPdf } from "../../worker/domain/documents/outputs";
import { formatDate, formatMoney } from "../../worker/domain/shared/format";
import { consumeOutboxMessage } from "../../worker/queues/outbox";
import { addUser, ctxOf } from "../support/factories";
import { callApi } from "../support/fetch-app";
import { consumerDeps } from "../support/outbox";
import { pdfStrings } from "../support/pdf-text";
import { waitForEmail } from "../support/sink-client";
import { makeCustomer } from "../support/isolation/sales";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;
const mailUrl = (env as unknown as Bindings & { TEST_MAIL_URL: string }).TEST_MAIL_URL;

/** A company with a customer who has an address, and an invoice of two mugs at 12.50 (a draft unless `finalize`). */
async function invoiceWorld(body: Record<string, unknown> = {}) {
  const w = await salesWorld();
  const address = `payer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const customer = await makeCustomer(w.db, { priceLevelId: w.level, emails: [address], language: "en" });
  const mug = await pricedVariant(w.db, w.level, "12.5");
  const created = await api(w.token, "POST", "/invoices", {
    customer_id: customer.id,
    location_id: w.location,
    lines: [{ variant_id: mug.id, quantity: "2" }],
    due_date: "2031-03-15",
    ...body,
  });
  expect(created.status).toBe(201);
  return { ...w, customer, address, invoice: created.body };
}

/** GET /api/v1/invoices/{id}/pdf: status, headers and bytes. */
async function pdfOf(token: string, id: number) {
  const response = await callApi("GET", `/invoices/${id}/pdf`, token);
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const head = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 5));

/** The outbox rows of document emails of a company, as the dispatcher would hand them to the queue. */
async function queued(w: Awaited<ReturnType<typeof invoiceWorld>>) {
  const rows = await w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.document"));
  return rows.map((row) => ({
    type: "company_outbox" as const,
    companyId: w.company.companyId,
    outboxId: row.id,
    topic: row.topic,
    payload: row.payload,
  }));
}

describe("an invoice's PDF", () => {
  it("prints its number, its due date, its total, what was paid and what remains to pay, under the title Invoice", async () => {
    const w = await invoiceWorld({ finalize: true });
    expect(w.invoice).toMatchObject({ number: "FAC-000001", status: "unpaid", due_date: "2031-03-15", total: "25.00" });
    const pdf = await pdfOf(w.token, w.invoice.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('inline; filename="FAC-000001.pdf"');
    expect(head(pdf.bytes)).toBe("%PDF-");
    const strings = await pdfStrings(pdf.bytes);
    const money = (amount: string) => formatMoney(amount, "EUR", "comma_point", "en");
    expect(strings).toContain("Invoice");
    expect(strings).toContain("No. FAC-000001");
    expect(strings).toContain(`Due date: ${formatDate("2031-03-15", "en")}`);
    expect(strings).toContain("Amount paid");
    expect(strings).toContain("Remaining to pay");
    // The total, then nothing paid, then all of it remaining.
    expect(strings.filter((s) => s.replace(/\s/g, "") === money("25").replace(/\s/g, "")).length).toBeGreaterThanOrEqual(2);
    expect(strings.some((s) => s.replace(/\s/g, "") === money("0").replace(/\s/g, ""))).toBe(true);
  });

  it("of a draft prints Draft instead of a number, and its file name says draft", async () => {
    const w = await invoiceWorld();
    expect(w.invoice).toMatchObject({ number: null, status: "draft" });
    const pdf = await pdfOf(w.token, w.invoice.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe(`inline; filename="invoice-draft-${w.invoice.id}.pdf"`);
    const strings = await pdfStrings(pdf.bytes);
    expect(strings).toContain("Draft");
    expect(strings.some((s) => s.includes("FAC-"))).toBe(false);
  });

  it("of a deposit invoice is titled Deposit invoice, and Facture d'acompte in French", async () => {
    const w = await invoiceWorld({ finalize: true, is_deposit: true });
    expect((await pdfStrings((await pdfOf(w.token, w.invoice.id)).bytes)).slice(0, 8)).toContain("Deposit invoice");
    const ctx = await ctxOf(w.company);
    const french = await documentPdf(ctx, { type: "invoice", id: w.invoice.id, language: "fr" });
    const strings = await pdfStrings(french.bytes);
    expect(strings).toContain("Facture d'acompte");
    expect(strings).toContain("Reste à payer");
    expect(strings).toContain(`Échéance : ${formatDate("2031-03-15", "fr")}`);
  });

  it("is printed by whoever may view invoices, and refused to anyone else", async () => {
    const w = await invoiceWorld({ finalize: true });
    const viewer = await addUser(w.company.companyId, { permissions: ["view_invoices"] });
    const stranger = await addUser(w.company.companyId, { permissions: ["view_sales_orders", "edit_sales_orders"] });
    expect((await pdfOf(viewer.token, w.invoice.id)).status).toBe(200);
    expect((await pdfOf(stranger.token, w.invoice.id)).status).toBe(403);
    expect((await pdfOf(w.token, 999_999)).status).toBe(404);
  });
});

describe("an invoice's email", () => {
  it("goes through the mail server with the invoice's PDF attached, and is recorded as sent", async () => {
    const w = await invoiceWorld({ finalize: true });
    const sent = await api(w.token, "POST", `/invoices/${w.invoice.id}/email`, {});
    expect(sent).toMatchObject({ status: 202, body: { queued: true, to: [w.address], transport: "platform" } });
    const [message] = await queued(w);
    expect(await consumeOutboxMessage(consumerDeps(), message!)).toBe("handled");
    const mail = await waitForEmail(mailUrl, w.address);
    expect(mail.subject).toContain("Invoice FAC-000001");
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: "FAC-000001.pdf", contentType: "application/pdf" })]);
    expect(mail.attachments[0]!.size).toBeGreaterThan(1000);
    const [row] = await w.db.select().from(t.sentEmails).where(eq(t.sentEmails.documentId, w.invoice.id));
    expect(row).toMatchObject({ type: "invoice", emailTo: w.address });
  });

  it("of a draft is refused (invoice_draft_not_sendable), queues nothing, and the page offers none", async () => {
    const w = await invoiceWorld();
    const refused = await api(w.token, "POST", `/invoices/${w.invoice.id}/email`, { to: "someone@example.test" });
    expect([refused.status, refused.body.error.code]).toEqual([409, "invoice_draft_not_sendable"]);
    expect(await queued(w)).toEqual([]);
    const ctx = await ctxOf(w.company);
    expect(await documentEmails(ctx, { type: "invoice", id: w.invoice.id })).toEqual({ draft: null, sent: [] });
    const finalized = await api(w.token, "POST", `/invoices/${w.invoice.id}/finalize`);
    expect(finalized.status).toBe(200);
    expect((await documentEmails(ctx, { type: "invoice", id: w.invoice.id })).draft).toMatchObject({
      to: [w.address],
      subject: expect.stringContaining(finalized.body.number),
    });
  });

  it("is sent by whoever edits invoices, not by whoever may only view them", async () => {
    const w = await invoiceWorld({ finalize: true });
    const viewer = await addUser(w.company.companyId, { permissions: ["view_invoices"] });
    const editor = await addUser(w.company.companyId, { permissions: ["view_invoices", "edit_invoices"] });
    const refused = await api(viewer.token, "POST", `/invoices/${w.invoice.id}/email`, {});
    expect(refused.status).toBe(403);
    const readerCtx = await ctxOf(w.company, { permissions: ["view_invoices"] });
    await expect(emailDocument(readerCtx, { type: "invoice", id: w.invoice.id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await queued(w)).toEqual([]);
    expect((await api(editor.token, "POST", `/invoices/${w.invoice.id}/email`, {})).status).toBe(202);
  });
});
