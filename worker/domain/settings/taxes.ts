import { and, asc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { fromScaledInteger, toScaledInteger, zDecimal } from "../shared/money";
import { asBoolean, conflict, fieldError, isUniqueViolation, objectError, parseInput, recordId, runBatch, zFlag, zLabel } from "./common";

const { taxes, taxGroupMembers } = tenantSchema;

/** Tax rates are percentages with 4 decimals (stored as integers of 10^-4). */
export const TAX_RATE_SCALE = 4;
export const TAX_KINDS = ["simple", "group"] as const;
export type TaxKind = (typeof TAX_KINDS)[number];
const HUNDRED = Decimal.parse(100);
const MAX_GROUP_MEMBERS = 20;

/** A simple tax, or a group whose rate is the sum of its simple taxes' rates (domain spec §3 'Tax'). */
export interface TaxView {
  id: number;
  label: string;
  abbreviation: string;
  kind: TaxKind;
  /** Percent as text with 4 decimals; for a group, the sum of its members' rates. */
  rate: string;
  /** The simple taxes of a group (empty for a simple tax). */
  tax_ids: number[];
  active: boolean;
  created_at: number;
}

// A group's rate is the sum of its members'; a raw expression so that lists filter and sort on it.
// The outer row is named in full: drizzle writes a lone column unqualified, which the subquery would capture.
const effectiveRate: SQL<number> = sql<number>`coalesce("taxes"."rate", (select sum(m.rate) from tax_group_members g join taxes m on m.id = g.tax_id where g.group_id = "taxes"."id"), 0)`;
const selection = { ...getTableColumns(taxes), effectiveRate: effectiveRate.as("effective_rate") };
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

const taxIdList = z
  .array(
    z.union(
      [
        z.number().int().positive(),
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,14}$/)
          .transform(Number),
      ],
      { error: "unknown_tax" },
    ),
    { error: "invalid" },
  )
  .max(MAX_GROUP_MEMBERS, "too_long");

const fields = {
  label: zLabel(100),
  abbreviation: zLabel(10),
  kind: z.enum(TAX_KINDS, { error: "invalid" }),
  rate: zDecimal(TAX_RATE_SCALE, { min: 0 })
    .refine((v) => v.compare(HUNDRED) <= 0, "too_large")
    .nullable(),
  tax_ids: taxIdList.nullable(),
  active: zFlag,
};

export const TaxInput = z.strictObject(
  {
    label: fields.label,
    abbreviation: fields.abbreviation,
    kind: fields.kind.optional(),
    rate: fields.rate.optional(),
    tax_ids: fields.tax_ids.optional(),
    active: fields.active.optional(),
  },
  objectError,
);
export type TaxInput = z.input<typeof TaxInput>;
export const UpdateTaxInput = TaxInput.partial();
export type UpdateTaxInput = z.input<typeof UpdateTaxInput>;

/** Where a tax may be used: a group, a variant, a service. */
const usedSomewhere = (id: number): SQL =>
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

async function views(db: TenantDb, rows: Row[]): Promise<TaxView[]> {
  const members = await membersOf(
    db,
    rows.filter((r) => r.kind === "group").map((r) => r.id),
  );
  return rows.map((row) => view(row, members.get(row.id) ?? []));
}

