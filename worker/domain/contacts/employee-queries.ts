// The pieces several employee verbs share: the list registry, the view and the columns a write sets.
import { eq, or, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { defineListRegistry, likeContains, likePrefix } from "../shared/list-query-sql";
import type { EmployeeView, ParsedEmployee } from "./employee-schemas";
import { addressChanges, addressView } from "./shared";

const { employees } = tenantSchema;

/** What the employees list filters and sorts on. */
export const employeeListRegistry = defineListRegistry({
  primaryKey: employees.id,
  fields: {
    id: { type: "id", column: employees.id },
    label: { type: "text", column: employees.label, sortColumn: sql`${employees.label} collate nocase`, sortable: true },
    position: { type: "text", column: employees.position, sortColumn: sql`${employees.position} collate nocase`, sortable: true },
    employer: { type: "text", column: employees.employer, sortColumn: sql`${employees.employer} collate nocase`, sortable: true },
    email: { type: "text", column: employees.email },
    active: { type: "boolean", column: employees.active },
    country: { type: "text", operators: ["eq", "In"], column: employees.country },
    city: { type: "text", column: employees.city, sortColumn: sql`${employees.city} collate nocase`, sortable: true },
    created: {
      type: "date",
      column: sql`date(${employees.createdAt} / 1000, 'unixepoch')`,
      sortColumn: employees.createdAt,
      sortable: true,
    },
  },
  search: (text: string) => or(likePrefix(employees.label, text), likeContains(employees.email, text)),
});

export type EmployeeRow = typeof employees.$inferSelect;

export function employeeView(r: EmployeeRow): EmployeeView {
  return {
    id: r.id,
    label: r.label,
    position: r.position,
    employer: r.employer,
    email: r.email,
    phone: r.phone,
    active: r.active,
    notes: r.notes,
    ...addressView(r),
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export async function employeeRow(db: TenantDb, id: number): Promise<EmployeeRow> {
  const [found] = await db.select().from(employees).where(eq(employees.id, id)).limit(1);
  if (!found) throw new DomainError("not_found");
  return found;
}

export function employeeColumns(input: ParsedEmployee) {
  return {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
    ...(input.employer !== undefined ? { employer: input.employer } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...addressChanges(input),
  };
}
