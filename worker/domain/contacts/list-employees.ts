import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult } from "../shared/list-query-sql";
import { READ_EMPLOYEES } from "./contact-permissions";
import { employeeListRegistry, employeeView } from "./employee-queries";
import type { EmployeeView } from "./employee-schemas";

const { employees } = tenantSchema;

/**
 * One page of employees: filters label, position, employer, email, active, country, city,
 * created; sort label (default), position, employer, city, created; search on the start of the
 * name or in the email.
 */
export async function listEmployees(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<EmployeeView>> {
  requirePermission(ctx, READ_EMPLOYEES);
  const query = parseListQuery(input, employeeListRegistry);
  const result = await runList(ctx.db, { from: employees, registry: employeeListRegistry, query });
  return { ...result, items: result.items.map(employeeView) };
}
