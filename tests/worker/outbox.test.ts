import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema, type TenantDb } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { newId } from "../../worker/domain/shared/ids";
import { companyOutboxRow, controlOutboxRow } from "../../worker/domain/shared/outbox";
import { inviteUser } from "../../worker/domain/users/invite-user";
import type { Bindings } from "../../worker/env";
import worker from "../../worker/index";
import { consumeJobs } from "../../worker/queues/jobs";
import {
  consumeOutboxMessage,
  dispatchCompanyOutbox,
  dispatchControlOutbox,
  OUTBOX_RETENTION_MS,
  purgeOutbox,
  type OutboxMessage,
} from "../../worker/queues/outbox";
import { addUser, control, ctxOf, makeCompany } from "../support/factories";
import { fetchApp } from "../support/fetch-app";
import { firstLocation, makeVariant } from "../support/isolation/stock";
import { StockBatch } from "../../worker/domain/stock/ledger";
import { LEVEL_WATCHERS } from "../../worker/domain/stock/level-watchers";
import { consumerDeps, messageOf, outboxRowsFor, processedMessage, unreachableMailer } from "../support/outbox";
import { emailsTo, firstLink, waitForEmail } from "../support/sink-client";

const bindings = env as unknown as Bindings & { TEST_MAIL_URL: string };
const mailUrl = bindings.TEST_MAIL_URL;
const t = tenantSchema;

function post(path: string, token: string, body: unknown) {
  return fetchApp(`/api/v1${path}`, { method: "POST", token, json: body });
}

/** A queue that keeps what it is given, or refuses it. */
function fakeQueue(refuse = false) {
  const sent: OutboxMessage[] = [];
  return {
    sent,
    async sendBatch(messages: Iterable<{ body: OutboxMessage }>) {
      if (refuse) throw new Error("queue unavailable");
      for (const m of messages) sent.push(m.body);
    },
  };
}

