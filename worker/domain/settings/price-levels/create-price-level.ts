import { tenantSchema } from "../../../../db/client";
import { runCreatingInsert } from "../../shared/batch-marks";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { insertedId } from "../../shared/inserted-id";
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
    const insert = db
      .insert(priceLevels)
      .values({ label: input.label, type: input.type ?? "selling", active: input.active ?? true })
      .returning({ id: priceLevels.id });
    const [row] = await runCreatingInsert(db, insert, { type: "price_level", id: insertedId("price_levels") });
    return view(await findRow(db, row!.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("price_level_label_taken", "label");
    throw error;
  }
}
