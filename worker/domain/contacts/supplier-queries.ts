// The pieces several supplier verbs share: the list registry, the views, the reference checks
// and the columns a write sets.
import { asc, eq, inArray, or, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import type { FilterValue } from "../shared/list-query";
import { defineListRegistry, likeContains, likePrefix } from "../shared/list-query-sql";
import { addressChanges, addressView, assertCurrency, assertPriceLevel, assertTags, levelAndCurrencyLookups } from "./shared";
import type { ParsedSupplier, SupplierView } from "./supplier-schemas";

const { suppliers, supplierTags, supplierTagLinks } = tenantSchema;

/** What the suppliers list filters and sorts on. */
export const supplierListRegistry = defineListRegistry({
  primaryKey: suppliers.id,
  defaultSort: [{ by: "name", direction: "asc" }],
  fields: {
    id: { type: "id", column: suppliers.id },
    name: { type: "text", column: suppliers.name, sortColumn: sql`${suppliers.name} collate nocase`, sortable: true },
    email: { type: "text", column: suppliers.email },
    active: { type: "boolean", column: suppliers.active },
    country: { type: "text", operators: ["eq", "In"], column: suppliers.country },
    city: { type: "text", column: suppliers.city, sortColumn: sql`${suppliers.city} collate nocase`, sortable: true },
    default_currency_id: { type: "id", column: suppliers.defaultCurrencyId },
    default_price_level_id: { type: "id", column: suppliers.defaultPriceLevelId },
    default_lead_time_days: { type: "number", column: suppliers.defaultLeadTimeDays, sortable: true },
    // Many per supplier: an EXISTS, never compared to this column.
    tag_id: { type: "id", column: supplierTagLinks.tagId },
    created: {
      type: "date",
      column: sql`date(${suppliers.createdAt} / 1000, 'unixepoch')`,
      sortColumn: suppliers.createdAt,
      sortable: true,
    },
  },
  search: (text: string) => or(likePrefix(suppliers.name, text), likeContains(suppliers.email, text)),
});

export const supplierRelated = {
  tag_id: (values: FilterValue[]) =>
    sql`exists (select 1 from ${supplierTagLinks} where ${supplierTagLinks.supplierId} = ${suppliers.id} and ${inArray(supplierTagLinks.tagId, values as number[])})`,
};

export type SupplierRow = typeof suppliers.$inferSelect;

/**
 * What a supplier's view shows from other tables (its tags, price level and currency), one query
 * each, for some suppliers: their ids, or a subquery (a list page's lookups ride in its batch).
 */
export function supplierViewReads(
  db: TenantDb,
  ids: number[] | SQLWrapper,
  levelIds: Parameters<typeof levelAndCurrencyLookups>[1],
  currencyIds: Parameters<typeof levelAndCurrencyLookups>[2],
) {
  return [
    db
      .select({ supplierId: supplierTagLinks.supplierId, id: supplierTags.id, label: supplierTags.label })
      .from(supplierTagLinks)
      .innerJoin(supplierTags, eq(supplierTags.id, supplierTagLinks.tagId))
      .where(inArray(supplierTagLinks.supplierId, ids))
      .orderBy(sql`${supplierTags.label} collate nocase`, asc(supplierTags.id)),
    ...levelAndCurrencyLookups(db, levelIds, currencyIds),
  ] as const;
}

/** The views of some suppliers, their tags, price levels and currencies read in one round trip. */
export async function supplierViews(db: TenantDb, rows: SupplierRow[]): Promise<SupplierView[]> {
  if (rows.length === 0) return [];
  const reads = supplierViewReads(
    db,
    rows.map((r) => r.id),
    rows.map((r) => r.defaultPriceLevelId),
    rows.map((r) => r.defaultCurrencyId),
  );
  return assembleSupplierViews(rows, await db.batch(reads));
}

export function assembleSupplierViews(
  rows: SupplierRow[],
  [links, levels, currencyRows]: BatchResponse<ReturnType<typeof supplierViewReads>>,
): SupplierView[] {
  const levelById = new Map(levels.map((l) => [l.id, l]));
  const currencyById = new Map(currencyRows.map((c) => [c.id, c]));
  const tagsOf = Map.groupBy(links, (l) => l.supplierId);
  return rows.map((r) => {
    const tags = (tagsOf.get(r.id) ?? []).map(({ id, label }) => ({ id, label }));
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      website: r.website,
      social_links: r.socialLinks,
      notes: r.notes,
      active: r.active,
      default_currency_id: r.defaultCurrencyId,
      default_currency: r.defaultCurrencyId !== null ? (currencyById.get(r.defaultCurrencyId) ?? null) : null,
      default_price_level_id: r.defaultPriceLevelId,
      default_price_level: r.defaultPriceLevelId !== null ? (levelById.get(r.defaultPriceLevelId) ?? null) : null,
      default_payment_terms_days: r.defaultPaymentTermsDays,
      default_lead_time_days: r.defaultLeadTimeDays,
      ...addressView(r),
      tag_ids: tags.map((t) => t.id),
      tags,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    };
  });
}

export async function supplierRow(db: TenantDb, id: number): Promise<SupplierRow> {
  const [found] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  if (!found) throw new DomainError("not_found");
  return found;
}

export async function checkSupplierReferences(db: TenantDb, input: ParsedSupplier, current?: SupplierRow) {
  if (input.default_price_level_id != null && input.default_price_level_id !== current?.defaultPriceLevelId)
    await assertPriceLevel(db, "default_price_level_id", input.default_price_level_id, "purchasing");
  if (input.default_currency_id != null && input.default_currency_id !== current?.defaultCurrencyId)
    await assertCurrency(db, "default_currency_id", input.default_currency_id);
  if (input.tag_ids !== undefined) await assertTags(db, supplierTags, input.tag_ids);
}

export function supplierColumns(input: ParsedSupplier) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.website !== undefined ? { website: input.website } : {}),
    ...(input.social_links !== undefined ? { socialLinks: input.social_links } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.default_currency_id !== undefined ? { defaultCurrencyId: input.default_currency_id } : {}),
    ...(input.default_price_level_id !== undefined ? { defaultPriceLevelId: input.default_price_level_id } : {}),
    ...(input.default_payment_terms_days !== undefined ? { defaultPaymentTermsDays: input.default_payment_terms_days } : {}),
    ...(input.default_lead_time_days !== undefined ? { defaultLeadTimeDays: input.default_lead_time_days } : {}),
    ...addressChanges(input),
  };
}

/** One supplier as the verbs return it. */
export async function supplierView(db: TenantDb, id: number): Promise<SupplierView> {
  return (await supplierViews(db, [await supplierRow(db, id)]))[0]!;
}
