import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, tenantSchema, type ControlDb, type TenantDb } from "../../../db/client";
import { newId } from "./ids";
import { EMAIL_TEMPLATE_TYPES } from "../../../db/schema/tenant/document-settings";
import { LOCALES } from "./locale";

/**
 * What each outbox topic carries (decisions/013). Emails carry who and what, never a link: the
 * consumer signs the link when it sends, so no live password link is ever stored.
 */
const invitationEmail = z.object({
  userId: z.string().min(1),
  companyLabel: z.string(),
  inviterName: z.string(),
  baseUrl: z.url(),
  // A store's own words to a buyer it invites (its invitation message setting).
  message: z.string().max(2000).nullish(),
});

export const controlTopics = {
  "email.invitation": invitationEmail,
  "email.company_invitation": invitationEmail,
  "email.password_reset": z.object({ userId: z.string().min(1), baseUrl: z.url() }),
};

export const companyTopics = {
  // A document's email, written from its template when asked; the consumer attaches its PDF, sends and records it.
  "email.document": z.object({
    type: z.enum(EMAIL_TEMPLATE_TYPES),
    documentId: z.number().int().positive(),
    to: z.array(z.email()).min(1),
    cc: z.array(z.email()),
    bcc: z.array(z.email()),
    language: z.enum(LOCALES),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    // The server chosen when it was queued (and counted): a message written before this was kept goes only by the company's own.
    transport: z.enum(["platform", "company"]).default("company"),
    // The platform's From carries the company's name; answers go to the company.
    fromName: z.string().max(100).nullish(),
    replyTo: z.email().nullish(),
    // Who asked for it, for its record.
    sender: z.object({ kind: z.enum(["user", "api_token", "system"]), id: z.string().nullable(), name: z.string().nullable() }).nullish(),
  }),
  // A B2B store order just placed: the buyer's confirmation and the staff's alert.
  "email.store_order": z.object({ orderId: z.number().int().positive(), buyerUserId: z.string().min(1), language: z.enum(LOCALES) }),
  // A store order confirmed (validated by staff, or at once by the store): its buyer is told, in their language.
  "email.store_order_confirmed": z.object({ orderId: z.number().int().positive(), buyerUserId: z.string().min(1) }),
  // A store order confirmed where the store invoices its orders (automatically_create_invoice): its invoice is made.
  "invoice.store_order": z.object({ orderId: z.number().int().positive() }),
  // A test of the company's SMTP settings, asked for on its settings page.
  "email.smtp_test": z.object({ to: z.email(), firstName: z.string(), language: z.enum(LOCALES) }),
  // A background operation to run (an export, an import) or to revert (an import): the consumer picks it up where it stands.
  "operation.run": z.object({ batchId: z.string().min(1).max(64) }),
  // The levels a stock batch changed, written when a stock alert listens: its consumer evaluates the stock alerts.
  "stock.level_changed": z.object({
    documentType: z.string(),
    levels: z.array(z.object({ variantId: z.number().int(), locationId: z.number().int() })).min(1),
  }),
  // A sales order just created (in the back office or the API, or from the store), written when an alert of its kind listens.
  "sales_order.created": z.object({ orderId: z.number().int().positive(), store: z.boolean() }),
  // A store access request just sent from the store's access form, written when an alert listens.
  "store.access_requested": z.object({ requestId: z.number().int().positive() }),
};

export type ControlTopic = keyof typeof controlTopics;
export type CompanyTopic = keyof typeof companyTopics;
export type TopicPayload<T extends ControlTopic | CompanyTopic> = z.infer<(typeof controlTopics & typeof companyTopics)[T]>;

// Outbox rows written through each database handle (a company's are numbered by the database):
// the Worker dispatches these after answering.
const written = new WeakMap<object, string[]>();

/** The insert of a control outbox message: put it in the same batch as the change that causes it. */
export function controlOutboxRow<T extends ControlTopic>(control: ControlDb, topic: T, payload: TopicPayload<T>) {
  const id = newId();
  written.set(control, [...(written.get(control) ?? []), id]);
  return control.insert(controlSchema.outbox).values({ id, topic, payload });
}

