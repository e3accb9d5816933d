import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { QUANTITY_SCALE } from "../shared/money";
import { parseInput, recordId, type PackRef } from "./common";
import { packViewOf } from "./add-pack";
import { EDIT_PRODUCTS } from "./price-access";
import { UpdatePackInput } from "./product-schemas";
import { findPack, type PackView } from "./product-view";
import { scaled } from "./product-writes";

const t = tenantSchema;

/** Changes a pack's label, quantity or active flag (its prices have their own PUT). */
export async function updatePack(ctx: Ctx, raw: PackRef & Record<string, unknown>): Promise<PackView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { product_id, variant_id, pack_id, ...fields } = raw;
  const [pid, vid, kid] = [recordId(product_id), recordId(variant_id), recordId(pack_id)];
  const input = parseInput(UpdatePackInput, fields);
  await findPack(db, pid, vid, kid);
  if (input.label !== undefined || input.quantity !== undefined || input.active !== undefined)
    await db
      .update(t.packs)
      .set({ label: input.label, quantity: input.quantity && scaled(input.quantity, QUANTITY_SCALE), active: input.active })
      .where(eq(t.packs.id, kid));
  return packViewOf(db, ctx.actor, pid, vid, kid);
}
