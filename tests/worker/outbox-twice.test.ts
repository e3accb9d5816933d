import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema, type TenantDb } from "../../db/client";
import type { OperationView } from "../../worker/domain/operations/operations";
import { startExport } from "../../worker/domain/operations/start";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { emailDocument } from "../../worker/domain/documents/document-emails";
import { newId } from "../../worker/domain/shared/ids";
import { createAlert } from "../../worker/domain/settings/alerts/create-alert";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { requestStoreAccess } from "../../worker/domain/store/request-store-access";
import { attemptLimiter } from "../../worker/durable-objects/sign-in-throttle";
import { companyOutboxRow, companyTopics, controlOutboxRow, controlTopics } from "../../worker/domain/shared/outbox";
import { inviteUser } from "../../worker/domain/users/invite-user";
import type { Bindings } from "../../worker/env";
import { consumeJobs } from "../../worker/queues/jobs";
import { CLAIM_LEASE_MS, type OutboxConsumerDeps, type OutboxMessage } from "../../worker/queues/outbox";
import { addUser, control, ctxOf, makeCompany } from "../support/factories";
import { makeVariant } from "../support/isolation/stock";
import { consumerDeps, messageOf, outboxRowsFor } from "../support/outbox";
import { emailsTo, waitForEmail } from "../support/sink-client";
import { estimateWithAddress, pricedVariant, salesWorld } from "./sales-fixtures";
import { buyer, openStore } from "./store-fixtures";

const t = tenantSchema;
const mailUrl = (env as unknown as Bindings & { TEST_MAIL_URL: string }).TEST_MAIL_URL;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Where a message's claim lives: the control database, or its company's. */
interface ClaimStore {
  run(statement: string, args: (string | number)[]): Promise<unknown>;
}
const controlClaims: ClaimStore = { run: (statement, args) => control.$client.execute({ sql: statement, args }) };
const companyClaims = (db: TenantDb): ClaimStore => ({ run: (statement, args) => db.$client.execute({ sql: statement, args }) });

/**
 * Delivers a message as the queue does when the outbox was dispatched twice and the consumer of
 * an earlier delivery died right after claiming it: both copies come, and each one retried comes
 * again once its delay (the claim's lease) has passed. Nothing acknowledged comes back.
 */
async function deliverTwiceAfterADeadConsumer(message: OutboxMessage, claims: ClaimStore, deps: OutboxConsumerDeps) {
  const id = String(message.outboxId);
  await claims.run("insert into processed_messages (id, claimed_at) values (?, ?)", [id, Date.now()]);
  return deliverTwice(message, claims, deps);
}

/** Both copies of a message dispatched twice, each one retried delivered again (three times at most). */
async function deliverTwice(message: OutboxMessage, claims: ClaimStore, deps: OutboxConsumerDeps) {
  const id = String(message.outboxId);
  let pending = [`a-${newId()}`, `b-${newId()}`];
  const delays: (number | undefined)[] = [];
  for (let round = 1; pending.length && round <= 3; round++) {
    const batch = createMessageBatch(
      "comptoir-jobs",
      pending.map((msgId) => ({ id: msgId, timestamp: new Date(), attempts: round, body: message })),
    );
    // The test harness keeps which messages were retried, not their delay: noted on the way.
    for (const m of batch.messages) {
      const retry = m.retry.bind(m);
      Object.defineProperty(m, "retry", { value: (options?: QueueRetryOptions) => (delays.push(options?.delaySeconds), retry(options)) });
    }
    await consumeJobs(batch, () => deps);
    const { retryMessages } = await getQueueResult(batch, createExecutionContext());
    pending = retryMessages.map((r) => r.msgId);
    // The queue's delay passes: the dead consumer's claim is past its lease.
    await claims.run("update processed_messages set claimed_at = claimed_at - ? where id = ?", [CLAIM_LEASE_MS + 1000, id]);
  }
  // Copies still retried after three deliveries: the queue would go on (or give up on them).
  return { delays, left: pending };
}

