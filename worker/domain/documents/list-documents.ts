import { eq, type AnyColumn } from "drizzle-orm";
import type { TenantDb } from "../../../db/client";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult, type SqlListRegistry } from "../shared/list-query-sql";
import type { DocumentTypeName } from "./document-types";

/** How a table of documents is listed: what the list filters and sorts on, the row it reads, the view it answers. */
export interface DocumentListSource<R, V> {
  registry: SqlListRegistry;
  /** The table's `type` column: a list holds one type. */
  type: AnyColumn;
  /** The rows' select, a dynamic query the list adds its conditions, order and page to. */
  select: (db: TenantDb) => PromiseLike<R[]>;
  view: (row: R) => V;
}

/** One page of a type's documents, as every document list is read. */
export async function listDocuments<R, V>(
  db: TenantDb,
  source: DocumentListSource<R, V>,
  type: DocumentTypeName,
  rawQuery: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<V>> {
  const query = parseListQuery(rawQuery, source.registry);
  const result = await runList(db, {
    select: () => source.select(db) as never,
    registry: source.registry,
    query,
    where: eq(source.type, type),
  });
  return { ...result, items: (result.items as R[]).map(source.view) };
}
