import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Actor } from "../identity/actor";
import { dropBatchMark, holdBatchMark, type BatchMark } from "./batch-marks";
import { DomainError } from "./domain-error";

/**
 * Idempotency keys (Stripe's semantics): the first request with a key runs and its answer is
 * kept 24 hours; the same key with the same request gets that answer again, with another request
 * `idempotency_key_reused`, and while the first still runs `idempotency_key_in_progress`.
 * The API takes the key from the Idempotency-Key header, the pages' create forms from a hidden field.
 * The request's first write batch marks its key committed (batch-marks), naming what it created:
 * a key whose request saved something is never freed, so a retry can never save it twice.
 */

const { idempotencyKeys } = tenantSchema;

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still "running" after this was cut off (a Worker request never lasts that long): its key is freed. */
export const ABANDONED_CLAIM_MS = 5 * 60 * 1000;

/** 1 to 255 printable ASCII characters. */
export function isIdempotencyKey(key: string): boolean {
  return /^[\x20-\x7e]{1,255}$/.test(key);
}

/** Keys belong to who sent them: the same key from two callers is two keys. */
export function idempotencyScope(actor: Actor): string {
  if (actor.kind === "user") return `user:${actor.userId}`;
  return actor.kind === "api_token" ? `api_token:${actor.tokenId}` : `system:${actor.source}`;
}

/** SHA-256 (hex) of the parts of a request, each length-prefixed so that no two splits collide. */
export async function requestFingerprint(parts: readonly (string | ArrayBuffer)[]): Promise<string> {
  const encoder = new TextEncoder();
  const chunks = parts.flatMap((part) => {
    const bytes = typeof part === "string" ? encoder.encode(part) : new Uint8Array(part);
    return [encoder.encode(`${bytes.length}:`), bytes];
  });
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  const digest = await crypto.subtle.digest("SHA-256", all);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface IdempotentAnswer {
  status: number;
  contentType: string | null;
  body: string | null;
}

/** What a request's write batch created, named by its verb: a type of created-resources and the record's id. */
export interface CommittedResource {
  type: string;
  id: number;
}

export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** The answer given to the first request, when this one repeats it. */
  replay: IdempotentAnswer | null;
  /** The first request saved its work but kept no answer (it failed after its commit): what it created, if it said. */
  committed: { resource: CommittedResource | null } | null;
  /** The mark put on the handle's write batches while this request runs (a fresh claim only). */
  mark?: BatchMark;
}

/** The statement a write batch carries for a claimed key: committed now, naming what the batch creates. */
function commitMark(scope: string, key: string): BatchMark {
  return {
    statement: (db, created) => {
      const resource = created ? sql`json_object('type', ${created.type}, 'id', ${created.id})` : sql`null`;
      return db.run(sql`update idempotency_keys
        set resource = case when committed_at is null then ${resource} else resource end,
            committed_at = coalesce(committed_at, cast(unixepoch('subsecond') * 1000 as integer))
        where scope = ${scope} and key = ${key} and status is null`);
    },
  };
}

/**
 * Claims a key for a request (a row without an answer, inserted only if the key is free), or
 * finds the answer the same request got before, or that it committed without one. Keys past 24
 * hours, and claims abandoned by a request that saved nothing and never answered, are purged on
 * the way. A fresh claim puts its commit mark on the handle's write batches.
 */
export async function claimIdempotencyKey(
  db: TenantDb,
  claim: { scope: string; key: string; requestHash: string; now?: number },
): Promise<IdempotencyClaim> {
  const now = claim.now ?? Date.now();
  const { scope, key } = claim;
  const [, inserted] = await db.batch([
    db
      .delete(idempotencyKeys)
      .where(
        or(
          lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_KEY_TTL_MS),
          and(isNull(idempotencyKeys.status), isNull(idempotencyKeys.committedAt), lt(idempotencyKeys.createdAt, now - ABANDONED_CLAIM_MS)),
        ),
      ),
    db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: claim.requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  ]);
  if (inserted.length) {
    const mark = commitMark(scope, key);
    holdBatchMark(db, mark);
    return { scope, key, replay: null, committed: null, mark };
  }
  const [found] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  // Purged or released between the two statements: the caller may simply try again.
  if (!found) throw new DomainError("idempotency_key_in_progress");
  if (found.requestHash !== claim.requestHash) throw new DomainError("idempotency_key_reused");
  if (found.status !== null)
    return { scope, key, replay: { status: found.status, contentType: found.contentType, body: found.body }, committed: null };
  if (found.committedAt !== null) return { scope, key, replay: null, committed: { resource: found.resource ?? null } };
  throw new DomainError("idempotency_key_in_progress");
}

/**
 * Claims a key like claimIdempotencyKey, but while the first request still runs, waits for its
 * answer (up to `waitMs`): a form posted twice goes where the first post went. One that saved
 * and never answered (it failed after its commit) is refused: `idempotency_key_committed`.
 */
export async function claimIdempotencyKeyOrWait(
  db: TenantDb,
  claim: { scope: string; key: string; requestHash: string },
  waitMs = 10_000,
): Promise<IdempotencyClaim> {
  const until = Date.now() + waitMs;
  for (;;) {
    let waiting: DomainError;
    try {
      const found = await claimIdempotencyKey(db, claim);
      if (!found.committed) return found;
      waiting = new DomainError("idempotency_key_committed");
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== "idempotency_key_in_progress") throw error;
      waiting = error;
    }
    if (Date.now() >= until) throw waiting;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Keeps the answer of a claimed key, for its retries. */
export async function recordIdempotentAnswer(db: TenantDb, claim: IdempotencyClaim, answer: IdempotentAnswer): Promise<void> {
  if (claim.mark) dropBatchMark(db, claim.mark);
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, contentType: answer.contentType, body: answer.body })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key), sql`${idempotencyKeys.status} is null`));
}

/**
 * Frees a claimed key whose request gave no answer worth keeping (a failure), so that a retry
 * runs; unless its request committed a write: then the key stays, and a retry gets that work.
 */
export async function releaseIdempotencyKey(db: TenantDb, claim: IdempotencyClaim): Promise<void> {
  if (claim.mark) dropBatchMark(db, claim.mark);
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, claim.scope),
        eq(idempotencyKeys.key, claim.key),
        isNull(idempotencyKeys.status),
        isNull(idempotencyKeys.committedAt),
      ),
    );
}
