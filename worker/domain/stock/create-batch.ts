import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { runCreatingInsert } from "../shared/batch-marks";
import { requirePermission, type Ctx } from "../shared/ctx";
import { insertedId } from "../shared/inserted-id";
import { CreateBatchInput } from "./batch-schemas";
import { assertNumberFree, duplicate, isUnique, readBatch, type BatchView } from "./batch-views";
import { fieldError, parseInput } from "./common";
import { EDIT_BATCHES } from "./stock-access";

const { batches, variants } = tenantSchema;

/** A batch of a batch-tracked variant; its number is unique for the variant (`duplicate_batch`, 409). */
export async function createBatch(ctx: Ctx, raw: unknown): Promise<BatchView> {
  requirePermission(ctx, EDIT_BATCHES);
  const { db } = ctx;
  const input = parseInput(CreateBatchInput, raw);
  const [variant] = await db
    .select({ id: variants.id, batchTracked: variants.batchTracked })
    .from(variants)
    .where(eq(variants.id, input.variant_id))
    .limit(1);
  if (!variant) throw fieldError("variant_id", "unknown_variant");
  if (!variant.batchTracked) throw fieldError("variant_id", "not_batch_tracked");
  await assertNumberFree(db, variant.id, input.number);
  try {
    const insert = db
      .insert(batches)
      .values({
        variantId: variant.id,
        number: input.number,
        barcode: input.barcode ?? null,
        expirationDate: input.expiration_date ?? null,
      })
      .returning({ id: batches.id });
    const [created] = await runCreatingInsert(db, insert, { type: "batch", id: insertedId("batches") });
    return readBatch(db, created!.id);
  } catch (error) {
    if (isUnique(error)) throw duplicate();
    throw error;
  }
}
