import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { recordId } from "../common";
import type { LocationView } from "./location-schemas";
import { findRow, view } from "./location-shared";

/** One location; any signed-in actor reads them (other screens pick locations). */
export async function getLocation(ctx: Ctx, input: { id: unknown }): Promise<LocationView> {
  requireBackOffice(ctx);
  return view(await findRow(ctx.db, recordId(input.id)));
}
