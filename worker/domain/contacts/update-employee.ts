import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { EDIT_EMPLOYEES } from "./contact-permissions";
import { employeeColumns, employeeRow, employeeView } from "./employee-queries";
import { UpdateEmployeeInput, type EmployeeView } from "./employee-schemas";
import { parseInput, recordId } from "./shared";

const { employees } = tenantSchema;

/** Updates what is given. */
export async function updateEmployee(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<EmployeeView> {
  requirePermission(ctx, EDIT_EMPLOYEES);
  const { id, ...fields } = raw;
  const current = await employeeRow(ctx.db, recordId(id));
  const input = parseInput(UpdateEmployeeInput, fields);
  const [updated] = await ctx.db
    .update(employees)
    .set({ ...employeeColumns(input), updatedAt: ctx.now() })
    .where(eq(employees.id, current.id))
    .returning();
  if (!updated) throw new DomainError("not_found");
  return employeeView(updated);
}
