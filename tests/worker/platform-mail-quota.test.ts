import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { emailDocument } from "../../worker/domain/documents/document-emails";
import { updateEmailTemplate } from "../../worker/domain/settings/email-templates/update-email-template";
import { listSentEmails } from "../../worker/domain/settings/sent-emails/list-sent-emails";
import { updateSmtpSettings } from "../../worker/domain/settings/smtp-settings/update-smtp-settings";
import { parseEnv, type Bindings } from "../../worker/env";
import { consumeOutboxMessage, type OutboxConsumerDeps } from "../../worker/queues/outbox";
import { outboxConsumerDeps } from "../../worker/queues/outbox-runtime";
import { control } from "../support/factories";
import { consumerDeps } from "../support/outbox";
import { emailsTo, type ReceivedEmail } from "../support/sink-client";
import { api, estimateWithAddress } from "./sales-fixtures";

const t = tenantSchema;
const bindings = env as unknown as { TEST_MAIL_URL: string; SMTP_PORT: string };
const mailUrl = bindings.TEST_MAIL_URL;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// The policy under test (decisions/036), written out: a trial's daily emails and the recipients of one email.
const TRIAL_PER_DAY = 20;
const PAID_PER_DAY = 200;
const PLATFORM_RECIPIENTS = 10;
const OWN_RECIPIENTS = 50;
// The platform's sender address in the test Worker (MAIL_FROM's default).
const PLATFORM_ADDRESS = "no-reply@comptoir.example";

/** A fresh (trial) company without SMTP settings of its own, with an estimate for a customer who has an address. */
const trialWithEstimate = () => estimateWithAddress();
type World = Awaited<ReturnType<typeof trialWithEstimate>>;

// The local sink stands for a company's own server: an internal address, which a company may name only where allowed (test servers).
const SINK = `127.0.0.1:${bindings.SMTP_PORT}`;
const sinkAllowed = (): OutboxConsumerDeps => {
  const parsed = parseEnv(env as unknown as Bindings);
  return outboxConsumerDeps({ ...parsed, settings: { ...parsed.settings, SMTP_ALLOWED_PRIVATE_HOSTS: [SINK] } });
};

/** The company's own SMTP server: the same local sink, under the company's own from address. */
async function ownServer(w: World, from = `factures-${unique()}@durand.example`) {
  await updateSmtpSettings(
    { ...w.ctx, privateSmtpHosts: [SINK] },
    {
      host: "127.0.0.1",
      port: Number(bindings.SMTP_PORT),
      security: "none",
      from_address: from,
      from_name: "Durand Factures",
    },
  );
  return from;
}

const send = (w: World, body: Record<string, unknown>) => api(w.token, "POST", `/estimates/${w.estimate.id}/email`, body);

const queuedRows = (w: World) => w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.document"));

/**
 * Hands every queued document email to the consumer, as the queue would (the real queue may have taken
 * some first, or hold one now: that one is "busy", and the queue's own consumer finishes it).
 */
async function deliverQueued(w: World, deps = consumerDeps()) {
  for (const row of await queuedRows(w)) {
    const message = {
      type: "company_outbox" as const,
      companyId: w.company.companyId,
      outboxId: row.id,
      topic: row.topic,
      payload: row.payload,
    };
    expect(["handled", "duplicate", "busy"]).toContain(await consumeOutboxMessage(deps, message));
  }
}

