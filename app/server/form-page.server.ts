import { data, redirect } from "react-router";
import type { RequestContext } from "../../worker/context";
import { isDomainError, type DomainError, type ErrorCode, type FieldErrors } from "../../worker/domain/shared/domain-error";
import {
  claimIdempotencyKeyOrWait,
  idempotencyScope,
  isIdempotencyKey,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
  requestFingerprint,
} from "../../worker/domain/shared/idempotency";
import { newId } from "../../worker/domain/shared/ids";
import { statusForCode } from "../../worker/error-status";
import { IDEMPOTENCY_FIELD } from "../components/idempotency-key";

/** A fresh key for one showing of a create form (its loader gives it to the page). */
export function newFormKey(): string {
  return newId();
}

/**
 * Runs a create form's save once per hidden key (see IdempotencyKeyField): a second post of the
 * same form (a double click, a resend) waits for the first and goes where it went. Only saves
 * are kept: after a refused post the corrected form may be sent with the same key.
 */
export async function onceForm(ctx: RequestContext, request: Request, form: FormData, save: () => Promise<string>): Promise<string> {
  const key = form.get(IDEMPOTENCY_FIELD);
  if (typeof key !== "string" || !isIdempotencyKey(key) || !ctx.actor) return save();
  const db = await ctx.tenant();
  const scope = idempotencyScope(ctx.actor);
  const fields = [...form.entries()]
    .filter(([name]) => name !== IDEMPOTENCY_FIELD)
    .map(([name, value]) => [name, typeof value === "string" ? value : `${value.name}:${value.size}`]);
  const requestHash = await requestFingerprint(["FORM", new URL(request.url).pathname, scope, JSON.stringify(fields)]);
  const claim = await claimIdempotencyKeyOrWait(db, { scope, key: `form:${key}`, requestHash });
  if (claim.replay) return claim.replay.body ?? "/";
  let location: string;
  try {
    location = await save();
  } catch (error) {
    await releaseIdempotencyKey(db, claim);
    throw error;
  }
  await recordIdempotentAnswer(db, claim, { status: 303, contentType: null, body: location });
  return location;
}

/** What a refused form post answers: the code, the values its text shows and the fields at fault. */
export interface Refusal {
  error: ErrorCode;
  params: Record<string, unknown>;
  fields: FieldErrors | undefined;
}

/**
 * The one place where pages turn a domain error into their answer. `run` is the action's work; a
 * refusal comes back as `answer(refusal)` (adding what was typed) with the code's status. The
 * page's unknown record is the 404 page, unless `notFound: "refusal"`; one a field names is refused.
 */
export async function formAction<R, B extends object = Refusal>(
  run: () => Promise<R>,
  answer: (refusal: Refusal) => B = (refusal) => refusal as unknown as B,
  { notFound = "page" }: { notFound?: "page" | "refusal" } = {},
) {
  try {
    return await run();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_found" && notFound === "page" && !error.fields) throw data(null, { status: 404 });
    return data(answer({ error: error.code, params: error.params, fields: error.fields }), { status: statusForCode(error.code) });
  }
}

/** Runs a load that the given codes do not stop: `fallback` answers them instead. */
export async function recoverFrom<T, F = T>(
  codes: readonly ErrorCode[],
  load: () => Promise<T>,
  fallback: (error: DomainError) => F | Promise<F>,
): Promise<T | F> {
  try {
    return await load();
  } catch (error) {
    if (isDomainError(error) && codes.includes(error.code)) return fallback(error);
    throw error;
  }
}

/** A record a page asks for: an unknown id is the 404 page. */
export function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  return recoverFrom(["not_found"], load, () => {
    throw data(null, { status: 404 });
  });
}

/**
 * Runs a form's save and goes to the address it answers; a refused input comes back with its
 * error, the fields it names and what was typed (`values`), so that nothing is lost.
 */
export function saveForm<V>(typed: V, save: () => Promise<string>) {
  return formAction(
    async () => redirect(await save()),
    (refusal) => ({ ...refusal, values: typed }),
  );
}
