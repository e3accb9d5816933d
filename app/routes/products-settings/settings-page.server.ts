import { redirect } from "react-router";
import { requestContext, type RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { can } from "../../../worker/domain/shared/ctx";
import type { FieldErrors } from "../../../worker/domain/shared/domain-error";
import type { ListResult } from "../../../worker/domain/shared/list-query-sql";
import { pageUrl, requirePage } from "../../../worker/guards";
import { formAction, recoverFrom } from "../../server/form-page.server";

interface ContextArgs {
  request: Request;
  context: { get(key: typeof requestContext): RequestContext };
}

export const VIEW_PRODUCTS = { allOf: ["view_products"] } as const;
export const EDIT_PRODUCTS = { allOf: ["view_products", "edit_products"] } as const;
export const PAGE_SIZE = 50;

/** The guard of a products-settings page: view_products; the forms show only with edit_products. */
export async function openSettingsPage({ request, context }: ContextArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, VIEW_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  return { ctx, canEdit: can(ctx, EDIT_PRODUCTS) };
}

/** The guard of a products-settings form post: without edit_products the user goes to the dashboard. */
export async function openSettingsAction({ request, context }: ContextArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_PRODUCTS);
  return { ctx: await ctxFromRequest(rc), form: await request.formData() };
}

export interface SettingsListData<T> {
  items: T[];
  /** The search text (label contains). */
  q: string;
  page: number;
  total: number;
  pageSize: number;
  notice: string | null;
  editId: string | null;
}

/**
 * The list half of a page: the label search (`q`) and the page number from the address, run
 * through the entity's list verb; an address the list cannot use falls back to the first page.
 */
export async function loadSettingsList<T>(
  request: Request,
  run: (params: URLSearchParams) => Promise<ListResult<T>>,
): Promise<SettingsListData<T>> {
  const url = pageUrl(request);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = /^\d{1,6}$/.test(url.searchParams.get("page") ?? "") ? Number(url.searchParams.get("page")) : 0;
  const params = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE), total_count: "true" });
  if (q) params.set("label__Contains", q);
  const result = await recoverFrom(
    ["validation_failed"],
    () => run(params),
    () => run(new URLSearchParams({ page_size: String(PAGE_SIZE), total_count: "true" })),
  );
  return {
    items: result.items,
    q,
    page: result.page,
    total: result.totalCount ?? result.items.length,
    pageSize: PAGE_SIZE,
    notice: url.searchParams.get("notice"),
    editId: url.searchParams.get("edit"),
  };
}

/** The record named by `?edit=`, or null when there is none (or it no longer exists). */
export async function loadEditing<T>(editId: string | null, canEdit: boolean, get: (id: string) => Promise<T>): Promise<T | null> {
  if (!editId || !canEdit) return null;
  return recoverFrom(
    ["not_found"],
    () => get(editId),
    () => null,
  );
}

export type Intent = "create" | "update" | "delete" | "enable" | "disable";

export interface FailedAction<V> {
  intent: Intent;
  id: string | null;
  error: string;
  params: Record<string, unknown>;
  fields: FieldErrors | null;
  values: V;
}

/**
 * Runs one form post of a products-settings page: success goes back to the list with a notice,
 * a domain error comes back with the values typed so the form can show them again.
 */
export async function runSettingsAction<V>(
  request: Request,
  form: FormData,
  values: V,
  run: (intent: Intent, id: string) => Promise<unknown>,
  mapFields: (fields: FieldErrors) => FieldErrors = (f) => f,
) {
  const raw = String(form.get("intent") ?? "create");
  const intent: Intent = (["create", "update", "delete", "enable", "disable"] as const).find((i) => i === raw) ?? "create";
  const id = String(form.get("id") ?? "");
  const notice = { create: "created", update: "saved", delete: "deleted", enable: "enabled", disable: "disabled" }[intent];
  return formAction(
    async () => {
      await run(intent, id);
      return redirect(`${pageUrl(request).pathname}?notice=${notice}`);
    },
    (refusal): FailedAction<V> => ({
      intent,
      id: id || null,
      ...refusal,
      fields: refusal.fields ? mapFields(refusal.fields) : null,
      values,
    }),
    { notFound: "refusal" },
  );
}
