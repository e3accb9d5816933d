import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { recordId } from "./common";
import { loadStockReferences } from "./references";
import { READ_BATCHES } from "./stock-access";

/** The variant whose batches a screen lists: it exists and is batch-tracked, else `not_found`. */
export async function getBatchVariant(ctx: Ctx, input: { id: unknown }): Promise<{ id: number; sku: string; label: string }> {
  requirePermission(ctx, READ_BATCHES);
  const id = recordId(input.id);
  const refs = await loadStockReferences(ctx.db, { locationIds: [], variantIds: [id], packIds: [], batchIds: [] });
  const variant = refs.variants.get(id);
  if (!variant || !variant.batchTracked) throw new DomainError("not_found");
  return { id: variant.id, sku: variant.sku, label: variant.label };
}
