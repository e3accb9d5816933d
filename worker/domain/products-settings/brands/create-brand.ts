import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { runCreatingInsert } from "../../shared/batch-marks";
import { insertedId } from "../../shared/inserted-id";
import { EDIT_PRODUCTS, isUniqueViolation, labelTaken, parseInput } from "../shared";
import { CreateBrandInput, type BrandView } from "./brand-schemas";
import { taken, view } from "./brand-shared";

const { brands } = tenantSchema;

export async function createBrand(ctx: Ctx, raw: unknown): Promise<BrandView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const input = parseInput(CreateBrandInput, raw);
  if (await labelTaken(db, brands, input.label)) throw taken();
  try {
    const insert = db.insert(brands).values({ label: input.label, active: input.active }).returning();
    const [row] = await runCreatingInsert(db, insert, { type: "brand", id: insertedId("brands") });
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
