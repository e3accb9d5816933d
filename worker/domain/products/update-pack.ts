import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { QUANTITY_SCALE } from "../shared/money";
import { parseInput, recordId } from "./common";
import { packViewOf } from "./add-pack";
import type { Caller } from "./price-access";
import { UpdatePackInput } from "./product-schemas";
import { findPack, type PackView } from "./product-view";
import { scaled } from "./product-writes";

const t = tenantSchema;

/** Changes a pack's label, quantity or active flag (its prices have their own PUT). */
export async function updatePack(
  db: TenantDb,
  caller: Caller,
  productId: unknown,
  variantId: unknown,
  packId: unknown,
  raw: unknown,
): Promise<PackView> {
  const [pid, vid, kid] = [recordId(productId), recordId(variantId), recordId(packId)];
  const input = parseInput(UpdatePackInput, raw);
  await findPack(db, pid, vid, kid);
  if (input.label !== undefined || input.quantity !== undefined || input.active !== undefined)
    await db
      .update(t.packs)
      .set({ label: input.label, quantity: input.quantity && scaled(input.quantity, QUANTITY_SCALE), active: input.active })
      .where(eq(t.packs.id, kid));
  return packViewOf(db, caller, pid, vid, kid);
}
