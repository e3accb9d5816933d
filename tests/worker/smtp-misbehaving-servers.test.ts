// A company's mail server that hangs up, stays silent or answers one byte a second fails that
// company's email, within the SMTP client's bounds, and nobody else notices: the Worker keeps answering.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { emailDocument } from "../../worker/domain/documents/document-emails";
import { sendSmtpTestEmail } from "../../worker/domain/settings/smtp-settings/send-smtp-test-email";
import { updateSmtpSettings } from "../../worker/domain/settings/smtp-settings/update-smtp-settings";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { SMTP_BOUNDS } from "../../worker/integrations/mail/smtp-client";
import { consumeOutboxMessage, type OutboxMessage } from "../../worker/queues/outbox";
import { ctxOf, makeCompany } from "../support/factories";
import { fetchApp } from "../support/fetch-app";
import { makeCustomer } from "../support/isolation/sales";
import { consumerDeps } from "../support/outbox";
import type { TrapCounts, TrapKind } from "../support/smtp-trap-servers";
import { emailsTo } from "../support/sink-client";
import { call } from "./products-fixtures";
import { pricedVariant, salesWorld } from "./sales-fixtures";

const bindings = env as unknown as { TEST_SMTP_PORTS: string; TEST_MAIL_URL: string };
const ports = JSON.parse(bindings.TEST_SMTP_PORTS) as Record<TrapKind | "control", number>;
const control = `http://127.0.0.1:${ports.control}`;
const t = tenantSchema;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The latency the health check must keep while a company's mail server misbehaves.
const HEALTH_MS = 50;

/**
 * At least `count` health answers, most within HEALTH_MS (the median, and four in five). The others
 * may have waited for the scheduler of a busy test machine (or for the PDF a document's email
 * renders), never for a second. A frozen isolate answers none: the watchdog ends the run.
 */
