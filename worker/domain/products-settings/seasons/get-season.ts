import { requirePermission, type Ctx } from "../../shared/ctx";
import { VIEW_PRODUCTS } from "../shared";
import type { SeasonView } from "./season-schemas";
import { findSeason } from "./season-shared";

export async function getSeason(ctx: Ctx, input: { id: unknown }): Promise<SeasonView> {
  requirePermission(ctx, VIEW_PRODUCTS);
  return findSeason(ctx.db, input.id);
}
