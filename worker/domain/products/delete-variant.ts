import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { conflict, isForeignKeyViolation, recordId, runBatch, type VariantRef } from "./common";
import { EDIT_PRODUCTS } from "./price-access";
import { findVariant, usedAsComponent } from "./product-view";

const t = tenantSchema;

/** Deletes a variant and what it holds; never a product's last one, nor a component of a kit or an assembly. */
export async function deleteVariant(ctx: Ctx, input: VariantRef): Promise<void> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { variant } = await findVariant(db, recordId(input.product_id), recordId(input.variant_id));
  const siblings = await db.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.productId, variant.productId)).limit(2);
  if (siblings.length < 2) throw conflict("last_variant");
  if (await usedAsComponent(db, [variant.id])) throw conflict("in_use");
  try {
    await runBatch(db, [
      db.delete(t.prices).where(eq(t.prices.variantId, variant.id)),
      db.delete(t.packs).where(eq(t.packs.variantId, variant.id)),
      db.delete(t.components).where(eq(t.components.parentVariantId, variant.id)),
      db.delete(t.variantTaxes).where(eq(t.variantTaxes.variantId, variant.id)),
      db.delete(t.variants).where(eq(t.variants.id, variant.id)),
      db.update(t.products).set({ updatedAt: ctx.now() }).where(eq(t.products.id, variant.productId)),
    ]);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict("in_use");
    throw error;
  }
}
