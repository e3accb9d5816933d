import { invoiceStoreOrder } from "../domain/store/invoice-store-order";
import { and, asc, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, tenantSchema, type ControlDb, type TenantDb } from "../../db/client";
import { sendCompanyInvitation, sendInvitation } from "../domain/identity/invitations";
import { sendResetEmail } from "../domain/identity/password-reset";
import { deliverDocumentEmail } from "../domain/sales/deliver-document-email";
import { deliverStoreOrderConfirmed, deliverStoreOrderEmails } from "../domain/store/deliver-store-order-emails";
import type { Ctx } from "../domain/shared/ctx";
import { dropBatchMark, holdBatchMark, type BatchMark } from "../domain/shared/batch-marks";
import { DomainError } from "../domain/shared/domain-error";
import { companyTopics, controlTopics, type CompanyTopic, type ControlTopic, type TopicPayload } from "../domain/shared/outbox";
import type { Mailer } from "../integrations/mail/mailer";
import { runOperation, type OperationChannel } from "../domain/operations/run-operation";
import { deliverAccessRequestAlerts, deliverSalesOrderAlerts } from "../domain/settings/alerts/deliver-event-alerts";
import { evaluateStockAlerts } from "../domain/settings/alerts/evaluate-stock-alerts";

// Without a live channel (tests of other topics), the menus learn of changes by polling.
const NO_CHANNEL: OperationChannel = { publish: async () => {} };

const topic = z.string().min(1).max(100);

/**
 * The outbox messages of the jobs queue: where the row lives (the control database, or a
 * company's), its id, and what it carries, which the consumer checks against its topic.
 */
export const outboxMessages = [
  z.object({
    type: z.literal("outbox"),
    outboxId: z.string().min(1).max(64),
    topic,
    payload: z.unknown(),
    stored: z.literal(true).optional(),
  }),
  z.object({
    type: z.literal("company_outbox"),
    companyId: z.string().min(1).max(64),
    outboxId: z.number().int().positive(),
    topic,
    payload: z.unknown(),
    // A payload too large for a queue message stays in its row; the consumer reads it there.
    stored: z.literal(true).optional(),
  }),
] as const;
export type OutboxMessage = z.infer<(typeof outboxMessages)[number]>;

/** The part of a queue the dispatcher uses. */
export interface OutboxQueue {
  sendBatch(messages: Iterable<{ body: OutboxMessage }>): Promise<unknown>;
}

// One source of outbox rows: the control database's, or one company's.
interface OutboxSource {
  pending(limit: number, createdBefore: number | undefined): Promise<{ id: string | number; topic: string; payload: unknown }[]>;
  message(row: { id: string | number; topic: string; payload: unknown }): OutboxMessage;
  stamp(ids: (string | number)[], dispatchedAt: number | null): Promise<unknown>;
}

const DISPATCH_BATCH = 50;
/**
 * The queue's limits (Cloudflare Queues: 128 KB a message, 256 KB and 100 messages a sendBatch),
 * with room for each message's own envelope. A row whose message would pass MESSAGE_BYTES is
 * sent without its payload, which the consumer reads from the row.
 */
export const MESSAGE_BYTES = 100_000;
const SEND_BATCH_BYTES = 200_000;
const SEND_BATCH_COUNT = 100;
const ENVELOPE_BYTES = 200;

/** Messages in groups the queue takes in one sendBatch each, in their order. */
export function sendGroups(messages: OutboxMessage[]): OutboxMessage[][] {
  const groups: OutboxMessage[][] = [];
  let group: OutboxMessage[] = [];
  let bytes = 0;
  for (const full of messages) {
    let message = full;
    let size = new TextEncoder().encode(JSON.stringify(message)).length + ENVELOPE_BYTES;
    if (size > MESSAGE_BYTES) {
      message = { ...full, payload: null, stored: true };
      size = new TextEncoder().encode(JSON.stringify(message)).length + ENVELOPE_BYTES;
    }
    if (group.length && (bytes + size > SEND_BATCH_BYTES || group.length >= SEND_BATCH_COUNT)) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(message);
    bytes += size;
  }
  if (group.length) groups.push(group);
  return groups;
}

// `only` limits it to some rows: a request dispatches its own, and leaves the others to the cron.
function controlSource(control: ControlDb, only?: string[]): OutboxSource {
  const { outbox } = controlSchema;
  return {
    pending: (limit, createdBefore) =>
      control
        .select({ id: outbox.id, topic: outbox.topic, payload: outbox.payload })
        .from(outbox)
        .where(
          and(
            isNull(outbox.dispatchedAt),
            only ? inArray(outbox.id, only) : undefined,
            createdBefore === undefined ? undefined : lt(outbox.createdAt, createdBefore),
          ),
        )
        .orderBy(asc(outbox.createdAt), asc(outbox.id))
        .limit(limit),
    message: (row) => ({ type: "outbox", outboxId: String(row.id), topic: row.topic, payload: row.payload }),
    stamp: (ids, dispatchedAt) =>
      control
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, ...(dispatchedAt === null ? {} : { dispatchedAt }) })
        .where(inArray(outbox.id, ids.map(String))),
  };
}