/** Runs the Worker's queue handler on these bodies, as the queue would deliver them. */
async function deliver(...bodies: unknown[]) {
  const batch = createMessageBatch(
    "comptoir-jobs",
    bodies.map((body, i) => ({ id: `m${i}-${newId()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, bindings, ctx);
  return { ids: batch.messages.map((m) => m.id), result: await getQueueResult(batch, ctx) };
}

async function companyOutbox(db: TenantDb) {
  return db.select().from(t.outbox).orderBy(t.outbox.id);
}

async function companyProcessed(db: TenantDb, id: number) {
  const [row] = await db.all<{ done_at: number | null }>(sql`select done_at from processed_messages where id = ${id}`);
  return row;
}

/** A reset email's outbox row, as the reset request writes it. */
async function resetEmailRow(userId: string) {
  const [row] = await controlOutboxRow(control, "email.password_reset", { userId, baseUrl: "http://app.test" }).returning();
  return row!;
}

/** A stock batch's outbox row in a company's database. */
async function levelChangedRow(db: TenantDb, variantId = 1) {
  const [row] = await companyOutboxRow(db, "stock.level_changed", {
    documentType: "entry",
    levels: [{ variantId, locationId: 1 }],
  }).returning();
  return row!;
}

async function adminActor() {
  const company = await makeCompany();
  const admin = await addUser(company.companyId, { permissions: ADMINISTRATOR_PERMISSIONS });
  return { company, admin, ctx: await ctxOf(company, { permissions: ADMINISTRATOR_PERMISSIONS }) };
}

describe("outbox rows are written in the batch of their change", () => {
  it("records an invitation email with the invitation, and none for an invitation refused by the database", async () => {
    const { ctx } = await adminActor();
    const person = await addUser((await makeCompany()).companyId);
    const input = { email: person.email, first_name: "P", last_name: "Q", baseUrl: "http://app.test" };
    await inviteUser(ctx, input);
    // The second invitation fails on the unique index inside its batch: its outbox row goes with it.
    await expect(inviteUser(ctx, input)).rejects.toMatchObject({
      code: "invitation_already_pending",
    });
    expect(await outboxRowsFor(person.userId)).toMatchObject([
      {
        topic: "email.company_invitation",
        dispatchedAt: null,
        attempts: 0,
        payload: { userId: person.userId, baseUrl: "http://app.test" },
      },
    ]);
  });

  it("writes no stock.level_changed row while nothing listens to stock levels (no active stock alert): a stock write wakes no outbox", async () => {
    const company = await makeCompany();
    const db = company.db;
    const main = await firstLocation(db);
    const a = await makeVariant(db);
    // The stock alerts are the only listener, and this company has none.
    expect(LEVEL_WATCHERS.map((w) => w.name)).toEqual(["stock alerts"]);
    const entry = await post("/stock-entries", company.token, { location_id: main, lines: [{ variant_id: a.id, quantity: "2" }] });
    expect(entry.status).toBe(201);
    expect(await companyOutbox(db)).toEqual([]);
  });

  it("records one stock.level_changed row per stock batch when a watcher listens, naming the levels it changed; none when the watcher does not hold or the batch is refused", async () => {
    const company = await makeCompany();
    const db = company.db;
    const main = await firstLocation(db);
    const [a, b] = [await makeVariant(db), await makeVariant(db)];
    const author = { userId: null, forbidsNegative: false };
    const U = 10_000_000;
    // A watcher that holds while the company forbids negative stock: read inside the batch, not before it.
    const watchers = [{ name: "test", listening: sql`exists (select 1 from company_settings where prevent_negative_inventory = 1)` }];
    const write = async (changes: { variantId: number; delta: number }[]) =>
      new StockBatch(await ctxOf(company), watchers)
        .addChanges(
          changes.map((c, i) => ({ ...c, locationId: main, batchId: null, field: `lines.${i}.quantity` })),
          { documentType: "entry", documentId: null, author },
        )
        .run();

    await write([{ variantId: a.id, delta: U }]);
    expect(await companyOutbox(db)).toEqual([]);

    await db.update(t.companySettings).set({ preventNegativeInventory: true });
    await write([
      { variantId: a.id, delta: 2 * U },
      { variantId: b.id, delta: U },
      { variantId: a.id, delta: U },
    ]);
    await expect(write([{ variantId: b.id, delta: -5 * U }])).rejects.toMatchObject({ code: "insufficient_stock" });

    expect(await companyOutbox(db)).toMatchObject([
      {
        topic: "stock.level_changed",
        payload: {
          documentType: "entry",
          levels: [
            { variantId: a.id, locationId: main },
            { variantId: b.id, locationId: main },
          ],
        },
      },
    ]);
  });
});

describe("the dispatcher", () => {
  async function rows(count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await resetEmailRow(`nobody-${newId()}`)).id);
    return ids;
  }
  const stored = (ids: string[]) =>
    control.select().from(controlSchema.outbox).where(inArray(controlSchema.outbox.id, ids)).orderBy(controlSchema.outbox.id);

  it("sends each undispatched row once, oldest first and a bounded batch at a time, and stamps it dispatched", async () => {
    const ids = await rows(3);
    const queue = fakeQueue();
    expect(await dispatchControlOutbox(control, queue, { only: ids, now: () => 1234, limit: 2 })).toBe(2);
    expect(queue.sent.map((m) => m.outboxId)).toEqual(ids.slice(0, 2));
    expect(queue.sent[0]).toMatchObject({ type: "outbox", topic: "email.password_reset", payload: { baseUrl: "http://app.test" } });
    expect(await dispatchControlOutbox(control, queue, { only: ids, now: () => 1234 })).toBe(1);
    expect(await dispatchControlOutbox(control, queue, { only: ids })).toBe(0);
    expect(queue.sent.map((m) => m.outboxId)).toEqual(ids);
    expect((await stored(ids)).map((r) => [r.dispatchedAt, r.attempts])).toEqual(ids.map(() => [1234, 1]));
  });

  it("leaves rows the queue refused to the next dispatch, counting the attempt", async () => {
    const ids = await rows(2);
    await expect(dispatchControlOutbox(control, fakeQueue(true), { only: ids })).rejects.toThrow("queue unavailable");
    expect((await stored(ids)).map((r) => [r.dispatchedAt, r.attempts])).toEqual([
      [null, 1],
      [null, 1],
    ]);
    const queue = fakeQueue();
    expect(await dispatchControlOutbox(control, queue, { only: ids })).toBe(2);
    expect((await stored(ids)).map((r) => r.attempts)).toEqual([2, 2]);
  });

  it("sends a company's rows with the company they belong to", async () => {
    const company = await makeCompany();
    const row = await levelChangedRow(company.db);
    const queue = fakeQueue();
    expect(await dispatchCompanyOutbox(company.companyId, company.db, queue)).toBe(1);
    expect(queue.sent).toEqual([
      { type: "company_outbox", companyId: company.companyId, outboxId: row.id, topic: "stock.level_changed", payload: row.payload },
    ]);
    expect(await dispatchCompanyOutbox(company.companyId, company.db, queue)).toBe(0);
  });
});

describe("the dispatcher within the queue's limits", () => {
  /** A queue that refuses what Cloudflare Queues refuse: over 100 messages or 256 KB a batch, over 128 KB a message. */
  function limitedQueue() {
    const sent: OutboxMessage[][] = [];
    return {
      sent,
      async sendBatch(messages: Iterable<{ body: OutboxMessage }>) {
        const bodies = [...messages].map((m) => m.body);
        const sizes = bodies.map((b) => new TextEncoder().encode(JSON.stringify(b)).length);
        if (bodies.length > 100) throw new Error("batch message count exceeds 100");
        if (sizes.some((size) => size > 128_000)) throw new Error("message exceeds 128 KB");
        if (sizes.reduce((a, b) => a + b, 0) > 256_000) throw new Error("batch exceeds 256 KB");
        sent.push(bodies);
      },
    };
  }
  const levels = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ({ variantId: from + i + 1, locationId: 1 }));

  it("sends a backlog of large rows (an import's stock batches) in several batches, none over the limits, and stamps them all", async () => {
    const company = await makeCompany();
    for (let i = 0; i < 50; i++)
      await companyOutboxRow(company.db, "stock.level_changed", { documentType: "entry", levels: levels(250, i * 250) });
    const queue = limitedQueue();
    expect(await dispatchCompanyOutbox(company.companyId, company.db, queue)).toBe(50);
    expect(queue.sent.length).toBeGreaterThan(1);
    expect(queue.sent.flat().map((m) => m.outboxId)).toEqual((await companyOutbox(company.db)).map((r) => r.id));
    expect((await companyOutbox(company.db)).every((r) => r.sentAt !== null)).toBe(true);
  });

  it("sends a row too large for one message without its payload, and the consumer reads the payload from the row", async () => {
    const company = await makeCompany();
    const [row] = await companyOutboxRow(company.db, "stock.level_changed", { documentType: "entry", levels: levels(5000) }).returning();
    const queue = limitedQueue();
    expect(await dispatchCompanyOutbox(company.companyId, company.db, queue)).toBe(1);
    const [message] = queue.sent.flat();
    expect(message).toMatchObject({ type: "company_outbox", outboxId: row!.id, stored: true, payload: null });
    expect(await consumeOutboxMessage(consumerDeps(), message!)).toBe("handled");
    expect((await companyProcessed(company.db, row!.id))?.done_at).toEqual(expect.any(Number));
    // A stored message whose row is gone (or names another topic) can never succeed: dropped.
    const gone = { ...(message as Extract<OutboxMessage, { type: "company_outbox" }>), outboxId: row!.id + 1000 };
    expect(await consumeOutboxMessage(consumerDeps(), gone)).toBe("malformed");
  });
});

describe("dispatch after a delivery of jobs", () => {
  it("sends at once the rows the jobs' work wrote in their company, past a backlog, rather than at the cron's next sweep", async () => {
    const company = await makeCompany();
    const delivered = await levelChangedRow(company.db, 1);
    await company.db.update(t.outbox).set({ sentAt: 1 }).where(eq(t.outbox.id, delivered.id));
    // What the work left behind: a backlog of 120 rows (three dispatches' worth).
    for (let i = 0; i < 120; i++) await levelChangedRow(company.db, i + 2);
    const queue = fakeQueue();
    const batch = createMessageBatch("comptoir-jobs", [
      {
        id: `m-${newId()}`,
        timestamp: new Date(),
        attempts: 1,
        body: {
          type: "company_outbox",
          companyId: company.companyId,
          outboxId: delivered.id,
          topic: delivered.topic,
          payload: delivered.payload,
        },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...bindings, JOBS: queue as unknown as Bindings["JOBS"] }, ctx);
    await waitOnExecutionContext(ctx);
    expect(queue.sent).toHaveLength(120);
    expect((await companyOutbox(company.db)).filter((r) => r.sentAt === null)).toEqual([]);
  });
});

describe("the cron", () => {
  it(
    "sends every minute the control and company rows that no request dispatched, leaving fresh ones to their request",
    { timeout: 60_000 },
    async () => {
      const company = await makeCompany();
      const userId = `nobody-${newId()}`;
      const controlRow = await resetEmailRow(userId);
      const companyRow = await levelChangedRow(company.db);
      // Written a minute ago: the cron leaves younger rows to the request that wrote them.
      const aMinuteAgo = Date.now() - 60_000;
      await control.update(controlSchema.outbox).set({ createdAt: aMinuteAgo }).where(eq(controlSchema.outbox.id, controlRow.id));
      await company.db.update(t.outbox).set({ createdAt: aMinuteAgo });
      const fresh = await levelChangedRow(company.db, 2);
      const queue = fakeQueue();
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController(), { ...bindings, JOBS: queue as unknown as Bindings["JOBS"] }, ctx);
      await waitOnExecutionContext(ctx);
      expect(queue.sent).toContainEqual(messageOf(controlRow));
      expect(queue.sent).toContainEqual(
        expect.objectContaining({ type: "company_outbox", companyId: company.companyId, outboxId: companyRow.id }),
      );
      expect((await outboxRowsFor(userId))[0]?.dispatchedAt).toEqual(expect.any(Number));
      expect((await companyOutbox(company.db)).map((r) => [r.id, r.sentAt === null])).toEqual([
        [companyRow.id, false],
        [fresh.id, true],
      ]);
    },
  );
});

describe("purging", () => {
  it("forgets rows dispatched and claims finished more than the retention ago, and keeps the rest", async () => {
    const user = await addUser((await makeCompany()).companyId);
    const [old, recent, pending] = [await resetEmailRow(user.userId), await resetEmailRow(user.userId), await resetEmailRow(user.userId)];
    const now = Date.now();
    const longAgo = now - OUTBOX_RETENTION_MS - 1000;
    await control.update(controlSchema.outbox).set({ dispatchedAt: longAgo }).where(eq(controlSchema.outbox.id, old.id));
    await control.update(controlSchema.outbox).set({ dispatchedAt: now }).where(eq(controlSchema.outbox.id, recent.id));
    for (const [row, doneAt] of [
      [old, longAgo],
      [recent, now],
    ] as const)
      await control.$client.execute({
        sql: "insert into processed_messages (id, claimed_at, done_at) values (?, ?, ?)",
        args: [row.id, doneAt, doneAt],
      });

    await purgeOutbox(control, "control", now - OUTBOX_RETENTION_MS);
    expect((await outboxRowsFor(user.userId)).map((r) => r.id).sort()).toEqual([recent.id, pending.id].sort());
    expect(await processedMessage(old.id)).toBeUndefined();
    expect(await processedMessage(recent.id)).toMatchObject({ done_at: now });

    const company = await makeCompany();
    const [sentLongAgo, sentNow] = [await levelChangedRow(company.db), await levelChangedRow(company.db)];
    await company.db.update(t.outbox).set({ sentAt: longAgo }).where(eq(t.outbox.id, sentLongAgo.id));
    await company.db.update(t.outbox).set({ sentAt: now }).where(eq(t.outbox.id, sentNow.id));
    await purgeOutbox(company.db, "company", now - OUTBOX_RETENTION_MS);
    expect((await companyOutbox(company.db)).map((r) => r.id)).toEqual([sentNow.id]);
  });
});

describe("the outbox consumer", () => {
  it("sends one email for a message delivered twice, at once and again later, and changes nothing else", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const row = await resetEmailRow(user.userId);
    const userBefore = await control.query.users.findFirst({ where: eq(controlSchema.users.id, user.userId) });

    const first = await deliver(messageOf(row), messageOf(row));
    expect(first.result.explicitAcks.sort()).toEqual(first.ids.sort());
    expect(first.result.retryMessages).toEqual([]);
    expect((await waitForEmail(mailUrl, user.email)).subject).toBe("Reset your Comptoir password");
    const processed = await processedMessage(row.id);
    expect(processed?.done_at).not.toBeNull();

    const again = await deliver(messageOf(row));
    expect(again.result.explicitAcks).toEqual(again.ids);
    await new Promise((r) => setTimeout(r, 500));
    expect(await emailsTo(mailUrl, user.email)).toHaveLength(1);
    expect(await processedMessage(row.id)).toEqual(processed);
    expect(await control.query.users.findFirst({ where: eq(controlSchema.users.id, user.userId) })).toEqual(userBefore);
    expect(await outboxRowsFor(user.userId)).toEqual([row]);
  });

  it("acknowledges and drops a malformed message: an unknown topic, a payload that does not fit its topic, a message without its id", async () => {
    const { ids, result } = await deliver(
      { type: "outbox", outboxId: newId(), topic: "email.unknown", payload: {} },
      { type: "outbox", outboxId: newId(), topic: "email.password_reset", payload: { userId: 7 } },
      { type: "outbox", topic: "email.password_reset", payload: { userId: "u", baseUrl: "http://app.test" } },
      { type: "company_outbox", companyId: "c", outboxId: -1, topic: "stock.level_changed", payload: {} },
    );
    expect(result.explicitAcks.sort()).toEqual(ids.sort());
    expect(result.retryMessages).toEqual([]);
  });

  it("has the queue retry a message whose email cannot be sent yet, and sends it on the retry", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const row = await resetEmailRow(user.userId);
    const batch = () => createMessageBatch("comptoir-jobs", [{ id: "retried", timestamp: new Date(), attempts: 1, body: messageOf(row) }]);

    const failing = batch();
    const ctx = createExecutionContext();
    await consumeJobs(failing, () => consumerDeps(unreachableMailer()));
    expect((await getQueueResult(failing, ctx)).retryMessages).toMatchObject([{ msgId: "retried" }]);
    // The claim is released, so the retry is not taken for a duplicate.
    expect(await processedMessage(row.id)).toBeUndefined();

    const retry = batch();
    await consumeJobs(retry, () => consumerDeps());
    expect((await getQueueResult(retry, createExecutionContext())).explicitAcks).toEqual(["retried"]);
    expect(firstLink(await waitForEmail(mailUrl, user.email)).origin).toBe("http://app.test");
  });

  it("counts an invitation email to an account deleted since as done, not to retry", async () => {
    const [row] = await controlOutboxRow(control, "email.invitation", {
      userId: `deleted-${newId()}`,
      companyLabel: "Gone Ltd",
      inviterName: "Ada Admin",
      baseUrl: "http://app.test",
    }).returning();
    expect(await consumeOutboxMessage(consumerDeps(), messageOf(row!))).toBe("handled");
    expect(await processedMessage(row!.id)).toMatchObject({ done_at: expect.any(Number) });
  });

  it("marks a stock level change processed once, however often it is delivered", async () => {
    const company = await makeCompany();
    const row = await levelChangedRow(company.db);
    const message: OutboxMessage = {
      type: "company_outbox",
      companyId: company.companyId,
      outboxId: row.id,
      topic: row.topic,
      payload: row.payload,
    };
    expect(await consumeOutboxMessage(consumerDeps(), message)).toBe("handled");
    const processed = await companyProcessed(company.db, row.id);
    expect(processed?.done_at).toEqual(expect.any(Number));
    expect(await consumeOutboxMessage(consumerDeps(), message)).toBe("duplicate");
    expect(await companyProcessed(company.db, row.id)).toEqual(processed);
  });

  it("takes over a message whose consumer died after claiming it, once its claim is old", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const row = await resetEmailRow(user.userId);
    await control.$client.execute({ sql: "insert into processed_messages (id, claimed_at) values (?, ?)", args: [row.id, Date.now()] });
    // Busy, not a duplicate: the queue asks again later rather than dropping it (that consumer may be dead).
    expect(await consumeOutboxMessage(consumerDeps(), messageOf(row))).toBe("busy");
    const later = Date.now() + 6 * 60_000;
    expect(await consumeOutboxMessage({ ...consumerDeps(), now: () => later }, messageOf(row))).toBe("handled");
    expect(await processedMessage(row.id)).toMatchObject({ done_at: later });
    await waitForEmail(mailUrl, user.email);
  });
});

describe("emails through the outbox, end to end", () => {
  it("delivers an invitation made through the API to the mailbox through the queue, its row dispatched and processed", async () => {
    const { company, admin } = await adminActor();
    const email = `queued-${newId()}@example.test`;
    const response = await post("/users", admin.token, { email, first_name: "Queued", last_name: "Person" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const mail = await waitForEmail(mailUrl, email);
    expect(mail.subject).toContain(company.label);
    const [row] = await outboxRowsFor(id);
    expect(row).toMatchObject({ topic: "email.invitation", attempts: 1, dispatchedAt: expect.any(Number) });
    await expect.poll(async () => (await processedMessage(row!.id))?.done_at ?? null).not.toBeNull();
  });
});
