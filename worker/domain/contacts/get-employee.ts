import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_EMPLOYEES } from "./contact-permissions";
import { employeeRow, employeeView } from "./employee-queries";
import type { EmployeeView } from "./employee-schemas";
import { recordId } from "./shared";

/** One employee. */
export async function getEmployee(ctx: Ctx, input: { id: unknown }): Promise<EmployeeView> {
  requirePermission(ctx, READ_EMPLOYEES);
  return employeeView(await employeeRow(ctx.db, recordId(input.id)));
}
