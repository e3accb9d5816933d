import { data, redirect } from "react-router";
import { isDomainError } from "../../worker/domain/shared/domain-error";

/** A record a page asks for: an unknown id is the 404 page. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isDomainError(error) && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

/** The HTTP status of a refused form, as the API would answer it. */
export function formStatus(code: string): number {
  if (code === "validation_failed") return 422;
  if (code.endsWith("_taken") || code === "in_use") return 409;
  return 400;
}

/**
 * Runs a form's save and goes to the address it answers; a refused input comes back with its
 * error, the fields it names and what was typed (`typed`), so that nothing is lost. An unknown
 * record is the 404 page.
 */
export async function saveForm<V>(typed: V, save: () => Promise<string>) {
  try {
    return redirect(await save());
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_found") throw data(null, { status: 404 });
    return data({ error: error.code, fields: error.fields, values: typed }, { status: formStatus(error.code) });
  }
}
