import { requirePermission, type Ctx } from "../../shared/ctx";
import { VIEW_PRODUCTS } from "../shared";
import type { BrandView } from "./brand-schemas";
import { findBrand } from "./brand-shared";

export async function getBrand(ctx: Ctx, input: { id: unknown }): Promise<BrandView> {
  requirePermission(ctx, VIEW_PRODUCTS);
  return findBrand(ctx.db, input.id);
}
