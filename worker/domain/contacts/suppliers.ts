import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { insertedId } from "../shared/inserted-id";
import { DomainError } from "../shared/domain-error";
import { parseListQuery, type FilterValue } from "../shared/list-query";
import { defineListRegistry, likeContains, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { contactFilterSql, withoutFilter } from "./list-filters";
import {
  addressChanges,
  addressFields,
  addressView,
  assertCurrency,
  assertPriceLevel,
  assertTags,
  isHttpUrl,
  optionalShape,
  parseInput,
  recordId,
  referenceOptions,
  runBatch,
  strictInput,
  zDays,
  zFlag,
  zIdList,
  zName,
  zOptionalEmail,
  zPhone,
  zRef,
  zText,
  zUrl,
  type AddressView,
  levelAndCurrencyLookups,
} from "./shared";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";

const { suppliers, supplierTags, supplierTagLinks, variants } = tenantSchema;

const MAX_SOCIAL_LINKS = 20;

/** A supplier as the API and the screens show it (domain spec §3 "Supplier and employee"). */
export interface SupplierView extends AddressView {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  social_links: Record<string, string>;
  notes: string | null;
  active: boolean;
  default_currency_id: number | null;
  default_currency: { id: number; iso: string; label: string } | null;
  default_price_level_id: number | null;
  default_price_level: { id: number; label: string } | null;
  default_payment_terms_days: number | null;
  default_lead_time_days: number | null;
  tag_ids: number[];
  tags: { id: number; label: string }[];
  created_at: number;
  updated_at: number;
}

/** Social links by network name ("linkedin", "instagram"...), each an http(s) address. */
const zSocialLinks = z
  .record(z.string({ error: "invalid" }), z.unknown(), { error: "invalid" })
  .superRefine((links, ctx) => {
    const entries = Object.entries(links);
    if (entries.length > MAX_SOCIAL_LINKS) ctx.addIssue({ code: "custom", message: "too_long" });
    for (const [key, url] of entries) {
      if (!/^[a-z0-9_-]{1,40}$/i.test(key)) ctx.addIssue({ code: "custom", path: [key], message: "invalid" });
      else if (typeof url !== "string" || url.length > 500 || !isHttpUrl(url.trim()))
        ctx.addIssue({ code: "custom", path: [key], message: "invalid_url" });
    }
  })
  .transform((links) => Object.fromEntries(Object.entries(links).map(([k, v]) => [k.toLowerCase(), String(v).trim()])));

const fields = {
  name: zName(200),
  email: zOptionalEmail,
  phone: zPhone,
  website: zUrl,
  social_links: zSocialLinks,
  notes: zText(5000),
  active: zFlag,
  default_currency_id: zRef("unknown_currency").nullable(),
  default_price_level_id: zRef("unknown_price_level").nullable(),
  default_payment_terms_days: zDays.nullable(),
  default_lead_time_days: zDays.nullable(),
  ...addressFields,
  tag_ids: zIdList("unknown_tag"),
};

export const CreateSupplierInput = strictInput({
  ...optionalShape(fields),
  name: fields.name,
  social_links: fields.social_links.default({}),
  active: fields.active.default(true),
  tag_ids: fields.tag_ids.default([]),
});
export type CreateSupplierInput = z.input<typeof CreateSupplierInput>;

export const UpdateSupplierInput = strictInput(optionalShape(fields));
export type UpdateSupplierInput = z.input<typeof UpdateSupplierInput>;
type ParsedUpdate = z.output<typeof UpdateSupplierInput>;

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

const related = {
  tag_id: (values: FilterValue[]) =>
    sql`exists (select 1 from ${supplierTagLinks} where ${supplierTagLinks.supplierId} = ${suppliers.id} and ${inArray(supplierTagLinks.tagId, values as number[])})`,
};

/**
 * One page of suppliers: filters name, email, active, country, city, default_currency_id,
 * default_price_level_id, default_lead_time_days, tag_id, created; sort name (default), city,
 * default_lead_time_days, created; search on the start of the name or in the email.
 */
export async function listSuppliers(
  db: TenantDb,
  input: URLSearchParams | Record<string, unknown>,
  options?: { ignoreKeys?: readonly string[] },
): Promise<ListResult<SupplierView>> {
  const query = parseListQuery(input, supplierListRegistry, options);
  const where = contactFilterSql(supplierListRegistry, query, query.filter, related);
  const result = await runList(db, { from: suppliers, registry: supplierListRegistry, query: withoutFilter(query), where });
  return { ...result, items: await views(db, result.items) };
}

type Row = typeof suppliers.$inferSelect;

async function views(db: TenantDb, rows: Row[]): Promise<SupplierView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [links, levels, currencyRows] = await db.batch([
    db
      .select({ supplierId: supplierTagLinks.supplierId, id: supplierTags.id, label: supplierTags.label })
      .from(supplierTagLinks)
      .innerJoin(supplierTags, eq(supplierTags.id, supplierTagLinks.tagId))
      .where(inArray(supplierTagLinks.supplierId, ids))
      .orderBy(sql`${supplierTags.label} collate nocase`, asc(supplierTags.id)),
    ...levelAndCurrencyLookups(
      db,
      rows.map((r) => r.defaultPriceLevelId),
      rows.map((r) => r.defaultCurrencyId),
    ),
  ]);
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

async function row(db: TenantDb, id: number): Promise<Row> {
  const [found] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  if (!found) throw new DomainError("not_found");
  return found;
}

export async function getSupplier(db: TenantDb, id: unknown): Promise<SupplierView> {
  return (await views(db, [await row(db, recordId(id))]))[0]!;
}

async function checkReferences(db: TenantDb, input: ParsedUpdate, current?: Row) {
  if (input.default_price_level_id != null && input.default_price_level_id !== current?.defaultPriceLevelId)
    await assertPriceLevel(db, "default_price_level_id", input.default_price_level_id, "purchasing");
  if (input.default_currency_id != null && input.default_currency_id !== current?.defaultCurrencyId)
    await assertCurrency(db, "default_currency_id", input.default_currency_id);
  if (input.tag_ids !== undefined) await assertTags(db, supplierTags, input.tag_ids);
}

function columns(input: ParsedUpdate) {
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

export async function createSupplier(db: TenantDb, raw: unknown): Promise<SupplierView> {
  const input = parseInput(CreateSupplierInput, raw);
  await checkReferences(db, input);
  const newId = insertedId("suppliers");
  const [created] = (await runBatch(db, [
    db
      .insert(suppliers)
      .values({ ...columns(input), name: input.name })
      .returning(),
    ...input.tag_ids.map((tagId) => db.insert(supplierTagLinks).values({ supplierId: newId, tagId })),
  ])) as [Row[]];
  return (await views(db, created))[0]!;
}

export async function updateSupplier(db: TenantDb, id: unknown, raw: unknown): Promise<SupplierView> {
  const current = await row(db, recordId(id));
  const input = parseInput(UpdateSupplierInput, raw);
  await checkReferences(db, input, current);
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(suppliers)
      .set({ ...columns(input), updatedAt: Date.now() })
      .where(eq(suppliers.id, current.id)),
  ];
  if (input.tag_ids !== undefined)
    statements.push(
      db.delete(supplierTagLinks).where(eq(supplierTagLinks.supplierId, current.id)),
      ...input.tag_ids.map((tagId) => db.insert(supplierTagLinks).values({ supplierId: current.id, tagId })),
    );
  await runBatch(db, statements);
  return getSupplier(db, current.id);
}

export async function setSupplierActive(db: TenantDb, id: unknown, active: boolean): Promise<SupplierView> {
  const current = await row(db, recordId(id));
  if (current.active !== active) await db.update(suppliers).set({ active, updatedAt: Date.now() }).where(eq(suppliers.id, current.id));
  return getSupplier(db, current.id);
}

/** Deletes a supplier and its tag links; refused (`in_use`, 409) while a variant names it as its supplier. */
export async function deleteSupplier(db: TenantDb, id: unknown, acknowledged: readonly string[]): Promise<void> {
  const current = await row(db, recordId(id));
  requireAcknowledged(acknowledged, DELETE_ASKS.supplier);
  // Purchase orders will refer to suppliers too: add them to this check once they exist.
  const inUse = sql`exists (select 1 from ${variants} where ${variants.supplierId} = ${current.id})`;
  const [used] = await db.select({ used: inUse }).from(suppliers).where(eq(suppliers.id, current.id));
  if (used && Boolean(Number(used.used))) throw new DomainError("in_use");
  // The delete repeats the condition, so that a variant linked meanwhile still keeps its supplier.
  await db.batch([
    db.delete(supplierTagLinks).where(and(eq(supplierTagLinks.supplierId, current.id), sql`not ${inUse}`)),
    db.delete(suppliers).where(and(eq(suppliers.id, current.id), sql`not ${inUse}`)),
  ]);
}

/** The choices of the supplier form: purchasing price levels, currencies and supplier tags. */
export async function supplierFormOptions(db: TenantDb, current?: SupplierView) {
  const [refs, tags] = await Promise.all([
    referenceOptions(db, "purchasing", { priceLevelId: current?.default_price_level_id, currencyId: current?.default_currency_id }),
    db
      .select({ id: supplierTags.id, label: supplierTags.label })
      .from(supplierTags)
      .orderBy(sql`${supplierTags.label} collate nocase`, asc(supplierTags.id)),
  ]);
  return { ...refs, tags };
}
