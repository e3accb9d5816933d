import { eq, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likeContains, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import {
  addressChanges,
  addressFields,
  addressView,
  optionalShape,
  parseInput,
  recordId,
  strictInput,
  zFlag,
  zName,
  zOptionalEmail,
  zPhone,
  zText,
  type AddressView,
} from "./shared";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";

const { employees } = tenantSchema;

/** An employee as the API and the screens show it (domain spec §3 "Supplier and employee"). */
export interface EmployeeView extends AddressView {
  id: number;
  label: string;
  position: string | null;
  employer: string | null;
  email: string | null;
  phone: string | null;
  active: boolean;
  notes: string | null;
  created_at: number;
  updated_at: number;
}

const fields = {
  label: zName(200),
  position: zText(100),
  employer: zText(200),
  email: zOptionalEmail,
  phone: zPhone,
  active: zFlag,
  notes: zText(5000),
  ...addressFields,
};

export const CreateEmployeeInput = strictInput({ ...optionalShape(fields), label: fields.label, active: fields.active.default(true) });
export type CreateEmployeeInput = z.input<typeof CreateEmployeeInput>;
export const UpdateEmployeeInput = strictInput(optionalShape(fields));
export type UpdateEmployeeInput = z.input<typeof UpdateEmployeeInput>;
type ParsedUpdate = z.output<typeof UpdateEmployeeInput>;

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

type Row = typeof employees.$inferSelect;

function view(r: Row): EmployeeView {
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

/**
 * One page of employees: filters label, position, employer, email, active, country, city,
 * created; sort label (default), position, employer, city, created; search on the start of the
 * name or in the email.
 */
export async function listEmployees(
  db: TenantDb,
  input: URLSearchParams | Record<string, unknown>,
  options?: { ignoreKeys?: readonly string[] },
): Promise<ListResult<EmployeeView>> {
  const query = parseListQuery(input, employeeListRegistry, options);
  const result = await runList(db, { from: employees, registry: employeeListRegistry, query });
  return { ...result, items: result.items.map(view) };
}

async function row(db: TenantDb, id: number): Promise<Row> {
  const [found] = await db.select().from(employees).where(eq(employees.id, id)).limit(1);
  if (!found) throw new DomainError("not_found");
  return found;
}

export async function getEmployee(db: TenantDb, id: unknown): Promise<EmployeeView> {
  return view(await row(db, recordId(id)));
}

function columns(input: ParsedUpdate) {
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

export async function createEmployee(db: TenantDb, raw: unknown): Promise<EmployeeView> {
  const input = parseInput(CreateEmployeeInput, raw);
  const [created] = await db
    .insert(employees)
    .values({ ...columns(input), label: input.label })
    .returning();
  return view(created!);
}

export async function updateEmployee(db: TenantDb, id: unknown, raw: unknown): Promise<EmployeeView> {
  const current = await row(db, recordId(id));
  const input = parseInput(UpdateEmployeeInput, raw);
  const [updated] = await db
    .update(employees)
    .set({ ...columns(input), updatedAt: Date.now() })
    .where(eq(employees.id, current.id))
    .returning();
  if (!updated) throw new DomainError("not_found");
  return view(updated);
}

export async function setEmployeeActive(db: TenantDb, id: unknown, active: boolean): Promise<EmployeeView> {
  const current = await row(db, recordId(id));
  if (current.active === active) return view(current);
  const [updated] = await db.update(employees).set({ active, updatedAt: Date.now() }).where(eq(employees.id, current.id)).returning();
  if (!updated) throw new DomainError("not_found");
  return view(updated);
}

export async function deleteEmployee(db: TenantDb, id: unknown, acknowledged: readonly string[]): Promise<void> {
  const current = await row(db, recordId(id));
  requireAcknowledged(acknowledged, DELETE_ASKS.employee);
  // Documents will name an employee (sales person, preparer): refuse with `in_use` (409) here once they exist.
  await db.delete(employees).where(eq(employees.id, current.id));
}
