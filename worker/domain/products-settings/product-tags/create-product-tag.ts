import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { runCreatingInsert } from "../../shared/batch-marks";
import { insertedId } from "../../shared/inserted-id";
import { EDIT_PRODUCTS, isUniqueViolation, labelTaken, parseInput } from "../shared";
import { ProductTagInput, type ProductTagView } from "./product-tag-schemas";
import { taken, view } from "./product-tag-shared";

const { productTags } = tenantSchema;

export async function createProductTag(ctx: Ctx, raw: unknown): Promise<ProductTagView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const input = parseInput(ProductTagInput, raw);
  if (await labelTaken(db, productTags, input.label)) throw taken();
  try {
    const insert = db.insert(productTags).values({ label: input.label }).returning();
    const [row] = await runCreatingInsert(db, insert, { type: "product_tag", id: insertedId("product_tags") });
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