function companySource(companyId: string, db: TenantDb): OutboxSource {
  const { outbox } = tenantSchema;
  return {
    pending: (limit, createdBefore) =>
      db
        .select({ id: outbox.id, topic: outbox.topic, payload: outbox.payload })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), createdBefore === undefined ? undefined : lt(outbox.createdAt, createdBefore)))
        .orderBy(asc(outbox.id))
        .limit(limit),
    message: (row) => ({ type: "company_outbox", companyId, outboxId: Number(row.id), topic: row.topic, payload: row.payload }),
    stamp: (ids, dispatchedAt) =>
      db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, ...(dispatchedAt === null ? {} : { sentAt: dispatchedAt }) })
        .where(inArray(outbox.id, ids.map(Number))),
  };
}

/**
 * Hands the oldest undispatched rows (at most `limit`) to the queue and stamps them dispatched.
 * At least once: a crash between the send and the stamp sends them again, which consumers
 * tolerate. A failed send only counts the attempt; the next dispatch takes the rows again.
 */
async function dispatch(source: OutboxSource, queue: OutboxQueue, options: DispatchOptions): Promise<number> {
  const rows = await source.pending(options.limit ?? DISPATCH_BATCH, options.createdBefore);
  if (!rows.length) return 0;
  const now = options.now ?? Date.now;
  // In groups within the queue's limits; a group refused leaves it and the later ones to the next dispatch.
  for (const group of sendGroups(rows.map((row) => source.message(row)))) {
    const ids = group.map((m) => m.outboxId);
    try {
      await queue.sendBatch(group.map((body) => ({ body })));
    } catch (error) {
      await source.stamp(ids, null);
      throw error;
    }
    await source.stamp(ids, now());
  }
  return rows.length;
}

export interface DispatchOptions {
  now?: () => number;
  /** At most this many rows (a bounded batch). */
  limit?: number;
  /** Only rows written before then: the cron leaves fresh rows to the request that wrote them. */
  createdBefore?: number;
}

export function dispatchControlOutbox(
  control: ControlDb,
  queue: OutboxQueue,
  options: DispatchOptions & { only?: string[] } = {},
): Promise<number> {
  return dispatch(controlSource(control, options.only), queue, options);
}

export function dispatchCompanyOutbox(companyId: string, db: TenantDb, queue: OutboxQueue, options: DispatchOptions = {}): Promise<number> {
  return dispatch(companySource(companyId, db), queue, options);
}

/** Dispatches batch after batch until the source is empty or `maxBatches` were sent (the cron's bound). */
export async function drainOutbox(dispatchOnce: () => Promise<number>, maxBatches = 20): Promise<void> {
  for (let i = 0; i < maxBatches; i++) if ((await dispatchOnce()) < DISPATCH_BATCH) return;
}

export interface OutboxConsumerDeps {
  control: ControlDb;
  mailer: Mailer;
  /** The mailer of a company's own emails: its SMTP server, else the platform's sender (`mailer`). */
  companyMailer?(db: TenantDb, companyId: string): Promise<Mailer>;
  /** The mailer of the company's own SMTP server only: null when it has none. */
  ownMailer?(db: TenantDb, companyId: string): Promise<Mailer | null>;
  /** Signs password links (SESSION_SECRET). */
  secret: string;
  openCompany(companyId: string): Promise<TenantDb>;
  /** The live channel of a company's operations (its OperationProgress object). */
  operationChannel?(companyId: string): OperationChannel;
  /** The system's Ctx for a company's work (ctxFromQueueMessage): the verbs a message runs. */
  companyCtx(companyId: string): Promise<Ctx>;
  now?: () => number;
}

/**
 * What the consumer did with one message: done, done before (`duplicate`), dropped as malformed,
 * or `busy`: another consumer holds its claim, so it is retried once that claim is done or expired.
 */
export type OutboxOutcome = "handled" | "duplicate" | "malformed" | "busy";

/** A claim older than this is taken to be a consumer that died mid-way: another may take it over. */
export const CLAIM_LEASE_MS = 5 * 60_000;

// An account deleted since the email was asked for has nobody to send it to: that is done, not to retry.
const unlessGone = (sending: Promise<void>) =>
  sending.catch((error: unknown) => {
    if (!(error instanceof DomainError && error.code === "not_found")) throw error;
  });

