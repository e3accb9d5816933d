import { data, redirect } from "react-router";
import { isDomainError } from "../../worker/domain/shared/domain-error";
import { statusForCode } from "../../worker/error-status";

/** A record a page asks for: an unknown id is the 404 page. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isDomainError(error) && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
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
    return data({ error: error.code, fields: error.fields, values: typed }, { status: statusForCode(error.code) });
  }
}
