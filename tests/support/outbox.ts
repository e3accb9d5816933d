// Drives the outbox in Worker tests: finds the rows a verb wrote and hands them to the consumer.
import { env } from "cloudflare:test";
import { and, eq, isNull, sql } from "drizzle-orm";
import { expect } from "vitest";
import { controlSchema, tenantSchema, type TenantDb } from "../../db/client";
import type { OperationChannel } from "../../worker/domain/operations/run-operation";
import { parseEnv, type Bindings } from "../../worker/env";
import type { Mailer } from "../../worker/integrations/mail/mailer";
import { smtpMailer } from "../../worker/integrations/mail/smtp-mailer";
import { consumeOutboxMessage, type OutboxConsumerDeps, type OutboxMessage } from "../../worker/queues/outbox";
import { outboxConsumerDeps } from "../../worker/queues/outbox-runtime";
import { control } from "./factories";

export const settings = parseEnv(env as unknown as Bindings).settings;

/** A mailer whose server refuses the connection (port 9, discard, has no SMTP server here). */
export const unreachableMailer = (): Mailer => smtpMailer({ ...settings, SMTP_PORT: 9 });

/** The outbox consumer as the Worker builds it, with another mailer when given. */
export function consumerDeps(mailer?: Mailer): OutboxConsumerDeps {
  const deps = outboxConsumerDeps(parseEnv(env as unknown as Bindings));
  return mailer ? { ...deps, mailer } : deps;
}

/** The control outbox rows about one user, oldest first. */
export function outboxRowsFor(userId: string) {
  return control
    .select()
    .from(controlSchema.outbox)
    .where(sql`json_extract(${controlSchema.outbox.payload}, '$.userId') = ${userId}`)
    .orderBy(controlSchema.outbox.createdAt, controlSchema.outbox.id);
}

/** The queue message the dispatcher makes of a control outbox row. */
export function messageOf(row: typeof controlSchema.outbox.$inferSelect): OutboxMessage {
  return { type: "outbox", outboxId: row.id, topic: row.topic, payload: row.payload };
}

/** What the consumer recorded of an outbox message. */
export async function processedMessage(id: string) {
  const { rows } = await control.$client.execute({ sql: "select claimed_at, done_at from processed_messages where id = ?", args: [id] });
  return rows[0];
}

/** Runs the background operations a company's verbs queued (`operation.run` rows not yet sent), as the queue would. */
export async function runQueuedOperations(company: { companyId: string; db: TenantDb }, channel?: OperationChannel): Promise<void> {
  const { outbox } = tenantSchema;
  const rows = await company.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, "operation.run"), isNull(outbox.sentAt)));
  for (const row of rows) {
    await company.db.update(outbox).set({ sentAt: Date.now() }).where(eq(outbox.id, row.id));
    const deps = channel ? { ...consumerDeps(), operationChannel: () => channel } : consumerDeps();
    const message = {
      type: "company_outbox" as const,
      companyId: company.companyId,
      outboxId: row.id,
      topic: row.topic,
      payload: row.payload,
    };
    expect(await consumeOutboxMessage(deps, message)).toBe("handled");
  }
}