async function emailCount(to: string): Promise<number> {
  // The consumer has returned, so the sink took the email; a moment more lets a second one show.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return (await emailsTo(mailUrl, to)).length;
}

/** Alerts are not for trial accounts: the company subscribes first. */
async function subscribeCompany(companyId: string) {
  await control.update(controlSchema.companies).set({ status: "subscribed" }).where(eq(controlSchema.companies.id, companyId));
}

async function companyDone(db: TenantDb, id: number) {
  const [row] = await db.all<{ done_at: number | null }>(sql`select done_at from processed_messages where id = ${id}`);
  return row?.done_at ?? null;
}

const companyMessage = (companyId: string, row: { id: number; topic: string; payload: unknown }): OutboxMessage => ({
  type: "company_outbox",
  companyId,
  outboxId: row.id,
  topic: row.topic,
  payload: row.payload,
});

async function companyRow(db: TenantDb, topic: string) {
  const [row] = await db.select().from(t.outbox).where(eq(t.outbox.topic, topic)).orderBy(t.outbox.id);
  return row!;
}

/** An estimate's email asked for, its outbox row and the message the dispatcher makes of it. */
async function documentEmailWorld() {
  const { ctx, estimate, address, ...w } = await estimateWithAddress();
  await emailDocument(ctx, { type: "estimate", id: estimate.id });
  const row = await companyRow(w.db, "email.document");
  return { ...w, address, estimate, row, message: companyMessage(w.company.companyId, row) };
}

