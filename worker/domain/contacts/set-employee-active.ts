import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { EDIT_EMPLOYEES } from "./contact-permissions";
import { employeeRow, employeeView } from "./employee-queries";
import type { EmployeeView } from "./employee-schemas";
import { recordId } from "./shared";

const { employees } = tenantSchema;

/** Makes an employee active or inactive. */
export async function setEmployeeActive(ctx: Ctx, input: { id: unknown; active: boolean }): Promise<EmployeeView> {
  requirePermission(ctx, EDIT_EMPLOYEES);
  const current = await employeeRow(ctx.db, recordId(input.id));
  if (current.active === input.active) return employeeView(current);
  const [updated] = await ctx.db
    .update(employees)
    .set({ active: input.active, updatedAt: ctx.now() })
    .where(eq(employees.id, current.id))
    .returning();
  if (!updated) throw new DomainError("not_found");
  return employeeView(updated);
}
