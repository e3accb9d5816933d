import { eq, inArray } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { conflict, isForeignKeyViolation, recordId, runBatch } from "./common";
import { EDIT_PRODUCTS } from "./price-access";
import { findProduct, usedAsComponent } from "./product-view";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";

const t = tenantSchema;

/** A product to delete and the consequences the caller acknowledged (DELETE_ASKS.product). */
export interface DeleteProductInput {
  id: unknown;
  acknowledge: readonly string[];
}

/**
 * Deletes a product and all it holds, unless one of its variants is a component of a kit or an
 * assembly (`in_use`) or has stock or stock movements (`product_has_stock`: the ledger keeps its
 * history, so such a product is disabled instead). Answers the key of its image, if it had one.
 */
export async function deleteProduct(ctx: Ctx, input: DeleteProductInput): Promise<string | null> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const product = await findProduct(db, recordId(input.id));
  requireAcknowledged(input.acknowledge, DELETE_ASKS.product);
  const variants = await db.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.productId, product.id));
  const ids = variants.map((v) => v.id);
  if (await usedAsComponent(db, ids)) throw conflict("in_use");
  if (ids.length) {
    const [stocked] = await db.select({ id: t.stockLevels.id }).from(t.stockLevels).where(inArray(t.stockLevels.variantId, ids)).limit(1);
    const [logged] = await db
      .select({ id: t.inventoryLogs.id })
      .from(t.inventoryLogs)
      .where(inArray(t.inventoryLogs.variantId, ids))
      .limit(1);
    if (stocked || logged) throw conflict("product_has_stock");
  }
  // Dependents are deleted explicitly rather than left to ON DELETE CASCADE, which needs foreign keys on.
  const mine = db.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.productId, product.id));
  try {
    await runBatch(db, [
      db.delete(t.prices).where(inArray(t.prices.variantId, mine)),
      db.delete(t.packs).where(inArray(t.packs.variantId, mine)),
      db.delete(t.components).where(inArray(t.components.parentVariantId, mine)),
      db.delete(t.variantTaxes).where(inArray(t.variantTaxes.variantId, mine)),
      db.delete(t.variants).where(eq(t.variants.productId, product.id)),
      db.delete(t.productTagLinks).where(eq(t.productTagLinks.productId, product.id)),
      db.delete(t.productAttributes).where(eq(t.productAttributes.productId, product.id)),
      db.delete(t.products).where(eq(t.products.id, product.id)),
    ]);
  } catch (error) {
    // A kit took one of the variants as a component meanwhile: the foreign key refused the delete.
    if (isForeignKeyViolation(error)) throw conflict("in_use");
    throw error;
  }
  return product.imageKey;
}
