import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { PRICE_LEVELS, recordId, runBatch } from "../common";
import type { PriceLevelView } from "./price-level-schemas";
import { findRow, view } from "./price-level-shared";

const { priceLevels, companySettings } = tenantSchema;

/** Makes a level the company's default of its type (and active), in one batch. */
export async function makeDefaultPriceLevel(ctx: Ctx, input: { id: unknown }): Promise<PriceLevelView> {
  requirePermission(ctx, PRICE_LEVELS);
  const { db } = ctx;
  const id = recordId(input.id);
  const row = await findRow(db, id);
  const column = row.type === "selling" ? { defaultSellingPriceLevelId: id } : { defaultPurchasingPriceLevelId: id };
  await runBatch(db, [
    db.update(priceLevels).set({ active: true }).where(eq(priceLevels.id, id)),
    db
      .update(companySettings)
      .set({ ...column, updatedAt: ctx.now() })
      .where(eq(companySettings.id, 1)),
  ]);
  return view(await findRow(db, id));
}
