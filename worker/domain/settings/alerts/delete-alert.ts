import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { recordId } from "../common";
import { ALERTS } from "./alert-schemas";

/** Deletes an alert and what it remembered of the stock levels (a trial company may delete what it cannot set). */
export async function deleteAlert(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, ALERTS);
  const { alerts } = tenantSchema;
  const deleted = await ctx.db
    .delete(alerts)
    .where(eq(alerts.id, recordId(input.id)))
    .returning({ id: alerts.id });
  if (deleted.length === 0) throw new DomainError("not_found");
}
