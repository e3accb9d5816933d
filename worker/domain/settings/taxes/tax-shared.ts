import { and, asc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import type { Decimal } from "../../shared/decimal";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { fromScaledInteger, toScaledInteger } from "../../shared/money";
import { conflict, fieldError, recordId } from "../common";
import { TAX_KINDS, TAX_RATE_SCALE, type TaxView } from "./tax-schemas";

// What the tax verbs share: the row's view with a group's members, its look-ups and checks.
const { taxes, taxGroupMembers } = tenantSchema;

// A group's rate is the sum of its members'; a raw expression so that lists filter and sort on it.
// The outer row is named in full: drizzle writes a lone column unqualified, which the subquery would capture.
const effectiveRate: SQL<number> = sql<number>`coalesce("taxes"."rate", (select sum(m.rate) from tax_group_members g join taxes m on m.id = g.tax_id where g.group_id = "taxes"."id"), 0)`;
export const selection = { ...getTableColumns(taxes), effectiveRate: effectiveRate.as("effective_rate") };
type Row = typeof taxes.$inferSelect & { effectiveRate: number | bigint | null };

function view(row: Row, members: number[]): TaxView {
  return {
    id: row.id,
    label: row.label,
    abbreviation: row.abbreviation,
    kind: row.kind,
    rate: fromScaledInteger(BigInt(row.effectiveRate ?? 0), TAX_RATE_SCALE).toString(),
    tax_ids: row.kind === "group" ? members : [],
    active: row.active,
    created_at: row.createdAt,
  };
}

/** Where a tax may be used: a group, a variant, a service. */
export const usedSomewhere = (id: number): SQL =>
  sql`(exists (select 1 from tax_group_members g where g.tax_id = ${id}) or exists (select 1 from variant_taxes v where v.tax_id = ${id}) or exists (select 1 from services s where s.tax_id = ${id}))`;

async function membersOf(db: TenantDb, groupIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (groupIds.length === 0) return map;
  const rows = await db
    .select()
    .from(taxGroupMembers)
    .where(inArray(taxGroupMembers.groupId, groupIds))
    .orderBy(asc(taxGroupMembers.groupId), asc(taxGroupMembers.taxId));
  for (const row of rows) map.set(row.groupId, [...(map.get(row.groupId) ?? []), row.taxId]);
  return map;
}

export async function views(db: TenantDb, rows: Row[]): Promise<TaxView[]> {
  const members = await membersOf(
    db,
    rows.filter((r) => r.kind === "group").map((r) => r.id),
  );
  return rows.map((row) => view(row, members.get(row.id) ?? []));
}

export async function findRow(db: TenantDb, id: number): Promise<Row> {
  const [row] = await db.select(selection).from(taxes).where(eq(taxes.id, id)).limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

/** A tax with its group's members, as the verbs answer it. */
export async function taxView(db: TenantDb, rawId: unknown): Promise<TaxView> {
  const [found] = await views(db, [await findRow(db, recordId(rawId))]);
  return found!;
}

export async function assertLabelFree(db: TenantDb, label: string, exceptId?: number) {
  const same = sql`${taxes.label} = ${label} collate nocase`;
  const [taken] = await db
    .select({ id: taxes.id })
    .from(taxes)
    .where(exceptId === undefined ? same : and(same, ne(taxes.id, exceptId)))
    .limit(1);
  if (taken) throw conflict("tax_label_taken", "label");
}

/** A group's taxes: at least two distinct, existing, active simple taxes (`invalid_tax_group`, `unknown_tax`). */
export async function checkMembers(db: TenantDb, ids: number[] | null | undefined): Promise<number[]> {
  const distinct = [...new Set(ids ?? [])].sort((a, b) => a - b);
  if (distinct.length < 2) throw fieldError("tax_ids", "invalid_tax_group");
  const found = await db.select({ id: taxes.id, kind: taxes.kind, active: taxes.active }).from(taxes).where(inArray(taxes.id, distinct));
  if (found.length !== distinct.length) throw fieldError("tax_ids", "unknown_tax");
  if (found.some((t) => t.kind !== "simple" || !t.active)) throw fieldError("tax_ids", "invalid_tax_group");
  return distinct;
}

export const scaled = (rate: Decimal) => Number(toScaledInteger(rate, TAX_RATE_SCALE));

export const taxList = defineListRegistry({
  primaryKey: taxes.id,
  fields: {
    id: { type: "id", column: taxes.id, sortable: true },
    label: { type: "text", column: taxes.label, sortColumn: sql`${taxes.label} collate nocase`, sortable: true },
    abbreviation: { type: "text", column: taxes.abbreviation, sortable: true },
    kind: { type: "enum", values: TAX_KINDS, column: taxes.kind, sortable: true },
    rate: { type: "decimal", scale: TAX_RATE_SCALE, column: effectiveRate, sortable: true },
    active: { type: "boolean", column: taxes.active, sortable: true },
    created: { type: "number", column: taxes.createdAt, sortable: true },
  },
  search: (text: string) => or(likePrefix(taxes.label, text), likePrefix(taxes.abbreviation, text)),
});