/** The insert of a company outbox message: put it in the same batch as the change that causes it. */
export function companyOutboxRow<T extends CompanyTopic>(db: TenantDb, topic: T, payload: TopicPayload<T>) {
  written.set(db, []);
  return db.insert(tenantSchema.outbox).values({ topic, payload });
}

/**
 * The insert of a company outbox message whose payload names a row its own batch writes (a new
 * document's id, known only there): `payload` is a JSON object built in SQL; the consumer checks
 * it against its topic's schema like any other.
 */
export function companyOutboxRowNaming(db: TenantDb, topic: CompanyTopic, payload: SQL) {
  written.set(db, []);
  return db.insert(tenantSchema.outbox).values({ topic, payload: payload as unknown as object });
}

/**
 * The insert of a company outbox message written only when `condition` holds inside the batch (a
 * message someone may not be listening for: stock/level-watchers.ts).
 */
export function companyOutboxRowWhen<T extends CompanyTopic>(db: TenantDb, topic: T, payload: TopicPayload<T>, condition: SQL) {
  return conditionalRow(
    db.run(sql`insert into ${tenantSchema.outbox} (topic, payload) select ${topic}, ${JSON.stringify(payload)} where ${condition}`),
  );
}

/**
 * The insert of a company outbox message that names a row of its own batch (see
 * companyOutboxRowNaming), written only when `condition` holds inside the batch (see companyOutboxRowWhen).
 */
export function companyOutboxRowNamingWhen(db: TenantDb, topic: CompanyTopic, payload: SQL, condition: SQL) {
  return conditionalRow(db.run(sql`insert into ${tenantSchema.outbox} (topic, payload) select ${topic}, ${payload} where ${condition}`));
}

// The conditional inserts above: their handle is marked for the dispatch only once a batch wrote their row.
const conditional = new WeakSet<object>();
const conditionalRow = <S extends object>(statement: S): S => (conditional.add(statement), statement);

/**
 * After a batch ran (runMarkedBatch): its conditional outbox inserts that wrote a row mark the
 * handle, so that the dispatch after the answer runs only when a message was written. A company
 * nobody listens to then pays no dispatch either (decision 039, level watchers).
 */
export function confirmConditionalRows(db: object, statements: readonly unknown[], results: readonly unknown[]): void {
  statements.forEach((statement, i) => {
    if (typeof statement !== "object" || statement === null || !conditional.has(statement)) return;
    if (Number((results[i] as { rowsAffected?: number } | undefined)?.rowsAffected ?? 0) > 0) written.set(db, written.get(db) ?? []);
  });
}

/** The outbox rows written through this database handle (their batch may have failed), if any were. */
export function outboxWritten(db: object): string[] | undefined {
  return written.get(db);
}

/** The outbox as a verb sees it on its Ctx: the rows to add to its batch, for either database. */
export interface Outbox {
  company<T extends CompanyTopic>(topic: T, payload: TopicPayload<T>): ReturnType<typeof companyOutboxRow<T>>;
  control<T extends ControlTopic>(topic: T, payload: TopicPayload<T>): ReturnType<typeof controlOutboxRow<T>>;
  /** A company message naming a row of the same batch (see companyOutboxRowNaming). */
  companyNaming(topic: CompanyTopic, payload: SQL): ReturnType<typeof companyOutboxRowNaming>;
  /** A company message written only when a condition holds inside the batch (see companyOutboxRowWhen). */
  companyWhen<T extends CompanyTopic>(topic: T, payload: TopicPayload<T>, condition: SQL): ReturnType<typeof companyOutboxRowWhen<T>>;
  /** A company message naming a row of the same batch, written only when a condition holds (see companyOutboxRowNamingWhen). */
  companyNamingWhen(topic: CompanyTopic, payload: SQL, condition: SQL): ReturnType<typeof companyOutboxRowNamingWhen>;
}

export function outboxFor(db: TenantDb, control: ControlDb): Outbox {
  return {
    company: (topic, payload) => companyOutboxRow(db, topic, payload),
    control: (topic, payload) => controlOutboxRow(control, topic, payload),
    companyNaming: (topic, payload) => companyOutboxRowNaming(db, topic, payload),
    companyWhen: (topic, payload, condition) => companyOutboxRowWhen(db, topic, payload, condition),
    companyNamingWhen: (topic, payload, condition) => companyOutboxRowNamingWhen(db, topic, payload, condition),
  };
}
