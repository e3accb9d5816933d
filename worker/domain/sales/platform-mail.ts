import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantDb } from "../../../db/client";
import { effectiveStatus, type Actor, type CompanyRef } from "../identity/actor";
import { DomainError } from "../shared/domain-error";
import { fieldError } from "../shared/input";

/**
 * What a company may send through the platform's own mail server (it has no SMTP settings of its
 * own), and to how many at once (decisions/036): the platform's sender reputation is shared by
 * every company, so its mail is bounded per day and written only from the company's templates.
 */

/** Which server carries a company's document emails. */
export type MailTransport = "platform" | "company";

/** Document emails a company may queue each UTC day through the platform's server: a trial (or any unpaid status) gets the lower bound. */
export const PLATFORM_DAILY_EMAILS = { trial: 20, subscribed: 200 } as const;

/** Recipients of one email (to, cc and bcc together): the platform's server, or the company's own. */
export const RECIPIENTS_PER_EMAIL = { platform: 10, company: 50 } as const satisfies Record<MailTransport, number>;

/** The company's daily quota on the platform's server, from its status now. */
export function platformDailyLimit(company: CompanyRef, now: number): number {
  return effectiveStatus(company, now) === "subscribed" ? PLATFORM_DAILY_EMAILS.subscribed : PLATFORM_DAILY_EMAILS.trial;
}

/** The quota's day: the UTC calendar date. */
export function mailDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * Refuses more recipients than the transport allows, naming the field (to, then cc, then bcc) in
 * which the running count passes the cap.
 */
export function checkRecipients(lists: { to: string[]; cc: string[]; bcc: string[] }, transport: MailTransport): void {
  const max = RECIPIENTS_PER_EMAIL[transport];
  let count = 0;
  for (const field of ["to", "cc", "bcc"] as const) {
    count += lists[field].length;
    if (count > max) throw fieldError(field, "too_many_recipients", { max });
  }
}

// A display name travels inside quotes in the From header: no quote, backslash, angle bracket or control character.
const UNSAFE_IN_NAME = /[\p{Cc}\p{Cf}"\\<>]+/gu;

/** The company's name as the display name of the platform's From: one plain line, at most 70 characters. */
export function senderDisplayName(label: string): string {
  return label.replace(UNSAFE_IN_NAME, " ").replace(/\s+/g, " ").trim().slice(0, 70).trim();
}

/** Who asked for an email, as its record keeps it. */
export interface MailSender {
  kind: Exclude<Actor["kind"], "visitor">;
  id: string | null;
  name: string | null;
}

export function mailSender(actor: Actor): MailSender {
  if (actor.kind === "user")
    return { kind: "user", id: actor.userId, name: `${actor.firstName} ${actor.lastName} <${actor.email}>`.trim() };
  if (actor.kind === "api_token") return { kind: "api_token", id: actor.tokenId, name: null };
  return { kind: "system", id: actor.source, name: null };
}

/**
 * Queues `items` (the email's outbox row) only if today's count of the platform's emails is below
 * `limit`, taking one from it, in one batch: 1. the day's row exists, 2. the conditional update,
 * 3. a guard that fails the batch when 2 changed no row. Concurrent sends cannot pass the limit.
 */
export async function queueWithinPlatformQuota(db: TenantDb, now: number, limit: number, items: BatchItem<"sqlite">[]): Promise<void> {
  const day = mailDay(now);
  const GUARD_AT = 2;
  try {
    await db.batch([
      db.run(sql`insert into platform_mail_days (day) values (${day}) on conflict do nothing`),
      db.run(sql`update platform_mail_days set messages = messages + 1 where day = ${day} and messages < ${limit}`),
      // changes() is the row count of the update just before: none inserts a NULL key, which fails.
      db.run(sql`insert into platform_mail_days (day) select null where changes() = 0`),
      ...items,
    ]);
  } catch (error) {
    if (statementIndex(error) === GUARD_AT) throw new DomainError("email_quota_exceeded", { limit });
    throw error;
  }
}

/** The index (in the batch) of the statement that failed, when the client tells it. */
function statementIndex(error: unknown): number | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const index = (e as { statementIndex?: unknown }).statementIndex;
    if (typeof index === "number") return index;
  }
  return null;
}
