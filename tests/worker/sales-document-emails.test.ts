import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { Bindings } from "../../worker/env";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { emailDocument } from "../../worker/domain/documents/document-emails";
import { documentEmails } from "../../worker/domain/documents/document-emails";
import { updateSmtpSettings } from "../../worker/domain/settings/smtp-settings/update-smtp-settings";
import { consumeOutboxMessage } from "../../worker/queues/outbox";
import { ctxOf } from "../support/factories";
import { makeCustomer } from "../support/isolation/sales";
import { consumerDeps } from "../support/outbox";
import { waitForEmail } from "../support/sink-client";
import { salesWorld } from "./sales-fixtures";

const t = tenantSchema;
const mailUrl = (env as unknown as Bindings & { TEST_MAIL_URL: string }).TEST_MAIL_URL;
const smtpPort = Number((env as unknown as { SMTP_PORT: string }).SMTP_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A company with two estimates for a customer who has an email address. */
async function twoEstimates(customerValues: Partial<typeof t.customers.$inferInsert> = {}) {
  const w = await salesWorld();
  const address = `buyer-${unique()}@example.test`;
  const customer = await makeCustomer(w.db, { emails: [address], ...customerValues });
  const ctx = await ctxOf(w.company);
  const make = () => createEstimate(ctx, { customer_id: customer.id, location_id: w.location, lines: [{ description: "Four à sole" }] });
  return { ...w, ctx, customer, address, first: await make(), second: await make() };
}

/** Sends the estimate's email and delivers every queued one, as the queue would. */
async function sendAndDeliver(w: Awaited<ReturnType<typeof twoEstimates>>, id: number, extra: Record<string, unknown> = {}) {
  await emailDocument(w.ctx, { type: "estimate", id, ...extra });
  for (const row of await w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.document"))) {
    const message = {
      type: "company_outbox" as const,
      companyId: w.company.companyId,
      outboxId: row.id,
      topic: row.topic,
      payload: row.payload,
    };
    expect(["handled", "duplicate"]).toContain(await consumeOutboxMessage(consumerDeps(), message));
  }
}

describe("a sales document's emails, as its page shows them", () => {
  it("list the emails sent with this document only, the latest first: when, to whom, what, by whom and through which server", async () => {
    const w = await twoEstimates();
    const before = Date.now();
    await sendAndDeliver(w, w.first.id);
    const copy = `copy-${unique()}@example.test`;
    await sendAndDeliver(w, w.first.id, { cc: copy });
    await sendAndDeliver(w, w.second.id);
    await waitForEmail(mailUrl, copy);

    const { sent } = await documentEmails(w.ctx, { type: "estimate", id: w.first.id });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.id).toBeGreaterThan(sent[1]!.id);
    expect(sent[0]).toMatchObject({ to: w.address, cc: copy, bcc: null, language: "en", transport: "platform" });
    expect(sent[0]!.subject).toContain(w.first.number);
    expect(sent[0]!.date).toBeGreaterThanOrEqual(before);
    expect(sent[0]!.sent_by).toEqual({ kind: "user", name: expect.stringContaining(`<${(w.ctx.actor as { email: string }).email}>`) });
    expect(sent[1]).toMatchObject({ to: w.address, cc: null });

    const other = await documentEmails(w.ctx, { type: "estimate", id: w.second.id });
    expect(other.sent.map((e) => e.subject)).toEqual([expect.stringContaining(w.second.number)]);
    // The same id as another type of document: not this one.
    await expect(documentEmails(w.ctx, { type: "sales_order", id: w.first.id })).rejects.toMatchObject({ code: "not_found" });
  });

  it("give nothing of another company's: its document with the same id has none, and an id only it has is not found", async () => {
    const a = await twoEstimates();
    await sendAndDeliver(a, a.first.id);
    expect((await documentEmails(a.ctx, { type: "estimate", id: a.first.id })).sent).toHaveLength(1);

    // Each company numbers its own documents: the other company's first estimate has the same id.
    const b = await salesWorld();
    const bCtx = await ctxOf(b.company);
    const customer = await makeCustomer(b.db);
    const theirs = await createEstimate(bCtx, { customer_id: customer.id, location_id: b.location });
    expect(theirs.id).toBe(a.first.id);
    expect((await documentEmails(bCtx, { type: "estimate", id: theirs.id })).sent).toEqual([]);
    await expect(documentEmails(bCtx, { type: "estimate", id: a.second.id })).rejects.toMatchObject({ code: "not_found" });
  });

  it("show the email the button would send: the template in the customer's language, read-only over the platform's server", async () => {
    const w = await twoEstimates({ label: "Boulangerie de Lille", language: "fr" });
    await w.db.update(t.companySettings).set({ languages: ["en"] });
    const { draft } = await documentEmails(w.ctx, { type: "estimate", id: w.first.id });
    expect(draft).toMatchObject({ to: [w.address], language: "fr", transport: "platform", editable: false, max_recipients: 10 });
    expect(draft!.subject).toMatch(new RegExp(`^Devis ${w.first.number} de `));
    expect(draft!.body).toMatch(/^Bonjour Boulangerie de Lille,/);

    // What is sent is what was shown.
    await sendAndDeliver(w, w.first.id, { language: draft!.language });
    const mail = await waitForEmail(mailUrl, w.address);
    expect(mail.subject).toBe(draft!.subject);
    expect(mail.text.trim()).toBe(draft!.body.trim());
  });

  it("make the draft editable over the company's own server, and give a reader the history without a draft", async () => {
    const w = await twoEstimates();
    const own = { ...w.ctx, privateSmtpHosts: [`127.0.0.1:${smtpPort}`] };
    await updateSmtpSettings(own, { host: "127.0.0.1", port: smtpPort, security: "none", from_address: "factures@durand.example" });
    expect((await documentEmails(w.ctx, { type: "estimate", id: w.first.id })).draft).toMatchObject({
      transport: "company",
      editable: true,
      max_recipients: 50,
    });
    await sendAndDeliver(w, w.first.id, { subject: "Votre devis {document_number}" });
    const reader = await ctxOf(w.company, { permissions: ["view_estimates"] });
    const seen = await documentEmails(reader, { type: "estimate", id: w.first.id });
    expect(seen.draft).toBeNull();
    expect(seen.sent.map((e) => [e.subject, e.transport])).toEqual([[`Votre devis ${w.first.number}`, "company"]]);
    const outsider = await ctxOf(w.company, { permissions: ["view_customers"] });
    await expect(documentEmails(outsider, { type: "estimate", id: w.first.id })).rejects.toMatchObject({ code: "forbidden" });
  });
});
