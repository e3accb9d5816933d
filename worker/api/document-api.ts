import { Hono, type Context } from "hono";
import { DOCUMENT_ACCESS, type DocumentAccess, type DocumentTypeName } from "../domain/documents/document-types";
import { acknowledgementsOf } from "../domain/shared/acknowledgements";
import type { Ctx } from "../domain/shared/ctx";
import type { ListResult } from "../domain/shared/list-query-sql";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

/**
 * The one API descriptor of a document type (sales and stock documents alike): its routes, each
 * documented and guarded by the permission its type's row names (documents/document-types.ts).
 */

/** What the OpenAPI document says of a route besides its method, path, tag and permissions. */
export type RouteDoc = Omit<ApiOperation, "method" | "path" | "tag" | "auth" | "permissions">;

export interface DocumentRoute {
  method: "get" | "post" | "patch" | "delete";
  /** Below the type's path: "" for the list, "/{id}" for one document, "/{id}/pdf"… */
  path: string;
  /** Which of the type's permissions it asks. */
  access: keyof DocumentAccess;
  doc: RouteDoc;
  handle: (c: Context<ApiEnv>, ctx: Ctx) => Promise<Response>;
}

export interface DocumentApi {
  type: DocumentTypeName;
  path: string;
  tag: string;
  routes: DocumentRoute[];
}

export interface DocumentVerbs<V> {
  list: (ctx: Ctx, query: URLSearchParams) => Promise<ListResult<V>>;
  create: (ctx: Ctx, input: Record<string, unknown>) => Promise<V>;
  get: (ctx: Ctx, input: { id: string }) => Promise<V>;
  /** Without it, no PATCH. */
  update?: (ctx: Ctx, input: { id: string } & Record<string, unknown>) => Promise<V>;
  /** Without it, no DELETE. */
  remove?: (ctx: Ctx, input: { id: string; acknowledged: string[] }) => Promise<void>;
}

export interface DocumentApiSpec<V> {
  type: DocumentTypeName;
  path: string;
  tag: string;
  verbs: DocumentVerbs<V>;
  docs: { list: RouteDoc; create: RouteDoc; get: RouteDoc; update?: RouteDoc; remove?: RouteDoc };
  /** Who reads one document: whoever may read it (the default) or only who may see the list. */
  getAccess?: keyof DocumentAccess;
  /** Routes on one document after its read (its PDF, its email). */
  outputs?: DocumentRoute[];
  /** Routes after the others (status moves). */
  moves?: DocumentRoute[];
}

const idOf = (c: Context<ApiEnv>) => c.req.param("id")!;

/** A type's API: list, create, read, then its outputs, update, delete and moves, in that order. */
export function documentApi<V>(d: DocumentApiSpec<V>): DocumentApi {
  const { verbs, docs } = d;
  const { update, remove } = verbs;
  const routes: DocumentRoute[] = [
    {
      method: "get",
      path: "",
      access: "view",
      doc: docs.list,
      handle: async (c, ctx) => c.json(await verbs.list(ctx, new URL(c.req.url).searchParams)),
    },
    {
      method: "post",
      path: "",
      access: "edit",
      doc: docs.create,
      handle: async (c, ctx) => c.json(await verbs.create(ctx, await jsonBody(c)), 201),
    },
    {
      method: "get",
      path: "/{id}",
      access: d.getAccess ?? "read",
      doc: docs.get,
      handle: async (c, ctx) => c.json(await verbs.get(ctx, { id: idOf(c) })),
    },
    ...(d.outputs ?? []),
  ];
  if (update && docs.update)
    routes.push({
      method: "patch",
      path: "/{id}",
      access: "edit",
      doc: docs.update,
      // The id comes from the path, last: a body cannot name another record.
      handle: async (c, ctx) => c.json(await update(ctx, await bodyWith(c, { id: idOf(c) }))),
    });
  if (remove && docs.remove)
    routes.push({
      method: "delete",
      path: "/{id}",
      access: "edit",
      doc: docs.remove,
      handle: async (c, ctx) => {
        await remove(ctx, { id: idOf(c), acknowledged: acknowledgementsOf(c.req.queries("acknowledge") ?? []) });
        return c.body(null, 204);
      },
    });
  routes.push(...(d.moves ?? []));
  return { type: d.type, path: d.path, tag: d.tag, routes };
}

/** The documented operations of a type's API. */
export function documentOperations(api: DocumentApi): ApiOperation[] {
  return api.routes.map((r) => ({
    method: r.method,
    path: `${api.path}${r.path}`,
    tag: api.tag,
    ...r.doc,
    auth: true,
    permissions: DOCUMENT_ACCESS[api.type][r.access],
  }));
}

/** The router of a type's API, each route behind its permission. */
export function documentRouter(api: DocumentApi) {
  const router = new Hono<ApiEnv>();
  for (const r of api.routes)
    router.on(
      r.method.toUpperCase(),
      r.path.replaceAll(/\{(\w+)\}/g, ":$1") || "/",
      requireActor(DOCUMENT_ACCESS[api.type][r.access]),
      async (c) => r.handle(c, await verbCtx(c)),
    );
  return router;
}