function emailHandlers(deps: OutboxConsumerDeps): { [K in ControlTopic]: (payload: TopicPayload<K>) => Promise<void> } {
  const mail = (baseUrl: string) => ({ control: deps.control, mailer: deps.mailer, secret: deps.secret, baseUrl });
  return {
    "email.invitation": ({ baseUrl, ...input }) => unlessGone(sendInvitation(mail(baseUrl), input)),
    "email.company_invitation": ({ baseUrl, ...input }) => unlessGone(sendCompanyInvitation(mail(baseUrl), input)),
    "email.password_reset": (input) => sendResetEmail({ control: deps.control, mailer: deps.mailer, secret: deps.secret }, input),
  };
}

function companyHandlers(
  deps: OutboxConsumerDeps,
  db: TenantDb,
  companyId: string,
  done: BatchMark,
): { [K in CompanyTopic]: (payload: TopicPayload<K>) => Promise<void> } {
  return {
    "email.document": async (email) => {
      // The server chosen (and counted) when it was queued: words meant for the company's own server never leave by the platform's.
      const mailer = email.transport === "platform" ? deps.mailer : await deps.ownMailer?.(db, companyId);
      if (!mailer) {
        console.warn(`a document email of company ${companyId} not sent: its own SMTP server is gone`);
        return;
      }
      // Its one write, the record of the email sent, carries the message's done mark.
      const ctx = await deps.companyCtx(companyId);
      holdBatchMark(ctx.db, done);
      try {
        await deliverDocumentEmail(ctx, email, mailer);
      } finally {
        dropBatchMark(ctx.db, done);
      }
    },
    "email.store_order": async (order) => {
      const mailer = deps.companyMailer ? await deps.companyMailer(db, companyId) : deps.mailer;
      await unlessGone(deliverStoreOrderEmails(await deps.companyCtx(companyId), order, mailer));
    },
    "email.store_order_confirmed": async (order) => {
      const mailer = deps.companyMailer ? await deps.companyMailer(db, companyId) : deps.mailer;
      await unlessGone(deliverStoreOrderConfirmed(await deps.companyCtx(companyId), order, mailer));
    },
    "invoice.store_order": async ({ orderId }) => {
      await invoiceStoreOrder(await deps.companyCtx(companyId), orderId);
    },
    "operation.run": async ({ batchId }) => {
      await runOperation(await deps.companyCtx(companyId), batchId, deps.operationChannel?.(companyId) ?? NO_CHANNEL);
    },
    // The stock alerts: what they remember of the levels they told carries the message's done mark.
    "stock.level_changed": async (levels) => {
      const ctx = await deps.companyCtx(companyId);
      const mailer = deps.companyMailer ? await deps.companyMailer(db, companyId) : deps.mailer;
      holdBatchMark(ctx.db, done);
      try {
        await evaluateStockAlerts(ctx, levels, mailer);
      } finally {
        dropBatchMark(ctx.db, done);
      }
    },
    "sales_order.created": async (order) => {
      const mailer = deps.companyMailer ? await deps.companyMailer(db, companyId) : deps.mailer;
      await deliverSalesOrderAlerts(await deps.companyCtx(companyId), order, mailer);
    },
    "store.access_requested": async (request) => {
      const mailer = deps.companyMailer ? await deps.companyMailer(db, companyId) : deps.mailer;
      await deliverAccessRequestAlerts(await deps.companyCtx(companyId), request, mailer);
    },
    "email.smtp_test": async ({ to, firstName, language }) => {
      const mailer = deps.companyMailer ? await deps.companyMailer(db, companyId) : deps.mailer;
      await mailer.send({ to, locale: language, template: "smtp_test", params: { firstName } });
    },
  };
}

/**
 * Handles one outbox message once, however often it is delivered: the message's id is claimed
 * in processed_messages (beside the outbox it came from) before the work and released if the
 * work fails before any email left. A delivery that finds it done does nothing; one that finds it
 * claimed by another consumer is `busy` (retried later, never dropped: that consumer may have died).
 * The done mark is saved in the batch of the work's own write where it has one (a document email's
 * record), else right after the work; once a mail server accepted an email, the message is done
 * whatever fails next. A malformed message or an unknown topic can never succeed: it is dropped.
 */
