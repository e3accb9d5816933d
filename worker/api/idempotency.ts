import type { MiddlewareHandler } from "hono";
import { readCreatedResource } from "../domain/shared/created-resources";
import type { Ctx } from "../domain/shared/ctx";
import { DomainError } from "../domain/shared/domain-error";
import {
  claimIdempotencyKey,
  idempotencyScope,
  isIdempotencyKey,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
  requestFingerprint,
  type CommittedResource,
  type IdempotentAnswer,
} from "../domain/shared/idempotency";
import { verbCtx } from "./auth";
import type { ApiEnv } from "./types";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/**
 * Every POST of /api/v1 may carry an Idempotency-Key: the first request runs and its answer
 * (2xx or 4xx) is kept 24 hours for the caller; a retry gets it back with `Idempotent-Replayed: true`.
 * A request that failed after its write batch committed keeps its key: a retry gets the record it
 * created, read again as its create answers (201), or `idempotency_key_committed` when it named none
 * (a write that creates nothing, such as a move) or the record is gone; never a second write.
 * Without a caller (or in a frozen company) the route's own guard answers, and nothing is kept.
 */
export const idempotency: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (c.req.method !== "POST" || key === undefined) return next();
  if (!isIdempotencyKey(key)) throw new DomainError("idempotency_key_invalid");
  const ctx = c.get("ctx");
  if (!ctx.actor || ctx.actor.company.frozen) return next();
  const db = await ctx.tenant();
  const scope = idempotencyScope(ctx.actor);
  // A clone: the handler still reads the body its own way (JSON, an upload).
  const body = await c.req.raw.clone().arrayBuffer();
  const requestHash = await requestFingerprint([c.req.method, c.req.path, scope, body]);
  const claim = await claimIdempotencyKey(db, { scope, key, requestHash });
  if (claim.replay) return replayed(claim.replay);
  if (claim.committed) {
    const answer = await committedAnswer(await verbCtx(c), claim.committed.resource);
    await recordIdempotentAnswer(db, claim, answer);
    return replayed(answer);
  }
  let kept = false;
  try {
    await next();
    if (c.res.status < 500) {
      const answer = await c.res.clone().text();
      await recordIdempotentAnswer(db, claim, { status: c.res.status, contentType: c.res.headers.get("content-type"), body: answer });
      kept = true;
    }
  } finally {
    // A server failure is not an answer: the key is freed so that a retry runs, unless the request committed a write.
    if (!kept) await releaseIdempotencyKey(db, claim);
  }
};

function replayed({ status, contentType, body }: IdempotentAnswer): Response {
  const headers = new Headers({ "idempotent-replayed": "true" });
  if (contentType) headers.set("content-type", contentType);
  return new Response(status === 204 ? null : body, { status, headers });
}

/**
 * The answer of a request that committed and failed before answering: the record it created,
 * read as its create answers it (201). Without one named, or once that record is deleted, it
 * cannot be rebuilt: 409, and nothing is kept (a later retry is told the same).
 */
async function committedAnswer(ctx: Ctx, resource: CommittedResource | null): Promise<IdempotentAnswer> {
  const read = resource && readCreatedResource(ctx, resource);
  if (!read) throw new DomainError("idempotency_key_committed");
  let created: unknown;
  try {
    created = await read;
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw new DomainError("idempotency_key_committed");
    throw error;
  }
  return { status: 201, contentType: "application/json", body: JSON.stringify(created) };
}