async function findRow(db: TenantDb, id: number): Promise<Row> {
  const [row] = await db.select(selection).from(taxes).where(eq(taxes.id, id)).limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

async function assertLabelFree(db: TenantDb, label: string, exceptId?: number) {
  const same = sql`${taxes.label} = ${label} collate nocase`;
  const [taken] = await db
    .select({ id: taxes.id })
    .from(taxes)
    .where(exceptId === undefined ? same : and(same, ne(taxes.id, exceptId)))
    .limit(1);
  if (taken) throw conflict("tax_label_taken", "label");
}

/** A group's taxes: at least two distinct, existing, active simple taxes (`invalid_tax_group`, `unknown_tax`). */
async function checkMembers(db: TenantDb, ids: number[] | null | undefined): Promise<number[]> {
  const distinct = [...new Set(ids ?? [])].sort((a, b) => a - b);
  if (distinct.length < 2) throw fieldError("tax_ids", "invalid_tax_group");
  const found = await db.select({ id: taxes.id, kind: taxes.kind, active: taxes.active }).from(taxes).where(inArray(taxes.id, distinct));
  if (found.length !== distinct.length) throw fieldError("tax_ids", "unknown_tax");
  if (found.some((t) => t.kind !== "simple" || !t.active)) throw fieldError("tax_ids", "invalid_tax_group");
  return distinct;
}

const scaled = (rate: Decimal) => Number(toScaledInteger(rate, TAX_RATE_SCALE));

export async function getTax(db: TenantDb, rawId: unknown): Promise<TaxView> {
  const [found] = await views(db, [await findRow(db, recordId(rawId))]);
  return found!;
}

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

export async function listTaxesPage(db: TenantDb, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<TaxView>> {
  const query = parseListQuery(params, taxList);
  const result = await runList(db, { registry: taxList, query, select: () => db.select(selection).from(taxes).$dynamic() });
  return { ...result, items: await views(db, result.items) };
}

/** Every tax and group, by label. */
export async function allTaxes(db: TenantDb): Promise<TaxView[]> {
  return (await listTaxesPage(db, { page_size: -1 })).items;
}

/** Adds a simple tax (with its rate) or a group (with its taxes, no rate of its own). */
export async function createTax(db: TenantDb, raw: unknown): Promise<TaxView> {
  const input = parseInput(TaxInput, raw);
  const kind = input.kind ?? "simple";
  let members: number[] = [];
  if (kind === "simple") {
    if (input.rate === undefined || input.rate === null) throw fieldError("rate", "required");
    if (input.tax_ids?.length) throw fieldError("tax_ids", "invalid");
  } else {
    if (input.rate !== undefined && input.rate !== null) throw fieldError("rate", "invalid");
    members = await checkMembers(db, input.tax_ids);
  }
  await assertLabelFree(db, input.label);
  const values = {
    label: input.label,
    abbreviation: input.abbreviation,
    kind,
    rate: kind === "simple" ? scaled(input.rate!) : null,
    active: input.active ?? true,
  };
  let id: number;
  try {
    if (kind === "simple") {
      const [row] = await db.insert(taxes).values(values).returning({ id: taxes.id });
      id = row!.id;
    } else {
      // The group and its members in one batch: the members find the new group by its label.
      const groupId = sql`(select id from taxes where label = ${input.label} collate nocase)`;
      const results = await runBatch(db, [
        db.insert(taxes).values(values).returning({ id: taxes.id }),
        ...members.map((taxId) => db.insert(taxGroupMembers).values({ groupId, taxId })),
      ]);
      id = (results[0] as { id: number }[])[0]!.id;
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("tax_label_taken", "label");
    throw error;
  }
  return getTax(db, id);
}

/**
 * Changes a tax. Its kind is fixed at creation (`cannot_change`); a simple tax changes its
 * rate, a group its taxes.
 */
export async function updateTax(db: TenantDb, rawId: unknown, raw: unknown): Promise<TaxView> {
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdateTaxInput, raw);
  if (input.kind !== undefined && input.kind !== row.kind) throw fieldError("kind", "cannot_change");
  let members: number[] | undefined;
  if (row.kind === "simple") {
    if (input.rate === null) throw fieldError("rate", "required");
    if (input.tax_ids?.length) throw fieldError("tax_ids", "invalid");
  } else {
    if (input.rate !== undefined && input.rate !== null) throw fieldError("rate", "invalid");
    if (input.tax_ids !== undefined) members = await checkMembers(db, input.tax_ids);
  }
  if (input.label !== undefined && input.label !== row.label) await assertLabelFree(db, input.label, id);
  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.abbreviation !== undefined ? { abbreviation: input.abbreviation } : {}),
    ...(input.rate !== undefined && input.rate !== null ? { rate: scaled(input.rate) } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  const statements: BatchItem<"sqlite">[] = [
    ...(Object.keys(changes).length ? [db.update(taxes).set(changes).where(eq(taxes.id, id))] : []),
    ...(members
      ? [
          db.delete(taxGroupMembers).where(eq(taxGroupMembers.groupId, id)),
          db.insert(taxGroupMembers).values(members.map((taxId) => ({ groupId: id, taxId }))),
        ]
      : []),
  ];
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("tax_label_taken", "label");
    throw error;
  }
  return getTax(db, id);
}

export const enableTax = (db: TenantDb, rawId: unknown) => updateTax(db, rawId, { active: true });
export const disableTax = (db: TenantDb, rawId: unknown) => updateTax(db, rawId, { active: false });

/** Deletes a tax or a group unless a group, a variant or a service uses it (`in_use`). */
export async function deleteTax(db: TenantDb, rawId: unknown): Promise<void> {
  const id = recordId(rawId);
  await findRow(db, id);
  const [used] = await db.all<{ used: number }>(sql`select ${usedSomewhere(id)} as used`);
  if (asBoolean(used?.used)) throw conflict("in_use");
  const results = await runBatch(db, [
    db.delete(taxGroupMembers).where(and(eq(taxGroupMembers.groupId, id), sql`not ${usedSomewhere(id)}`)),
    db
      .delete(taxes)
      .where(and(eq(taxes.id, id), sql`not ${usedSomewhere(id)}`))
      .returning({ id: taxes.id }),
  ]);
  if ((results[1] as unknown[]).length === 0) {
    await findRow(db, id);
    throw conflict("in_use");
  }
}