describe("every outbox topic: a message delivered twice, one delivery dying or failing midway, has its effect once", () => {
  it("covers every topic of both outboxes", () => {
    // A new topic must be added to the cases below.
    expect(Object.keys(controlTopics).sort()).toEqual(["email.company_invitation", "email.invitation", "email.password_reset"]);
    expect(Object.keys(companyTopics).sort()).toEqual([
      "email.document",
      "email.smtp_test",
      "email.store_order",
      "email.store_order_confirmed",
      "invoice.store_order",
      "operation.run",
      "sales_order.created",
      "stock.level_changed",
      "store.access_requested",
    ]);
  });

  it("email.invitation, email.company_invitation and email.password_reset: one email each", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    const newcomer = `newcomer-${unique()}@example.test`;
    const invited = await inviteUser(ctx, { email: newcomer, first_name: "New", last_name: "Comer", baseUrl: "http://app.test" });
    const member = await addUser((await makeCompany()).companyId);
    await inviteUser(ctx, { email: member.email, first_name: "M", last_name: "Ember", baseUrl: "http://app.test" });
    const resetter = await addUser(company.companyId);
    await controlOutboxRow(control, "email.password_reset", { userId: resetter.userId, baseUrl: "http://app.test" });

    const cases = [
      { userId: invited.user.id, to: newcomer, topic: "email.invitation" },
      { userId: member.userId, to: member.email, topic: "email.company_invitation" },
      { userId: resetter.userId, to: resetter.email, topic: "email.password_reset" },
    ];
    for (const { userId, to, topic } of cases) {
      const [row] = await outboxRowsFor(userId);
      expect(row!.topic).toBe(topic);
      const { delays, left } = await deliverTwiceAfterADeadConsumer(messageOf(row!), controlClaims, consumerDeps());
      await waitForEmail(mailUrl, to);
      expect([topic, await emailCount(to)]).toEqual([topic, 1]);
      expect(left).toEqual([]);
      // While the dead consumer's claim held, each copy was put off by the lease, not dropped.
      expect(delays).toEqual([CLAIM_LEASE_MS / 1000, CLAIM_LEASE_MS / 1000]);
    }
  });

  it("email.document: one email and one record of it", async () => {
    const w = await documentEmailWorld();
    const { left } = await deliverTwiceAfterADeadConsumer(w.message, companyClaims(w.db), consumerDeps());
    await waitForEmail(mailUrl, w.address);
    expect(await emailCount(w.address)).toBe(1);
    expect(left).toEqual([]);
    const records = await w.db
      .select()
      .from(t.sentEmails)
      .where(and(eq(t.sentEmails.type, "estimate"), eq(t.sentEmails.documentId, w.estimate.id)));
    expect(records).toHaveLength(1);
    expect(await companyDone(w.db, w.row.id)).not.toBeNull();
  });

  it("email.document whose record cannot be saved once its email left: the email is not sent again", async () => {
    const w = await documentEmailWorld();
    await w.db.run(sql.raw("create trigger records_refused before insert on sent_emails begin select raise(abort, 'refused'); end"));
    let left: string[];
    try {
      ({ left } = await deliverTwice(w.message, companyClaims(w.db), consumerDeps()));
    } finally {
      await w.db.run(sql.raw("drop trigger records_refused"));
    }
    await waitForEmail(mailUrl, w.address);
    expect(await emailCount(w.address)).toBe(1);
    expect(left).toEqual([]);
    expect(await companyDone(w.db, w.row.id)).not.toBeNull();
  });

  it("email.store_order and email.store_order_confirmed: one email each to the buyer", async () => {
    const w = await salesWorld();
    const variant = await pricedVariant(w.db, w.level, "10");
    // Written by the verbs directly: no request of the Worker dispatches this company's outbox meanwhile.
    const order = await createSalesOrder(await ctxOf(w.company), {
      customer_id: w.customer.id,
      location_id: w.location,
      delivery_type: "drop_shipping",
      lines: [{ variant_id: variant.id, quantity: "1" }],
    });
    const told = { placed: await buyer(w), confirmed: await buyer(w) };
    await companyOutboxRow(w.db, "email.store_order", { orderId: order.id, buyerUserId: told.placed.userId, language: "en" });
    await companyOutboxRow(w.db, "email.store_order_confirmed", { orderId: order.id, buyerUserId: told.confirmed.userId });

    for (const [topic, to] of [
      ["email.store_order", told.placed.email],
      ["email.store_order_confirmed", told.confirmed.email],
    ] as const) {
      const row = await companyRow(w.db, topic);
      const { left } = await deliverTwiceAfterADeadConsumer(companyMessage(w.company.companyId, row), companyClaims(w.db), consumerDeps());
      await waitForEmail(mailUrl, to);
      expect([topic, await emailCount(to)]).toEqual([topic, 1]);
      expect(left).toEqual([]);
    }
  });

  it("invoice.store_order: the order is invoiced once", async () => {
    const w = await salesWorld();
    const variant = await pricedVariant(w.db, w.level, "10");
    const order = await createSalesOrder(await ctxOf(w.company), {
      customer_id: w.customer.id,
      location_id: w.location,
      delivery_type: "drop_shipping",
      lines: [{ variant_id: variant.id, quantity: "2" }],
    });
    const [row] = await companyOutboxRow(w.db, "invoice.store_order", { orderId: order.id }).returning();
    const { left } = await deliverTwiceAfterADeadConsumer(companyMessage(w.company.companyId, row!), companyClaims(w.db), consumerDeps());
    const invoices = await w.db.select({ id: t.salesDocuments.id }).from(t.salesDocuments).where(eq(t.salesDocuments.type, "invoice"));
    expect(invoices).toHaveLength(1);
    expect(left).toEqual([]);
    expect(await companyDone(w.db, row!.id)).not.toBeNull();
  });

  it("email.smtp_test: one email", async () => {
    const company = await makeCompany();
    const to = `smtp-test-${unique()}@example.test`;
    const [row] = await companyOutboxRow(company.db, "email.smtp_test", { to, firstName: "Ada", language: "en" }).returning();
    const { left } = await deliverTwiceAfterADeadConsumer(
      companyMessage(company.companyId, row!),
      companyClaims(company.db),
      consumerDeps(),
    );
    await waitForEmail(mailUrl, to);
    expect(await emailCount(to)).toBe(1);
    expect(left).toEqual([]);
  });

  it("operation.run: the export runs to its end once", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    const started = await startExport(ctx, { list: "products", format: "csv", query: "", columns: [{ key: "label", label: "Name" }] });
    const row = await companyRow(company.db, "operation.run");
    const pushed: OperationView[] = [];
    const deps = {
      ...consumerDeps(),
      operationChannel: () => ({ publish: async (_user: string, op: OperationView) => void pushed.push(op) }),
    };
    const { left } = await deliverTwiceAfterADeadConsumer(companyMessage(company.companyId, row), companyClaims(company.db), deps);
    const [operation] = await company.db.select().from(t.backgroundOperations).where(eq(t.backgroundOperations.batchId, started.batch_id));
    expect(operation!.status).toBe("completed");
    expect(pushed.filter((p) => p.status === "completed")).toHaveLength(1);
    expect(left).toEqual([]);
  });

  it("stock.level_changed: one email per alert, and the level remembered once", async () => {
    const company = await makeCompany();
    await subscribeCompany(company.companyId);
    const ctx = await ctxOf(company);
    const [location] = await company.db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
    const variant = await makeVariant(company.db);
    await createStockDocument(ctx, { kind: "entry", location_id: location!.id, lines: [{ variant_id: variant.id, quantity: "2" }] });
    const member = await addUser(company.companyId);
    await createAlert(ctx, { label: "Sold out", trigger_alert: "out_of_on_hand", recipient: member.userId });
    await createStockDocument(ctx, { kind: "removal", location_id: location!.id, lines: [{ variant_id: variant.id, quantity: "2" }] });
    const row = await companyRow(company.db, "stock.level_changed");
    const { left } = await deliverTwiceAfterADeadConsumer(
      companyMessage(company.companyId, row),
      companyClaims(company.db),
      consumerDeps(),
    );
    await waitForEmail(mailUrl, member.email);
    expect(await emailCount(member.email)).toBe(1);
    expect(left).toEqual([]);
    expect(await company.db.select().from(t.alertLevelStates)).toHaveLength(1);
    expect(await companyDone(company.db, row.id)).not.toBeNull();
  });

  it("sales_order.created and store.access_requested: one email each to the alert's recipient", async () => {
    const w = await salesWorld();
    await subscribeCompany(w.company.companyId);
    const ctx = await ctxOf(w.company);
    const told = { order: await addUser(w.company.companyId), access: await addUser(w.company.companyId) };
    await createAlert(ctx, { label: "Orders", trigger_alert: "new_sales_order", recipient: told.order.userId, include_pdf: true });
    await createAlert(ctx, { label: "Access", trigger_alert: "b2b_store_access_request", recipient: told.access.userId });
    const variant = await pricedVariant(w.db, w.level, "10");
    await createSalesOrder(ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      delivery_type: "drop_shipping",
      lines: [{ variant_id: variant.id, quantity: "1" }],
    });
    await openStore(w, { access_form_enabled: true });
    await requestStoreAccess(ctx, {
      limiter: attemptLimiter((env as unknown as Bindings).SIGN_IN_THROTTLE),
      address: null,
      company_name: "Dupont SARL",
      first_name: "Jean",
      last_name: "Dupont",
      email: `asker-${unique()}@example.test`,
    });
    for (const [topic, to] of [
      ["sales_order.created", told.order.email],
      ["store.access_requested", told.access.email],
    ] as const) {
      const row = await companyRow(w.db, topic);
      const { left } = await deliverTwiceAfterADeadConsumer(companyMessage(w.company.companyId, row), companyClaims(w.db), consumerDeps());
      await waitForEmail(mailUrl, to);
      expect([topic, await emailCount(to)]).toEqual([topic, 1]);
      expect(left).toEqual([]);
    }
  });
});