function expectAnsweredInTime(latencies: number[], count: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const shown = `health answers in ms: ${sorted.map(Math.round).join(", ")}`;
  expect(sorted.length, shown).toBeGreaterThanOrEqual(count);
  expect(sorted[Math.floor(sorted.length / 2)], shown).toBeLessThanOrEqual(HEALTH_MS);
  expect(sorted.filter((ms) => ms <= HEALTH_MS).length / sorted.length, shown).toBeGreaterThanOrEqual(0.8);
  expect(sorted.at(-1), shown).toBeLessThan(1000);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!);
  console.info(`health during the bad deliveries: ${sorted.length} answers, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
}

async function trapCounts(): Promise<Record<TrapKind, TrapCounts>> {
  return (await fetch(`${control}/counts`)).json();
}

/** The company's own server on one of the trap servers. */
async function pointAt(ctx: Ctx, kind: TrapKind) {
  await updateSmtpSettings(ctx, { host: "127.0.0.1", port: ports[kind], security: "none", from_address: "factures@durand.example" });
}

/** The company's outbox rows of a topic, as the dispatcher hands them to the queue. */
async function queued(company: { companyId: string; db: Ctx["db"] }, topic: string): Promise<OutboxMessage[]> {
  const rows = await company.db.select().from(t.outbox).where(eq(t.outbox.topic, topic));
  return rows.map((row) => ({ type: "company_outbox", companyId: company.companyId, outboxId: row.id, topic, payload: row.payload }));
}

/**
 * Runs `work` while the health check is asked again and again, and gives back how long each
 * answer took. A watchdog outside the Worker ends the run if the isolate stops answering: a
 * frozen isolate would otherwise hang the run for ever, its own timers frozen with it.
 */
async function healthDuring<T>(work: () => Promise<T>): Promise<{ outcome: Promise<T>; latencies: number[] }> {
  const beat = () => fetch(`${control}/watchdog?ms=15000`, { method: "POST" }).then((r) => r.body?.cancel());
  await beat();
  const latencies: number[] = [];
  try {
    const outcome = work();
    let settled = false;
    const done = outcome.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      const started = performance.now();
      const response = await fetchApp("/api/v1/health");
      const body = await response.json();
      latencies.push(performance.now() - started);
      expect({ status: response.status, body }).toMatchObject({ status: 200, body: { status: "ok" } });
      await beat();
      await Promise.race([done, sleep(100)]);
    }
    return { outcome, latencies };
  } finally {
    await fetch(`${control}/watchdog/off`, { method: "POST" }).then((r) => r.body?.cancel());
  }
}

/** How a delivery ended: its error (none when it was sent) and how long it took. */
async function timed(delivery: Promise<unknown>): Promise<{ error: string | null; ms: number }> {
  const started = performance.now();
  const error = await delivery.then(
    () => null,
    (e: unknown) => String(e),
  );
  return { error, ms: performance.now() - started };
}

describe("a company's mail server that misbehaves", () => {
  it("hanging up at once fails the test email asked through the API, and the health check keeps answering everyone meanwhile", async () => {
    const company = await makeCompany();
    const settings = { host: "127.0.0.1", port: ports.closing, security: "none", from_address: "factures@durand.example" };
    expect((await call("PATCH", "/smtp-settings", company.token, settings)).status).toBe(200);
    const before = (await trapCounts()).closing.connections;
    const to = `closing-${unique()}@example.test`;
    expect(await call("POST", "/smtp-settings/test-email", company.token, { to })).toMatchObject({ status: 202 });
    // The queue's consumer connects (and tries again); the health check is asked meanwhile and for 3 s after.
    const { latencies } = await healthDuring(async () => {
      for (let i = 0; i < 100 && (await trapCounts()).closing.connections === before; i++) await sleep(100);
      await sleep(3000);
    });
    expect((await trapCounts()).closing.connections).toBeGreaterThan(before);
    expectAnsweredInTime(latencies, 20);
    expect(await emailsTo(bindings.TEST_MAIL_URL, to)).toEqual([]);
  });

  it("fails each email within the client's bounds with what went wrong, closes the connection, and leaves the message to the queue's retry", async () => {
    const kinds = ["closing", "silent", "trickle"] as const;
    const companies = await Promise.all(
      kinds.map(async (kind) => {
        const company = await makeCompany();
        const ctx = await ctxOf(company);
        await pointAt(ctx, kind);
        await sendSmtpTestEmail(ctx, { to: `${kind}-${unique()}@example.test` });
        return { company, messages: await queued(company, "email.smtp_test") };
      }),
    );
    // A document's email (with its PDF) goes to the silent server too.
    const w = await salesWorld();
    const wctx = await ctxOf(w.company);
    await pointAt(wctx, "silent");
    const customer = await makeCustomer(w.db, { priceLevelId: w.level, emails: [`buyer-${unique()}@example.test`] });
    const variant = await pricedVariant(w.db, w.level, "12.5");
    const estimate = await createEstimate(wctx, {
      customer_id: customer.id,
      location_id: w.location,
      lines: [{ variant_id: variant.id, quantity: "2" }],
    });
    await emailDocument(wctx, { type: "estimate", id: estimate.id });
    const [documentEmail] = await queued(w.company, "email.document");

    const { outcome, latencies } = await healthDuring(() =>
      Promise.all([
        ...companies.map((c) => timed(consumeOutboxMessage(consumerDeps(), c.messages[0]!))),
        timed(consumeOutboxMessage(consumerDeps(), documentEmail!)),
      ]),
    );
    const [closing, silent, trickle, document] = await outcome;

    expect(closing!.error).toMatch(/SmtpError: the server closed the connection/);
    expect(closing!.ms).toBeLessThan(SMTP_BOUNDS.answerMs);
    expect(silent!.error).toMatch(/SmtpError: no answer from the server within 10 s/);
    expect(document!.error).toMatch(/SmtpError: no answer from the server within 10 s/);
    // Its answers come in time one by one (8 s each), but the whole delivery may not pass its deadline.
    expect(trickle!.error).toMatch(/SmtpError: delivery not finished within 30 s/);
    for (const [result, bound] of [
      [silent!, SMTP_BOUNDS.answerMs],
      [document!, SMTP_BOUNDS.answerMs],
      [trickle!, SMTP_BOUNDS.deliveryMs],
    ] as const) {
      expect(result.ms).toBeGreaterThanOrEqual(bound - 50);
      expect(result.ms).toBeLessThan(bound + 2000);
    }
    // The Worker hung up on each server itself.
    for (let i = 0; i < 20 && Object.values(await trapCounts()).some((c) => c.open > 0); i++) await sleep(100);
    expect(Object.values(await trapCounts()).map((c) => c.open)).toEqual([0, 0, 0]);
    // No claim is kept: the queue's next try sends the email again; nothing was recorded as sent.
    for (const { company } of companies) expect(await company.db.select().from(t.processedMessages)).toEqual([]);
    expect(await w.db.select().from(t.sentEmails)).toEqual([]);

    expectAnsweredInTime(latencies, 50);
  }, 60_000);
});