export async function consumeOutboxMessage(deps: OutboxConsumerDeps, message: OutboxMessage): Promise<OutboxOutcome> {
  const company = message.type === "company_outbox";
  const topics: Record<string, (typeof controlTopics)[keyof typeof controlTopics] | (typeof companyTopics)[keyof typeof companyTopics]> =
    company ? companyTopics : controlTopics;
  const schema = Object.hasOwn(topics, message.topic) ? topics[message.topic] : undefined;
  if (!schema) return "malformed";
  const db = company ? await deps.openCompany(message.companyId) : deps.control;
  const id = company ? BigInt(message.outboxId) : message.outboxId;
  const payload = schema.safeParse(message.stored ? await storedPayload(db, company, id, message.topic) : message.payload);
  if (!payload.success) return "malformed";
  const now = (deps.now ?? Date.now)();
  const claimed = await claim(db, id, now);
  if (claimed !== "claimed") return claimed;
  let marked = false;
  let sent = false;
  const done: BatchMark = {
    statement: (on) => on.run(sql`update processed_messages set done_at = ${now} where id = ${id}`),
    written: () => (marked = true),
  };
  const watched = watchingSends(deps, () => (sent = true));
  try {
    const handlers: Record<string, (payload: never) => Promise<void>> = company
      ? companyHandlers(watched, db as TenantDb, message.companyId, done)
      : emailHandlers(watched);
    await handlers[message.topic]!(payload.data as never);
  } catch (error) {
    if (!sent) {
      await db.run(sql`delete from processed_messages where id = ${id} and done_at is null`);
      throw error;
    }
    // A mail server accepted an email: a retry would send it again. What failed after it is logged, not retried.
    console.error(`outbox message ${id} (${message.topic}) failed after its email was sent: done, not retried`, error);
  }
  if (!marked) await db.run(sql`update processed_messages set done_at = ${now} where id = ${id}`);
  return "handled";
}

/** The consumer's mailers, telling `onSent` of each email a mail server accepted. */
function watchingSends(deps: OutboxConsumerDeps, onSent: () => void): OutboxConsumerDeps {
  const watch = (mailer: Mailer): Mailer => ({
    send: async (email) => {
      await mailer.send(email);
      onSent();
    },
    sendComposed: async (email) => {
      await mailer.sendComposed(email);
      onSent();
    },
  });
  const { companyMailer, ownMailer } = deps;
  return {
    ...deps,
    mailer: watch(deps.mailer),
    companyMailer: companyMailer && (async (db, companyId) => watch(await companyMailer(db, companyId))),
    ownMailer: ownMailer && (async (db, companyId) => ((mailer) => mailer && watch(mailer))(await ownMailer(db, companyId))),
  };
}

/** The payload a message left in its row (too large to travel), or undefined when the row is gone. */
async function storedPayload(db: ControlDb | TenantDb, company: boolean, id: string | bigint, topic: string): Promise<unknown> {
  if (company) {
    const { outbox } = tenantSchema;
    const [row] = await (db as TenantDb)
      .select({ payload: outbox.payload, topic: outbox.topic })
      .from(outbox)
      .where(eq(outbox.id, Number(id)));
    return row?.topic === topic ? row.payload : undefined;
  }
  const { outbox } = controlSchema;
  const [row] = await (db as ControlDb)
    .select({ payload: outbox.payload, topic: outbox.topic })
    .from(outbox)
    .where(eq(outbox.id, String(id)));
  return row?.topic === topic ? row.payload : undefined;
}

async function claim(db: ControlDb | TenantDb, id: string | bigint, now: number): Promise<"claimed" | "duplicate" | "busy"> {
  const [taken, [found]] = await db.batch([
    db.run(
      sql`insert into processed_messages (id, claimed_at) values (${id}, ${now})
        on conflict (id) do update set claimed_at = excluded.claimed_at
        where processed_messages.done_at is null and processed_messages.claimed_at < ${now - CLAIM_LEASE_MS}`,
    ),
    db.all<{ claimed_at: number; done_at: number | null }>(sql`select claimed_at, done_at from processed_messages where id = ${id}`),
  ]);
  if (taken.rowsAffected === 1) return "claimed";
  return found?.done_at === null ? "busy" : "duplicate";
}

/** How long dispatched rows and finished claims are kept: well past the queue's 14 days of retention. */
export const OUTBOX_RETENTION_MS = 30 * 86_400_000;

/**
 * Deletes the rows dispatched and the claims finished before `before`. No delivery of them can
 * still come (the queue keeps a message 14 days at most), so forgetting a claim resends nothing.
 */
export async function purgeOutbox(db: ControlDb | TenantDb, kind: "control" | "company", before: number): Promise<void> {
  const dispatched = sql.raw(kind === "control" ? "dispatched_at" : "sent_at");
  await db.batch([
    db.run(sql`delete from outbox where ${dispatched} < ${before}`),
    db.run(sql`delete from processed_messages where done_at < ${before}`),
  ]);
}

/** The companies whose outbox the cron sweeps: every one whose database is still kept. */
export async function companiesToSweep(control: ControlDb): Promise<{ id: string; databaseUrl: string; schemaVersion: number }[]> {
  const { companies } = controlSchema;
  return control
    .select({ id: companies.id, databaseUrl: companies.databaseUrl, schemaVersion: companies.schemaVersion })
    .from(companies)
    .where(ne(companies.status, "cancelled"));
}
