import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { recordId } from "../common";
import type { CurrencyView } from "./currency-schemas";
import { findRow, view } from "./currency-shared";

/** One currency; any signed-in actor reads them. */
export async function getCurrency(ctx: Ctx, input: { id: unknown }): Promise<CurrencyView> {
  requireBackOffice(ctx);
  return view(await findRow(ctx.db, recordId(input.id)));
}
