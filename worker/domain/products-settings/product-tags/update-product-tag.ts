import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { EDIT_PRODUCTS, isUniqueViolation, labelTaken, parseInput } from "../shared";
import { UpdateProductTagInput, type ProductTagView } from "./product-tag-schemas";
import { findProductTag, taken, view } from "./product-tag-shared";

const { productTags } = tenantSchema;

export async function updateProductTag(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<ProductTagView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { id, ...fields } = raw;
  const current = await findProductTag(db, id);
  const input = parseInput(UpdateProductTagInput, fields);
  if (input.label === undefined) return current;
  if (await labelTaken(db, productTags, input.label, current.id)) throw taken();
  try {
    const [row] = await db.update(productTags).set({ label: input.label }).where(eq(productTags.id, current.id)).returning();
    if (!row) throw new DomainError("not_found");
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
