import { redirect, type RouterContextProvider } from "react-router";
import { requestContext } from "../../worker/context";
import { ctxFromRequest } from "../../worker/ctx";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { getStorefront, type StorefrontView } from "../../worker/domain/store/get-storefront";
import { requireStore, STORE_COOKIE } from "../../worker/guards";
import { readCookie } from "../../worker/session-cookie";
import { orNotFound } from "./form-page.server";

/**
 * The loader of a buyer's history page (their orders, their invoices): one record when the path
 * names it (another customer's is a 404), else the page of the list `?page=` asks; a store whose
 * settings hide the history sends it to the store's home (platform spec §5).
 */
export async function loadStoreHistory<D, L>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  id: string | undefined,
  verbs: {
    shown: (menu: StorefrontView["menu"]) => boolean;
    one: (ctx: Ctx, id: string) => Promise<D>;
    list: (ctx: Ctx, page: number) => Promise<L>;
  },
): Promise<{ detail: D | null; list: L | null }> {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const ctx = await ctxFromRequest(rc);
  const page = Math.max(0, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "0", 10) || 0);
  const [storefront, detail, list] = await Promise.all([
    getStorefront(ctx),
    id ? orNotFound(() => verbs.one(ctx, id)) : null,
    id ? null : verbs.list(ctx, page),
  ]);
  if (!verbs.shown(storefront.menu)) throw redirect("/b2b");
  return { detail, list };
}
