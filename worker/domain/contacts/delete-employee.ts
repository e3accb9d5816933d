import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_EMPLOYEES } from "./contact-permissions";
import { employeeRow } from "./employee-queries";
import { recordId } from "./shared";

const { employees } = tenantSchema;

/** Deletes an employee, once the consequences are acknowledged. */
export async function deleteEmployee(ctx: Ctx, input: { id: unknown; acknowledged: readonly string[] }): Promise<void> {
  requirePermission(ctx, EDIT_EMPLOYEES);
  const current = await employeeRow(ctx.db, recordId(input.id));
  requireAcknowledged(input.acknowledged, DELETE_ASKS.employee);
  // Documents will name an employee (sales person, preparer): refuse with `in_use` (409) here once they exist.
  await ctx.db.delete(employees).where(eq(employees.id, current.id));
}
