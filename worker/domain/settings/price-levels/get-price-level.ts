import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { recordId } from "../common";
import type { PriceLevelView } from "./price-level-schemas";
import { findRow, view } from "./price-level-shared";

/** One price level; any signed-in actor reads them. */
export async function getPriceLevel(ctx: Ctx, input: { id: unknown }): Promise<PriceLevelView> {
  requireBackOffice(ctx);
  return view(await findRow(ctx.db, recordId(input.id)));
}
