import type { ControlDb, TenantDb } from "../../../db/client";
import { assertMayAct, type Actor } from "../identity/actor";
import { companyFiles, NO_FILES, type FileBucket, type FileStore } from "./files";
import { hasPermissions, type PermissionCheck, type PublicCapability } from "../identity/permissions";
import { DomainError } from "./domain-error";
import { newId } from "./ids";
import type { Locale } from "./locale";
import { outboxFor, type Outbox } from "./outbox";
import { NO_SECRETS, type SecretBox } from "./secret-box";
import type { StripeClient } from "../../integrations/stripe/client";

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
  /** The company's files (images, logos, documents), bound to the actor's company: verbs name them by relative keys. */
  files: FileStore;
  /** The outbox rows a verb puts in its own batch, so that its messages leave only if its change is saved. */
  outbox: Outbox;
  /** Seals the company's saved secrets (an SMTP password) and opens them again. */
  secrets: SecretBox;
  /** Internal SMTP servers (`host:port`) a company may name anyway: local test servers, none in production. */
  privateSmtpHosts: readonly string[];
  /** Stripe, which bills the company's own subscription to the product; null where billing is not configured. */
  stripe: StripeClient | null;
}

/** The pieces a builder gathers; the clock and ids default to the real ones. The bucket is given raw and scoped here, once. */
export function makeCtx(
  parts: Omit<Ctx, "now" | "newId" | "outbox" | "files" | "secrets" | "privateSmtpHosts" | "stripe"> &
    Partial<Pick<Ctx, "now" | "newId" | "secrets" | "privateSmtpHosts" | "stripe">> & { files?: FileBucket },
): Ctx {
  return {
    now: Date.now,
    newId,
    secrets: NO_SECRETS,
    privateSmtpHosts: [],
    stripe: null,
    outbox: outboxFor(parts.db, parts.control),
    ...parts,
    files: companyFiles(parts.files ?? NO_FILES, parts.actor.company.id),
  };
}

/** Whether the actor holds these permissions. */
export function can(ctx: Pick<Ctx, "actor">, check: PermissionCheck): boolean {
  return hasPermissions(ctx.actor.permissions, check);
}

/**
 * Refuses unless the actor may act here (`access_frozen` for a frozen company; `forbidden` for a
 * visitor, or for a user ordering for a customer outside the store) and holds these permissions:
 * every verb checks its own. Back-office verbs leave `where` at its default.
 */
export function requirePermission(
  ctx: Pick<Ctx, "actor">,
  check: PermissionCheck,
  where: "back_office" | "anywhere" = "back_office",
): void {
  assertMayAct(ctx.actor, where);
  if (!can(ctx, check)) throw new DomainError("forbidden");
}

/** Whether `requirePermission` would let the actor through: what a page may offer it. */
export function permits(ctx: Pick<Ctx, "actor">, check: PermissionCheck): boolean {
  try {
    requirePermission(ctx, check);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** The back office's reads that any of its actors may make (the company's settings): no visitor, no buyer, no frozen company. */
export function requireBackOffice(ctx: Pick<Ctx, "actor">): void {
  assertMayAct(ctx.actor, "back_office");
}

/**
 * The verbs of a public page (the store's login and access form): its visitor holding the page's
 * capability, or anyone signed in to the company (a buyer sees the store's banner too).
 */
export function requirePublic(ctx: Pick<Ctx, "actor">, capability: PublicCapability): void {
  const { actor } = ctx;
  if (actor.kind === "visitor" && !actor.permissions.includes(capability)) throw new DomainError("forbidden");
}
