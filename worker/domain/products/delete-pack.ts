import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { recordId, runBatch } from "./common";
import { findPack } from "./product-view";

const t = tenantSchema;

/** Deletes a pack and its prices. */
export async function deletePack(db: TenantDb, productId: unknown, variantId: unknown, packId: unknown): Promise<void> {
  const { pack } = await findPack(db, recordId(productId), recordId(variantId), recordId(packId));
  await runBatch(db, [db.delete(t.prices).where(eq(t.prices.packId, pack.id)), db.delete(t.packs).where(eq(t.packs.id, pack.id))]);
}
