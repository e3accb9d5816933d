import { requirePermission, type Ctx } from "../shared/ctx";
import { readBatch, type BatchView } from "./batch-views";
import { READ_BATCHES } from "./stock-access";

/** One batch, with what each location holds of it. */
export async function getBatch(ctx: Ctx, input: { id: unknown }): Promise<BatchView> {
  requirePermission(ctx, READ_BATCHES);
  return readBatch(ctx.db, input.id);
}
