import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { conflict, isUniqueViolation, parseInput, PRICE_LEVELS } from "../common";
import { PriceLevelInput, type PriceLevelView } from "./price-level-schemas";
import { assertLabelFree, findRow, view } from "./price-level-shared";

const { priceLevels } = tenantSchema;

export async function createPriceLevel(ctx: Ctx, raw: unknown): Promise<PriceLevelView> {
  requirePermission(ctx, PRICE_LEVELS);
  const { db } = ctx;
  const input = parseInput(PriceLevelInput, raw);
  await assertLabelFree(db, input.label);
  try {
    const [row] = await db
      .insert(priceLevels)
      .values({ label: input.label, type: input.type ?? "selling", active: input.active ?? true })
      .returning({ id: priceLevels.id });
    return view(await findRow(db, row!.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("price_level_label_taken", "label");
    throw error;
  }
}
