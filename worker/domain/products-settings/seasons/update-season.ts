import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { EDIT_PRODUCTS, isUniqueViolation, labelTaken, parseInput } from "../shared";
import { UpdateSeasonInput, type SeasonView } from "./season-schemas";
import { findSeason, taken, view } from "./season-shared";

const { seasons } = tenantSchema;

export async function updateSeason(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<SeasonView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { id, ...fields } = raw;
  const current = await findSeason(db, id);
  const input = parseInput(UpdateSeasonInput, fields);
  if (input.label === undefined) return current;
  if (await labelTaken(db, seasons, input.label, current.id)) throw taken();
  try {
    const [row] = await db.update(seasons).set({ label: input.label }).where(eq(seasons.id, current.id)).returning();
    if (!row) throw new DomainError("not_found");
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
