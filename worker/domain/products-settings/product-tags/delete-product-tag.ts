import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { EDIT_PRODUCTS, recordId } from "../shared";

const { productTags } = tenantSchema;

/** Deletes a tag; the products and services carrying it simply lose it (their links cascade). */
export async function deleteProductTag(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const deleted = await ctx.db
    .delete(productTags)
    .where(eq(productTags.id, recordId(input.id)))
    .returning({ id: productTags.id });
  if (deleted.length === 0) throw new DomainError("not_found");
}
