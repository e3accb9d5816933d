import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { recordId, type VariantRef } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { findProduct, findVariant, loadProductView, type ProductView, type VariantView } from "./product-view";

const t = tenantSchema;

/** Enables or disables a product. */
export async function setProductActive(ctx: Ctx, input: { id: unknown; active: boolean }): Promise<ProductView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const product = await findProduct(db, recordId(input.id));
  await db.update(t.products).set({ active: input.active, updatedAt: ctx.now() }).where(eq(t.products.id, product.id));
  return loadProductView(db, product.id, priceAccess(ctx.actor));
}

/** Enables or disables one variant of a product. */
export async function setVariantActive(ctx: Ctx, input: VariantRef & { active: boolean }): Promise<VariantView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { variant } = await findVariant(db, recordId(input.product_id), recordId(input.variant_id));
  await db.update(t.variants).set({ active: input.active, updatedAt: ctx.now() }).where(eq(t.variants.id, variant.id));
  const view = await loadProductView(db, variant.productId, priceAccess(ctx.actor));
  return view.variants.find((v) => v.id === variant.id)!;
}
