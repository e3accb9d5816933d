import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { recordId, runBatch, type PackRef } from "./common";
import { EDIT_PRODUCTS } from "./price-access";
import { findPack } from "./product-view";

const t = tenantSchema;

/** Deletes a pack and its prices. */
export async function deletePack(ctx: Ctx, input: PackRef): Promise<void> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { pack } = await findPack(db, recordId(input.product_id), recordId(input.variant_id), recordId(input.pack_id));
  await runBatch(db, [db.delete(t.prices).where(eq(t.prices.packId, pack.id)), db.delete(t.packs).where(eq(t.packs.id, pack.id))]);
}
