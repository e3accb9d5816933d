import { redirect } from "react-router";
import { requestContext, type RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import type { PermissionCheck } from "../../../worker/domain/identity/permissions";
import type { FieldErrors } from "../../../worker/domain/shared/domain-error";
import { pageUrl, requirePage } from "../../../worker/guards";
import { formAction, recoverFrom } from "../../server/form-page.server";

interface ContextArgs {
  request: Request;
  context: { get(key: typeof requestContext): RequestContext };
}

export { SETTINGS } from "../../../worker/domain/settings/common";

/** The guard of a catalogue settings page (and of its form posts), with the Ctx its verbs take. */
export async function openCataloguePage({ request, context }: ContextArgs, check: PermissionCheck) {
  const rc = context.get(requestContext);
  requirePage(request, rc, check);
  const url = pageUrl(request);
  return { rc, ctx: await ctxFromRequest(rc), notice: url.searchParams.get("notice"), editId: url.searchParams.get("edit") };
}

export const INTENTS = ["create", "update", "delete", "enable", "disable", "default", "tax_settings"] as const;
export type Intent = (typeof INTENTS)[number];

export interface CatalogueFailure<V> {
  intent: Intent;
  id: string | null;
  error: string;
  params: Record<string, unknown>;
  fields: FieldErrors | null;
  values: V;
}

/** The record named by `?edit=`, or null when there is none (or it no longer exists). */
export async function loadEditing<T>(editId: string | null, get: (id: string) => Promise<T>): Promise<T | null> {
  if (!editId) return null;
  return recoverFrom(
    ["not_found"],
    () => get(editId),
    () => null,
  );
}

/**
 * Runs one form post: success goes back to the page with a notice (`?notice=<intent>`), a domain
 * error comes back with the values typed so the form shows them again.
 */
export async function runCatalogueAction<V>(
  request: Request,
  form: FormData,
  values: V,
  run: (intent: Intent, id: string) => Promise<unknown>,
) {
  const raw = String(form.get("intent") ?? "create");
  const intent: Intent = INTENTS.find((i) => i === raw) ?? "create";
  const id = String(form.get("id") ?? "");
  return formAction(
    async () => {
      await run(intent, id);
      return redirect(`${pageUrl(request).pathname}?notice=${intent}`);
    },
    (refusal): CatalogueFailure<V> => ({ intent, id: id || null, ...refusal, fields: refusal.fields ?? null, values }),
    { notFound: "refusal" },
  );
}

/** A form's text field ("" when absent). */
export const text = (form: FormData, name: string) => String(form.get(name) ?? "");
