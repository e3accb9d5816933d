import { and, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { asBoolean, conflict, lockedByUse, isUniqueViolation, objectError, parseInput, recordId, runBatch, zFlag, zLabel } from "./common";

const { priceLevels, companySettings } = tenantSchema;

export const PRICE_LEVEL_TYPES = ["selling", "purchasing"] as const;
export type PriceLevelType = (typeof PRICE_LEVEL_TYPES)[number];

/** A selling or purchasing price list (domain spec §3 'Price level'). */
export interface PriceLevelView {
  id: number;
  label: string;
  type: PriceLevelType;
  active: boolean;
  /** The company's default level of its type (company settings). */
  is_default: boolean;
  created_at: number;
}

// Whether a level is one of the company's two defaults; a raw expression so lists can filter on it.
// The outer row is named in full: drizzle writes a lone column unqualified, which the subquery would capture.
const OUTER_ID = sql.raw(`"price_levels"."id"`);
const isDefault = (id: SQL | number = OUTER_ID): SQL<number> =>
  sql<number>`exists (select 1 from company_settings cs where cs.default_selling_price_level_id = ${id} or cs.default_purchasing_price_level_id = ${id})`;
const usedByPrices = (id: number): SQL => sql`exists (select 1 from prices p where p.price_level_id = ${id})`;

const selection = { ...getTableColumns(priceLevels), isDefault: isDefault().as("is_default") };
type Row = typeof priceLevels.$inferSelect & { isDefault: unknown };

function view(row: Row): PriceLevelView {
  return {
    id: row.id,
    label: row.label,
    type: row.type,
    active: row.active,
    is_default: asBoolean(row.isDefault),
    created_at: row.createdAt,
  };
}

export const PriceLevelInput = z.strictObject(
  {
    label: zLabel(100),
    type: z.enum(PRICE_LEVEL_TYPES, { error: "invalid" }).optional(),
    active: zFlag.optional(),
  },
  objectError,
);
export type PriceLevelInput = z.input<typeof PriceLevelInput>;
export const UpdatePriceLevelInput = PriceLevelInput.partial();
export type UpdatePriceLevelInput = z.input<typeof UpdatePriceLevelInput>;

async function findRow(db: TenantDb, id: number): Promise<Row> {
  const [row] = await db.select(selection).from(priceLevels).where(eq(priceLevels.id, id)).limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

async function assertLabelFree(db: TenantDb, label: string, exceptId?: number) {
  const same = sql`${priceLevels.label} = ${label} collate nocase`;
  const [taken] = await db
    .select({ id: priceLevels.id })
    .from(priceLevels)
    .where(exceptId === undefined ? same : and(same, ne(priceLevels.id, exceptId)))
    .limit(1);
  if (taken) throw conflict("price_level_label_taken", "label");
}

async function isUsed(db: TenantDb, id: number): Promise<boolean> {
  const [row] = await db.all<{ used: number }>(sql`select ${usedByPrices(id)} as used`);
  return asBoolean(row?.used);
}

export async function getPriceLevel(db: TenantDb, rawId: unknown): Promise<PriceLevelView> {
  return view(await findRow(db, recordId(rawId)));
}

/** The company's default selling and purchasing levels (ids), null while unset. */
export async function defaultPriceLevelIds(db: TenantDb): Promise<{ selling: number | null; purchasing: number | null }> {
  const [row] = await db
    .select({ selling: companySettings.defaultSellingPriceLevelId, purchasing: companySettings.defaultPurchasingPriceLevelId })
    .from(companySettings)
    .limit(1);
  return { selling: row?.selling ?? null, purchasing: row?.purchasing ?? null };
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

export async function listPriceLevelsPage(
  db: TenantDb,
  params: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<PriceLevelView>> {
  const query = parseListQuery(params, priceLevelList);
  const result = await runList(db, { registry: priceLevelList, query, select: () => db.select(selection).from(priceLevels).$dynamic() });
  return { ...result, items: result.items.map(view) };
}

/** Every price level, by label. */
export async function allPriceLevels(db: TenantDb): Promise<PriceLevelView[]> {
  return (await listPriceLevelsPage(db, { page_size: -1 })).items;
}

export async function createPriceLevel(db: TenantDb, raw: unknown): Promise<PriceLevelView> {
  const input = parseInput(PriceLevelInput, raw);
  await assertLabelFree(db, input.label);
  try {
    const [row] = await db
      .insert(priceLevels)
      .values({ label: input.label, type: input.type ?? "selling", active: input.active ?? true })
      .returning({ id: priceLevels.id });
    return view(await findRow(db, row!.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("price_level_label_taken", "label");
    throw error;
  }
}

/**
 * Changes a level. A default level stays active and keeps its type (`default_price_level`);
 * the type of a level that prices use cannot change (`in_use`).
 */
export async function updatePriceLevel(db: TenantDb, rawId: unknown, raw: unknown): Promise<PriceLevelView> {
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdatePriceLevelInput, raw);
  const changingType = input.type !== undefined && input.type !== row.type;
  const deactivating = input.active === false && row.active;
  if ((changingType || deactivating) && asBoolean(row.isDefault)) throw conflict("default_price_level", changingType ? "type" : "active");
  if (changingType && (await isUsed(db, id))) throw lockedByUse("type");
  if (input.label !== undefined && input.label !== row.label) await assertLabelFree(db, input.label, id);

  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  if (Object.keys(changes).length === 0) return view(row);
  // The same rules again inside the write, for a default or a price set in between.
  const guards = [
    eq(priceLevels.id, id),
    ...(changingType || deactivating ? [sql`not ${isDefault(id)}`] : []),
    ...(changingType ? [sql`not ${usedByPrices(id)}`] : []),
  ];
  let updated: { id: number } | undefined;
  try {
    [updated] = await db
      .update(priceLevels)
      .set(changes)
      .where(and(...guards))
      .returning({ id: priceLevels.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("price_level_label_taken", "label");
    throw error;
  }
  if (!updated) {
    const now = await findRow(db, id);
    throw asBoolean(now.isDefault) ? conflict("default_price_level", changingType ? "type" : "active") : lockedByUse("type");
  }
  return view(await findRow(db, id));
}

export const enablePriceLevel = (db: TenantDb, rawId: unknown) => updatePriceLevel(db, rawId, { active: true });
export const disablePriceLevel = (db: TenantDb, rawId: unknown) => updatePriceLevel(db, rawId, { active: false });

/** Makes a level the company's default of its type (and active), in one batch. */
export async function makeDefaultPriceLevel(db: TenantDb, rawId: unknown): Promise<PriceLevelView> {
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const column = row.type === "selling" ? { defaultSellingPriceLevelId: id } : { defaultPurchasingPriceLevelId: id };
  await runBatch(db, [
    db.update(priceLevels).set({ active: true }).where(eq(priceLevels.id, id)),
    db
      .update(companySettings)
      .set({ ...column, updatedAt: Date.now() })
      .where(eq(companySettings.id, 1)),
  ]);
  return view(await findRow(db, id));
}

/** Deletes a level unless it is a default (`default_price_level`) or prices use it (`in_use`). */
export async function deletePriceLevel(db: TenantDb, rawId: unknown): Promise<void> {
  const id = recordId(rawId);
  const row = await findRow(db, id);
  if (asBoolean(row.isDefault)) throw conflict("default_price_level");
  if (await isUsed(db, id)) throw conflict("in_use");
  const deleted = await db
    .delete(priceLevels)
    .where(and(eq(priceLevels.id, id), sql`not ${isDefault(id)}`, sql`not ${usedByPrices(id)}`))
    .returning({ id: priceLevels.id });
  if (deleted.length === 0) {
    const now = await findRow(db, id);
    throw conflict(asBoolean(now.isDefault) ? "default_price_level" : "in_use");
  }
}
