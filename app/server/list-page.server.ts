import { redirect } from "react-router";
import { formAction, recoverFrom } from "./form-page.server";
import type { RequestContext } from "../../worker/context";
import { ctxFromRequest } from "../../worker/ctx";
import type { ListType } from "../../worker/domain/saved-views/list-types";
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  updateSavedView,
  type SavedView,
} from "../../worker/domain/saved-views/saved-views";
import { DomainError, type FieldErrors } from "../../worker/domain/shared/domain-error";
import type { ListResult } from "../../worker/domain/shared/list-query-sql";
import { pageUrl } from "../../worker/guards";
import {
  canonicalListSearch,
  EMPTY_LIST_STATE,
  hasListState,
  listQueryParams,
  listStateToParams,
  parseListState,
  savedViewHref,
  savedViewSearchFromState,
  type ListSortTerm,
  type ListState,
} from "../components/list/list-state";
import { resultAsText, type ListResultText } from "../components/list/rows-text";

export interface ListPageData<T> {
  pathname: string;
  state: ListState;
  /** The sort the list uses when the address names none. */
  defaultSort: ListSortTerm[];
  /** The page's rows as one JSON text (rows-text.ts). */
  result: ListResultText<T>;
  views: (Pick<SavedView, "id" | "label" | "is_default"> & { href: string })[];
  /** Parameters of the address the list could not use (shown above the table; the defaults were used). */
  error: { code: string; fields: FieldErrors } | null;
}

const LABEL_ASC: ListSortTerm[] = [{ by: "label", direction: "asc" }];

/**
 * The loader half of a list screen: cleans the address (blank filters out), opens the user's
 * default view when the address carries no list state, runs the list (with its count) and loads
 * the user's views. Bad parameters do not fail the page: the list falls back to its defaults.
 */
export async function loadListPage<T, R = T>(args: {
  request: Request;
  /** The request's context: the saved views are read through the Ctx built from it. */
  rc: RequestContext;
  type: ListType;
  defaultSort?: ListSortTerm[];
  /** Runs the list through its domain verb with the engine's parameters. */
  run: (params: URLSearchParams) => Promise<ListResult<T>>;
  /**
   * A row with only what the page's columns show (and its links need): a row's every field would be
   * written into the page for the browser, and read again there, for nothing. The API and the
   * exports keep the full rows.
   */
  shown?: (row: T) => R;
}): Promise<ListPageData<R>> {
  const url = pageUrl(args.request);
  const ctx = await ctxFromRequest(args.rc);
  const defaultSort = args.defaultSort ?? LABEL_ASC;
  const canonical = canonicalListSearch(url.searchParams);
  if (canonical !== null) throw redirect(url.pathname + canonical);

  // Settings of the address that the list refuses show the defaults instead, with what was wrong.
  const attempt = () =>
    recoverFrom(
      ["validation_failed"],
      async () => ({ ok: true as const, result: await args.run(listQueryParams(url.searchParams)) }),
      (refused) => ({ ok: false as const, refused }),
    );
  // The user's views and the list are read together, in one round trip. At a bare address a default
  // view opens instead (a redirect): the list read with it is then not shown, a read spent so that
  // the usual case, no default view, waits for one batch rather than two.
  const [saved, outcome] = await Promise.all([listSavedViews(ctx, { type: args.type }), attempt()]);
  if (!hasListState(url.searchParams)) {
    const preferred = saved.find((v) => v.is_default);
    if (preferred) {
      // A notice of the page (e.g. "deleted") travels along.
      const target = new URL(savedViewHref(url.pathname, preferred.search, defaultSort), url);
      for (const [key, value] of url.searchParams) target.searchParams.append(key, value);
      throw redirect(target.pathname + target.search);
    }
  }

  let state = parseListState(url.searchParams);
  let error: ListPageData<R>["error"] = null;
  let result: ListResult<T>;
  if (outcome.ok) result = outcome.result;
  else {
    error = { code: outcome.refused.code, fields: outcome.refused.fields ?? {} };
    result = await args.run(listQueryParams(new URLSearchParams()));
    // The page and size shown are the ones used; the filters stay in the bar so that they can be corrected.
    state = { ...state, page: 0, pageSize: null, sort: [] };
  }
  return {
    pathname: url.pathname,
    state,
    defaultSort,
    result: resultAsText({
      items: args.shown ? result.items.map(args.shown) : (result.items as unknown as R[]),
      page: result.page,
      page_size: result.page_size,
      totalCount: result.totalCount ?? result.items.length,
    }),
    views: saved.map((v) => ({
      id: v.id,
      label: v.label,
      is_default: v.is_default,
      href: savedViewHref(url.pathname, v.search, defaultSort),
    })),
    error,
  };
}

export interface ListActionFailure {
  viewError: { code: string; params: Record<string, unknown>; fields?: FieldErrors; label: string };
}

/**
 * The action half: the saved-view forms of a list screen post here (save the current state as a
 * view, make a view the default, delete one), then come back to the list.
 */
export async function listPageAction(args: { request: Request; rc: RequestContext; type: ListType }) {
  const url = pageUrl(args.request);
  const ctx = await ctxFromRequest(args.rc);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const current = parseListState(new URLSearchParams(String(form.get("state") ?? "")));
  const back = () => {
    const query = listStateToParams(current).toString();
    return redirect(`${url.pathname}?${query || "page=0"}`);
  };
  const label = String(form.get("label") ?? "");
  return formAction(
    async () => {
      if (intent === "save_view") {
        await createSavedView(ctx, {
          type: args.type,
          label,
          is_default: form.get("is_default") === "on" || form.get("is_default") === "true",
          search: savedViewSearchFromState({ ...EMPTY_LIST_STATE, ...current }),
        });
        return back();
      }
      if (intent === "default_view") {
        await updateSavedView(ctx, { id: String(form.get("id") ?? ""), is_default: true });
        return back();
      }
      if (intent === "delete_view") {
        await deleteSavedView(ctx, { id: String(form.get("id") ?? "") });
        return back();
      }
      throw new DomainError("invalid");
    },
    (refusal): ListActionFailure => ({
      viewError: { code: refusal.error, params: refusal.params, ...(refusal.fields ? { fields: refusal.fields } : {}), label },
    }),
    { notFound: "refusal" },
  );
}
