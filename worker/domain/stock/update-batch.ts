import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { UpdateBatchInput } from "./batch-schemas";
import { assertNumberFree, duplicate, isUnique, readBatch, type BatchView } from "./batch-views";
import { parseInput, recordId } from "./common";
import { EDIT_BATCHES } from "./stock-access";

const { batches } = tenantSchema;

/** Changes a batch; a new expiration date makes an expired batch usable again. */
export async function updateBatch(ctx: Ctx, { id: rawId, ...raw }: { id: unknown } & Record<string, unknown>): Promise<BatchView> {
  requirePermission(ctx, EDIT_BATCHES);
  const { db } = ctx;
  const id = recordId(rawId);
  const [current] = await db.select().from(batches).where(eq(batches.id, id)).limit(1);
  if (!current) throw new DomainError("not_found");
  const input = parseInput(UpdateBatchInput, raw);
  if (input.number !== undefined && input.number !== current.number) await assertNumberFree(db, current.variantId, input.number, id);
  const changes = {
    ...(input.number !== undefined ? { number: input.number } : {}),
    ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
    ...(input.expiration_date !== undefined ? { expirationDate: input.expiration_date } : {}),
  };
  if (Object.keys(changes).length)
    try {
      await db.update(batches).set(changes).where(eq(batches.id, id));
    } catch (error) {
      if (isUnique(error)) throw duplicate();
      throw error;
    }
  return readBatch(db, id);
}
