import { requirePermission, type Ctx } from "../../shared/ctx";
import { recordId } from "../common";
import { ALERTS, type AlertView } from "./alert-schemas";
import { findRow, view } from "./alert-shared";

/** One alert. */
export async function getAlert(ctx: Ctx, input: { id: unknown }): Promise<AlertView> {
  requirePermission(ctx, ALERTS);
  return view(await findRow(ctx.db, recordId(input.id)));
}
