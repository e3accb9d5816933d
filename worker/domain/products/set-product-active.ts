import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { recordId } from "./common";
import { priceAccess, type Caller } from "./price-access";
import { findProduct, findVariant, loadProductView, type ProductView, type VariantView } from "./product-view";

const t = tenantSchema;

/** Enables or disables a product. */
export async function setProductActive(db: TenantDb, caller: Caller, productId: unknown, active: boolean): Promise<ProductView> {
  const product = await findProduct(db, recordId(productId));
  await db.update(t.products).set({ active, updatedAt: Date.now() }).where(eq(t.products.id, product.id));
  return loadProductView(db, product.id, priceAccess(caller));
}

/** Enables or disables one variant of a product. */
export async function setVariantActive(
  db: TenantDb,
  caller: Caller,
  productId: unknown,
  variantId: unknown,
  active: boolean,
): Promise<VariantView> {
  const { variant } = await findVariant(db, recordId(productId), recordId(variantId));
  await db.update(t.variants).set({ active, updatedAt: Date.now() }).where(eq(t.variants.id, variant.id));
  const view = await loadProductView(db, variant.productId, priceAccess(caller));
  return view.variants.find((v) => v.id === variant.id)!;
}
