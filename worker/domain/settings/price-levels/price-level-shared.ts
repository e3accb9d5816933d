import { and, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { asBoolean, conflict } from "../common";
import { PRICE_LEVEL_TYPES, type PriceLevelView } from "./price-level-schemas";

// What the price level verbs share: the row's view, its look-ups and the rules written into their writes.
const { priceLevels } = tenantSchema;

// Whether a level is one of the company's two defaults; a raw expression so lists can filter on it.
// The outer row is named in full: drizzle writes a lone column unqualified, which the subquery would capture.
const OUTER_ID = sql.raw(`"price_levels"."id"`);
export const isDefault = (id: SQL | number = OUTER_ID): SQL<number> =>
  sql<number>`exists (select 1 from company_settings cs where cs.default_selling_price_level_id = ${id} or cs.default_purchasing_price_level_id = ${id})`;
export const usedByPrices = (id: number): SQL => sql`exists (select 1 from prices p where p.price_level_id = ${id})`;

export const selection = { ...getTableColumns(priceLevels), isDefault: isDefault().as("is_default") };
type Row = typeof priceLevels.$inferSelect & { isDefault: unknown };

export function view(row: Row): PriceLevelView {
  return {
    id: row.id,
    label: row.label,
    type: row.type,
    active: row.active,
    is_default: asBoolean(row.isDefault),
    created_at: row.createdAt,
  };
}

export async function findRow(db: TenantDb, id: number): Promise<Row> {
  const [row] = await db.select(selection).from(priceLevels).where(eq(priceLevels.id, id)).limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

export async function assertLabelFree(db: TenantDb, label: string, exceptId?: number) {
  const same = sql`${priceLevels.label} = ${label} collate nocase`;
  const [taken] = await db
    .select({ id: priceLevels.id })
    .from(priceLevels)
    .where(exceptId === undefined ? same : and(same, ne(priceLevels.id, exceptId)))
    .limit(1);
  if (taken) throw conflict("price_level_label_taken", "label");
}

export async function isUsed(db: TenantDb, id: number): Promise<boolean> {
  const [row] = await db.all<{ used: number }>(sql`select ${usedByPrices(id)} as used`);
  return asBoolean(row?.used);
}

export const priceLevelList = defineListRegistry({
  primaryKey: priceLevels.id,
  fields: {
    id: { type: "id", column: priceLevels.id, sortable: true },
    label: { type: "text", column: priceLevels.label, sortColumn: sql`${priceLevels.label} collate nocase`, sortable: true },
    type: { type: "enum", values: PRICE_LEVEL_TYPES, column: priceLevels.type, sortable: true },
    active: { type: "boolean", column: priceLevels.active, sortable: true },
    is_default: { type: "boolean", column: isDefault(), sortable: true },
    created: { type: "number", column: priceLevels.createdAt, sortable: true },
  },
  search: (text: string) => likePrefix(priceLevels.label, text),
});
