import { requireBackOffice, type Ctx } from "../../shared/ctx";
import type { TaxView } from "./tax-schemas";
import { taxView } from "./tax-shared";

/** One tax or group; any signed-in actor reads them. */
export async function getTax(ctx: Ctx, input: { id: unknown }): Promise<TaxView> {
  requireBackOffice(ctx);
  return taxView(ctx.db, input.id);
}
