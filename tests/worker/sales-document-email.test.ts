import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { Bindings } from "../../worker/env";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { emailDocument } from "../../worker/domain/documents/document-emails";
import { updateSmtpSettings } from "../../worker/domain/settings/smtp-settings/update-smtp-settings";
import { consumeOutboxMessage } from "../../worker/queues/outbox";
import { ctxOf } from "../support/factories";
import { consumerDeps } from "../support/outbox";
import { emailsTo, waitForEmail } from "../support/sink-client";
import { makeCustomer } from "../support/isolation/sales";
import { pdfStrings } from "../support/pdf-text";
import { api, estimateWithAddress } from "./sales-fixtures";

const t = tenantSchema;
const mailUrl = (env as unknown as Bindings & { TEST_MAIL_URL: string }).TEST_MAIL_URL;
const smtpPort = Number((env as unknown as { SMTP_PORT: string }).SMTP_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The company outbox rows of this topic, as the dispatcher would hand them to the queue. */
async function queued(w: Awaited<ReturnType<typeof estimateWithAddress>>) {
  const rows = await w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.document"));
  return rows.map((row) => ({
    type: "company_outbox" as const,
    companyId: w.company.companyId,
    outboxId: row.id,
    topic: row.topic,
    payload: row.payload,
  }));
}

describe("a sales document's email", () => {
  it("goes to the customer's address with the document's PDF attached, and is recorded as sent with its PDF kept", async () => {
    const w = await estimateWithAddress();
    expect(await emailDocument(w.ctx, { type: "estimate", id: w.estimate.id })).toEqual({
      queued: true,
      to: [w.address],
      transport: "platform",
    });

    const [message] = await queued(w);
    expect(await consumeOutboxMessage(consumerDeps(), message!)).toBe("handled");
    const mail = await waitForEmail(mailUrl, w.address);
    expect(mail.subject).toContain(w.estimate.number);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${w.estimate.number}.pdf`, contentType: "application/pdf" })]);
    expect(mail.attachments[0]!.size).toBeGreaterThan(1000);

    const [sent] = await w.db
      .select()
      .from(t.sentEmails)
      .where(and(eq(t.sentEmails.type, "estimate"), eq(t.sentEmails.documentId, w.estimate.id)));
    expect(sent).toMatchObject({ emailTo: w.address, emailObject: mail.subject });
    const pdf = await w.ctx.files.get(sent!.pdfKey!);
    expect(new TextDecoder().decode(new Uint8Array(await new Response(pdf!.body).arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("is sent once however often the queue delivers it", async () => {
    const w = await estimateWithAddress();
    await emailDocument(w.ctx, { type: "estimate", id: w.estimate.id });
    const [message] = await queued(w);
    expect(await consumeOutboxMessage(consumerDeps(), message!)).toBe("handled");
    expect(await consumeOutboxMessage(consumerDeps(), message!)).toBe("duplicate");
    await waitForEmail(mailUrl, w.address);
    expect(await emailsTo(mailUrl, w.address)).toHaveLength(1);
    expect(await w.db.select().from(t.sentEmails).where(eq(t.sentEmails.documentId, w.estimate.id))).toHaveLength(1);
  });

  it("takes the subject, body and addresses given over the company's own server, and refuses a document with no address to send to", async () => {
    const w = await estimateWithAddress();
    // The local sink stands for the company's server: an internal address, allowed here as a test server.
    const own = { ...w.ctx, privateSmtpHosts: [`127.0.0.1:${smtpPort}`] };
    await updateSmtpSettings(own, { host: "127.0.0.1", port: smtpPort, security: "none", from_address: "factures@durand.example" });
    const other = `other-${unique()}@example.test`;
    const answer = await api(w.token, "POST", `/estimates/${w.estimate.id}/email`, { to: other, subject: "Votre devis {document_number}" });
    expect(answer.status).toBe(202);
    const [message] = await queued(w);
    expect(message!.payload).toMatchObject({ to: [other], subject: `Votre devis ${w.estimate.number}` });

    const silent = await makeCustomer(w.db, { priceLevelId: w.level });
    const bare = await createEstimate(w.ctx, { customer_id: silent.id, location_id: w.location });
    const refused = await api(w.token, "POST", `/estimates/${bare.id}/email`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toMatchObject({ to: { code: "required" } });
    const invalid = await api(w.token, "POST", `/estimates/${bare.id}/email`, { to: "not an address" });
    expect(invalid.body.error.fields).toMatchObject({ "to.0": { code: "invalid_email" } });
  });

  it("is refused to someone who may only read the document, and queues nothing", async () => {
    const w = await estimateWithAddress();
    const reader = await ctxOf(w.company, { permissions: ["view_estimates"] });
    await expect(emailDocument(reader, { type: "estimate", id: w.estimate.id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await queued(w)).toEqual([]);
  });
});

describe("a sales document's email language", () => {
  /** The email `emailDocument` queued, sent through the consumer: as received, as recorded, and its PDF's strings. */
  async function sendAndRead(w: Awaited<ReturnType<typeof estimateWithAddress>>) {
    await emailDocument(w.ctx, { type: "estimate", id: w.estimate.id });
    const [message] = await queued(w);
    expect(await consumeOutboxMessage(consumerDeps(), message!)).toBe("handled");
    const mail = await waitForEmail(mailUrl, w.address);
    const [sent] = await w.db.select().from(t.sentEmails).where(eq(t.sentEmails.documentId, w.estimate.id));
    const pdf = await w.ctx.files.get(sent!.pdfKey!);
    return { mail, sent: sent!, pdf: await pdfStrings(new Uint8Array(await new Response(pdf!.body).arrayBuffer())) };
  }

  it("follows the customer when the PDF settings leave it to them: a customer in Lille with language fr gets the French subject, body and PDF", async () => {
    const w = await estimateWithAddress({ label: "Boulangerie de Lille", language: "fr" });
    // An English-speaking company whose PDF settings print in the customer's language (the default).
    await w.db.update(t.companySettings).set({ languages: ["en"] });
    const [company] = await w.db.select({ label: t.companySettings.label }).from(t.companySettings);
    const { mail, sent, pdf } = await sendAndRead(w);
    expect(mail.subject).toBe(`Devis ${w.estimate.number} de ${company!.label}`);
    expect(mail.text).toContain("Bonjour Boulangerie de Lille,");
    expect(mail.text).toContain("Veuillez trouver ci-joint notre devis");
    expect(sent.language).toBe("fr");
    expect(pdf).toContain("Devis");
    expect(pdf).not.toContain("Estimate");
  });

  it("is the PDF settings' language when they name one, for the email as for its PDF", async () => {
    const w = await estimateWithAddress();
    await w.db.update(t.companySettings).set({ languages: ["en"] });
    expect((await api(w.token, "PATCH", "/pdf-settings", { language: "fr" })).status).toBe(200);
    const { mail, sent, pdf } = await sendAndRead(w);
    expect(mail.subject).toMatch(new RegExp(`^Devis ${w.estimate.number} de `));
    expect(mail.text).toMatch(/^Bonjour /);
    expect(sent.language).toBe("fr");
    expect(pdf).toContain("Devis");
  });
});
