import { requirePermission, type Ctx } from "../../shared/ctx";
import { VIEW_PRODUCTS } from "../shared";
import type { AttributeView } from "./attribute-schemas";
import { findAttribute } from "./attribute-shared";

export async function getAttribute(ctx: Ctx, input: { id: unknown }): Promise<AttributeView> {
  requirePermission(ctx, VIEW_PRODUCTS);
  return findAttribute(ctx.db, input.id);
}