/** Polls until `read` gives a value `done` accepts (the queue's own consumer may still be sending), then returns it. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sentRecords = (w: World) => listSentEmails(w.ctx, { type: "estimate", document_id: w.estimate.id });

describe("document emails through the platform's mail server (a company without SMTP settings of its own)", () => {
  it("are held to the trial's daily quota however many are asked at once: exactly the quota is queued and delivered, the rest refused with 429", async () => {
    const w = await trialWithEstimate();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(w, { to: w.address })));

    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status !== 202);
    expect(accepted).toHaveLength(TRIAL_PER_DAY);
    expect(refused).toHaveLength(50 - TRIAL_PER_DAY);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body.error).toMatchObject({ code: "email_quota_exceeded", params: { limit: TRIAL_PER_DAY } });
      expect(answer.body.error.message).toContain(String(TRIAL_PER_DAY));
    }
    expect(await queuedRows(w)).toHaveLength(TRIAL_PER_DAY);

    await deliverQueued(w);
    await until(
      () => emailsTo(mailUrl, w.address),
      (m) => m.length >= TRIAL_PER_DAY,
      "emails delivered",
    );
    await until(
      () => sentRecords(w),
      (s) => s.length >= TRIAL_PER_DAY,
      "emails recorded",
    );
    expect(await emailsTo(mailUrl, w.address)).toHaveLength(TRIAL_PER_DAY);
    expect(await sentRecords(w)).toHaveLength(TRIAL_PER_DAY);

    // The quota is a day's (UTC): the next day sends again.
    const tomorrow = { ...w.ctx, now: () => Date.now() + 86_400_000 };
    await expect(emailDocument(w.ctx, { type: "estimate", id: w.estimate.id })).rejects.toMatchObject({
      code: "email_quota_exceeded",
    });
    expect(await emailDocument(tomorrow, { type: "estimate", id: w.estimate.id })).toMatchObject({
      queued: true,
      transport: "platform",
    });
  });

  it("give a subscribed company the higher quota", async () => {
    const w = await trialWithEstimate();
    await control.update(controlSchema.companies).set({ status: "subscribed" }).where(eq(controlSchema.companies.id, w.company.companyId));
    const today = new Date().toISOString().slice(0, 10);
    // The day's count as if the company had sent all but one of its emails.
    await w.db.run(sql`insert into platform_mail_days (day, messages) values (${today}, ${PAID_PER_DAY - 1})`);
    expect((await send(w, {})).status).toBe(202);
    const over = await send(w, {});
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: "email_quota_exceeded", params: { limit: PAID_PER_DAY } });
  });

  it("carry at most 10 recipients: one more is refused with 422 naming the field where the count passes, and nothing is queued", async () => {
    const w = await trialWithEstimate();
    const many = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-${i}-${unique()}@example.test`);

    const tooMany = await send(w, { to: many(PLATFORM_RECIPIENTS + 1, "to") });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.fields).toMatchObject({ to: { code: "too_many_recipients", params: { max: PLATFORM_RECIPIENTS } } });
    expect(tooMany.body.error.fields.to.message).toContain(String(PLATFORM_RECIPIENTS));

    const inCopy = await send(w, { to: many(5, "to"), cc: many(3, "cc"), bcc: many(3, "bcc") });
    expect(inCopy.status).toBe(422);
    expect(Object.keys(inCopy.body.error.fields)).toEqual(["bcc"]);
    expect(await queuedRows(w)).toEqual([]);

    expect((await send(w, { to: many(5, "to"), cc: many(3, "cc"), bcc: many(2, "bcc") })).status).toBe(202);
  });

  it("are written from the company's template, not the subject and body asked, from its name at the platform's address, with answers to its own address", async () => {
    const w = await trialWithEstimate();
    const companyAddress = `contact-${unique()}@durand.example`;
    await w.db.update(t.companySettings).set({ label: "Maison Durand", email: companyAddress });
    await updateEmailTemplate(w.ctx, {
      type: "estimate",
      language: "en",
      subject: "Estimate {document_number} from {company_name}",
      body: "Hello {customer_name},\n\nPlease find our estimate attached.",
    });

    const answer = await send(w, {
      language: "en",
      subject: "You won a prize",
      body: "Claim it now at https://evil.example/claim",
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ transport: "platform" });
    await deliverQueued(w);
    const [mail] = await until(
      () => emailsTo(mailUrl, w.address),
      (m) => m.length > 0,
      "email delivered",
    );

    expect(mail!.subject).toBe(`Estimate ${w.estimate.number} from Maison Durand`);
    expect(mail!.text).toContain("Please find our estimate attached.");
    expect(`${mail!.subject} ${mail!.text} ${mail!.html}`).not.toMatch(/prize|evil\.example/);
    expect(mail).toMatchObject<Partial<ReceivedEmail>>({
      fromName: "Maison Durand",
      fromAddress: PLATFORM_ADDRESS,
      replyTo: companyAddress,
    });
    expect(mail!.attachments).toEqual([expect.objectContaining({ filename: `${w.estimate.number}.pdf` })]);
  });

  it("are recorded with who asked for them, to whom, the subject, when and through which server", async () => {
    const w = await trialWithEstimate();
    const before = Date.now();
    await emailDocument(w.ctx, { type: "estimate", id: w.estimate.id, cc: "copy@example.test" });
    expect((await send(w, {})).status).toBe(202);
    await deliverQueued(w);
    const records = await until(
      () => sentRecords(w),
      (s) => s.length >= 2,
      "emails recorded",
    );
    const mails = await emailsTo(mailUrl, w.address);
    const actor = w.ctx.actor as Extract<typeof w.ctx.actor, { kind: "user" }>;

    const byUser = records.find((r) => r.sent_by?.kind === "user");
    expect(byUser).toMatchObject({
      transport: "platform",
      email_to: w.address,
      email_cc: "copy@example.test",
      sent_by: { kind: "user", id: actor.userId, name: expect.stringContaining(actor.email) },
    });
    expect(mails.map((m) => m.subject)).toContain(byUser!.email_object);
    expect(byUser!.date).toBeGreaterThanOrEqual(before);
    expect(records.find((r) => r.sent_by?.kind === "api_token")).toMatchObject({
      transport: "platform",
      email_to: w.address,
      sent_by: { kind: "api_token", id: expect.any(String) },
    });
  });
});

describe("document emails through the company's own SMTP server", () => {
  it("are not held by the platform's quota, keep the subject and body asked and the company's From, and carry up to 50 recipients", async () => {
    const w = await trialWithEstimate();
    const from = await ownServer(w);
    // Through the verb, all at once: a request would hand them to the queue, whose consumer is not allowed the local sink.
    const asked = Array.from({ length: TRIAL_PER_DAY + 5 }, () =>
      emailDocument(w.ctx, { type: "estimate", id: w.estimate.id, subject: "Our estimate {document_number}" }),
    );
    expect(await Promise.all(asked)).toEqual(asked.map(() => ({ queued: true, to: [w.address], transport: "company" })));

    await deliverQueued(w, sinkAllowed());
    const mails = await emailsTo(mailUrl, w.address);
    expect(mails).toHaveLength(TRIAL_PER_DAY + 5);
    expect(mails[0]).toMatchObject({
      subject: `Our estimate ${w.estimate.number}`,
      fromName: "Durand Factures",
      fromAddress: from,
      replyTo: null,
    });
    const records = await sentRecords(w);
    expect(records).toHaveLength(TRIAL_PER_DAY + 5);
    expect(records.every((r) => r.transport === "company")).toBe(true);

    const many = (n: number) => Array.from({ length: n }, (_, i) => `r${i}-${unique()}@example.test`);
    expect(await emailDocument(w.ctx, { type: "estimate", id: w.estimate.id, to: many(OWN_RECIPIENTS) })).toMatchObject({
      queued: true,
    });
    const over = await send(w, { to: many(OWN_RECIPIENTS - 10), bcc: many(11) });
    expect(over.status).toBe(422);
    expect(over.body.error.fields).toMatchObject({ bcc: { code: "too_many_recipients", params: { max: OWN_RECIPIENTS } } });
  });

  it("are not sent by the platform's server when the company's own is removed before they leave", async () => {
    const w = await trialWithEstimate();
    await ownServer(w);
    // Through the verb: a request would hand it to the queue at once, which could send it before the server is removed.
    await emailDocument(w.ctx, { type: "estimate", id: w.estimate.id, subject: "Free words" });
    await updateSmtpSettings(w.ctx, { host: "" });
    const [row] = await queuedRows(w);
    const message = {
      type: "company_outbox" as const,
      companyId: w.company.companyId,
      outboxId: row!.id,
      topic: row!.topic,
      payload: row!.payload,
    };
    expect(await consumeOutboxMessage(sinkAllowed(), message)).toBe("handled");
    expect(await emailsTo(mailUrl, w.address)).toEqual([]);
    expect(await sentRecords(w)).toEqual([]);
    // Nothing was taken from the platform's quota either.
    expect((await w.db.run(sql`select * from platform_mail_days`)).rows).toEqual([]);
  });
});
