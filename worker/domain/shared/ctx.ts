import type { ControlDb, TenantDb } from "../../../db/client";
import type { Actor } from "../identity/actor";
import { NO_FILES, type FileStore } from "./files";
import { hasPermissions, type PermissionCheck } from "../identity/permissions";
import { DomainError } from "./domain-error";
import { newId } from "./ids";
import type { Locale } from "./locale";
import { outboxFor, type Outbox } from "./outbox";
import { NO_SECRETS, type SecretBox } from "./secret-box";

/**
 * What every domain verb receives first: `verb(ctx, input)`. The same verb serves a page, an API
 * handler, a Durable Object, a queue consumer and a cron trigger; only the builder differs
 * (worker/ctx.ts). Nothing else builds a Ctx.
 */
export interface Ctx {
  /** The company's own database. */
  db: TenantDb;
  /** The control database (identities, memberships), for the few verbs that need it. */
  control: ControlDb;
  /** Who acts: a user, an API token, or the system (queues, crons). */
  actor: Actor;
  /** The language of the texts the verb writes (emails, documents). */
  locale: Locale;
  /** The clock: tests may fix it. */
  now(): number;
  /** A new sortable unique id. */
  newId(): string;
  /** The company's files (images, logos, documents): keys carry the company's id. */
  files: FileStore;
  /** The outbox rows a verb puts in its own batch, so that its messages leave only if its change is saved. */
  outbox: Outbox;
  /** Seals the company's saved secrets (an SMTP password) and opens them again. */
  secrets: SecretBox;
  /** Internal SMTP servers (`host:port`) a company may name anyway: local test servers, none in production. */
  privateSmtpHosts: readonly string[];
}

/** The pieces a builder gathers; the clock and ids default to the real ones. */
export function makeCtx(
  parts: Omit<Ctx, "now" | "newId" | "outbox" | "files" | "secrets" | "privateSmtpHosts"> &
    Partial<Pick<Ctx, "now" | "newId" | "files" | "secrets" | "privateSmtpHosts">>,
): Ctx {
  return {
    now: Date.now,
    newId,
    files: NO_FILES,
    secrets: NO_SECRETS,
    privateSmtpHosts: [],
    outbox: outboxFor(parts.db, parts.control),
    ...parts,
  };
}

/** Whether the actor holds these permissions. */
export function can(ctx: Pick<Ctx, "actor">, check: PermissionCheck): boolean {
  return hasPermissions(ctx.actor.permissions, check);
}

/** Refuses with `forbidden` unless the actor holds these permissions: every verb checks its own. */
export function requirePermission(ctx: Pick<Ctx, "actor">, check: PermissionCheck): void {
  if (!can(ctx, check)) throw new DomainError("forbidden");
}
