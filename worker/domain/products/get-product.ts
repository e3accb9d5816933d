import type { TenantDb } from "../../../db/client";
import { recordId } from "./common";
import { priceAccess, type Caller } from "./price-access";
import { loadProductView, type ProductView } from "./product-view";

/** One product with its variants, options, packs, components, prices, taxes, tags, brand and season. */
export async function getProduct(db: TenantDb, caller: Caller, productId: unknown): Promise<ProductView> {
  return loadProductView(db, recordId(productId), priceAccess(caller));
}
