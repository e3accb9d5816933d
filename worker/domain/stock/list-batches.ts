import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult } from "../shared/list-query-sql";
import { batchListRegistry, batchSelect, views, type BatchView } from "./batch-views";
import { VIEW_BATCHES } from "./stock-access";

/** One page of batches: filters variant_id, product_id, number, barcode, expiration_date, created; sort number (default), expiration_date, sku, created. */
export async function listBatches(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<BatchView>> {
  requirePermission(ctx, VIEW_BATCHES);
  const { db } = ctx;
  const query = parseListQuery(input, batchListRegistry);
  const result = await runList(db, { fixedSelect: batchSelect, registry: batchListRegistry, query });
  return { ...result, items: await views(db, result.items) };
}
