import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_EMPLOYEES } from "./contact-permissions";
import { employeeColumns, employeeView } from "./employee-queries";
import { CreateEmployeeInput, type EmployeeView } from "./employee-schemas";
import { runCreatingInsert } from "../shared/batch-marks";
import { insertedId } from "../shared/inserted-id";
import { parseInput } from "./shared";

const { employees } = tenantSchema;

/** Creates an employee. */
export async function createEmployee(ctx: Ctx, raw: unknown): Promise<EmployeeView> {
  requirePermission(ctx, EDIT_EMPLOYEES);
  const input = parseInput(CreateEmployeeInput, raw);
  const insert = ctx.db
    .insert(employees)
    .values({ ...employeeColumns(input), label: input.label })
    .returning();
  const [created] = await runCreatingInsert(ctx.db, insert, { type: "employee", id: insertedId("employees") });
  return employeeView(created!);
}
