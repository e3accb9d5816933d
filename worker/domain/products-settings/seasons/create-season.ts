import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { runCreatingInsert } from "../../shared/batch-marks";
import { insertedId } from "../../shared/inserted-id";
import { EDIT_PRODUCTS, isUniqueViolation, labelTaken, parseInput } from "../shared";
import { SeasonInput, type SeasonView } from "./season-schemas";
import { taken, view } from "./season-shared";

const { seasons } = tenantSchema;

export async function createSeason(ctx: Ctx, raw: unknown): Promise<SeasonView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const input = parseInput(SeasonInput, raw);
  if (await labelTaken(db, seasons, input.label)) throw taken();
  try {
    const insert = db.insert(seasons).values({ label: input.label }).returning();
    const [row] = await runCreatingInsert(db, insert, { type: "season", id: insertedId("seasons") });
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
