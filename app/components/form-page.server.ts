import { data, redirect } from "react-router";
import { isDomainError, type DomainError, type ErrorCode, type FieldErrors } from "../../worker/domain/shared/domain-error";
import { statusForCode } from "../../worker/error-status";

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
