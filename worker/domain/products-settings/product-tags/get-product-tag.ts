import { requirePermission, type Ctx } from "../../shared/ctx";
import { VIEW_PRODUCTS } from "../shared";
import type { ProductTagView } from "./product-tag-schemas";
import { findProductTag } from "./product-tag-shared";

export async function getProductTag(ctx: Ctx, input: { id: unknown }): Promise<ProductTagView> {
  requirePermission(ctx, VIEW_PRODUCTS);
  return findProductTag(ctx.db, input.id);
}
