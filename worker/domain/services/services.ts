import { and, asc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { Decimal } from "../shared/decimal";
import { DomainError, type FieldErrorCode } from "../shared/domain-error";
import { conflict, fieldError, isUniqueViolation, objectError, parseInput } from "../shared/input";
import { parseListQuery, type ListFilter, type ListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, listWhere, runList, type ListResult } from "../shared/list-query-sql";
import { fromScaledInteger, PRICE_SCALE, toScaledInteger, zMoney } from "../shared/money";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";

const { services, serviceTagLinks, taxes, productTags } = tenantSchema;

/** Prices up to 100 billion: the scaled integer stays well inside what SQLite and JSON numbers hold exactly. */
const MAX_PRICE = 100_000_000_000;
const MAX_TAGS = 100;

/** A service as the API and the screens show it (domain spec §3 "Service"). Prices are decimal strings. */
export interface ServiceView {
  id: number;
  reference: string;
  label: string;
  description: string | null;
  price: string;
  tax_charged: boolean;
  tax_id: number | null;
  tax: { id: number; label: string } | null;
  deposit: boolean;
  active: boolean;
  tag_ids: number[];
  tags: { id: number; label: string }[];
  published_to_quickbooks: boolean;
  published_to_shopify: boolean;
  published_to_pennylane: boolean;
  created_at: number;
  updated_at: number;
}

/** What the services list filters and sorts on (the list query engine, platform spec §7). */
export const serviceListRegistry = defineListRegistry({
  primaryKey: services.id,
  fields: {
    id: { type: "id", column: services.id, sortable: true },
    reference: { type: "text", column: services.reference, sortColumn: sql`${services.reference} collate nocase`, sortable: true },
    label: { type: "text", column: services.label, sortColumn: sql`${services.label} collate nocase`, sortable: true },
    price: { type: "decimal", scale: PRICE_SCALE, column: services.price, sortable: true },
    active: { type: "boolean", column: services.active },
    deposit: { type: "boolean", column: services.deposit },
    tax_charged: { type: "boolean", column: services.taxCharged },
    tax_id: { type: "id", column: services.taxId },
    // Many tags per service: turned into an EXISTS by `serviceFilterSql`, never compared to this column.
    tag_id: { type: "id", column: serviceTagLinks.tagId },
    created: { type: "number", column: services.createdAt, sortable: true },
  },
  search: (text: string) => or(likePrefix(services.label, text), likePrefix(services.reference, text)),
});

const boolean = z.boolean({ error: "invalid" });
const idList = (code: FieldErrorCode) =>
  z
    .array(z.number({ error: code }).int(code).positive(code), { error: "invalid" })
    .max(MAX_TAGS, "too_long")
    .transform((ids) => [...new Set(ids)]);

const fields = {
  reference: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  label: z.string({ error: "required" }).trim().min(1, "required").max(255, "too_long"),
  description: z
    .string({ error: "invalid" })
    .max(5000, "too_long")
    .nullable()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  price: z
    .union([z.string(), z.number()], { error: "invalid_number" })
    .pipe(zMoney({ min: 0 }))
    .refine((v) => v.compare(Decimal.parse(MAX_PRICE)) <= 0, "too_large"),
  tax_charged: boolean,
  tax_id: z.number({ error: "unknown_tax" }).int("unknown_tax").positive("unknown_tax").nullable(),
  deposit: boolean,
  active: boolean,
  tag_ids: idList("unknown_tag"),
  published_to_quickbooks: boolean,
  published_to_shopify: boolean,
  published_to_pennylane: boolean,
};

export const CreateServiceInput = z.strictObject(
  {
    reference: fields.reference,
    label: fields.label,
    description: fields.description.optional(),
    price: fields.price.optional(),
    tax_charged: fields.tax_charged.default(true),
    tax_id: fields.tax_id.optional(),
    deposit: fields.deposit.default(false),
    active: fields.active.default(true),
    tag_ids: fields.tag_ids.default([]),
    published_to_quickbooks: fields.published_to_quickbooks.default(false),
    published_to_shopify: fields.published_to_shopify.default(false),
    published_to_pennylane: fields.published_to_pennylane.default(false),
  },
  objectError,
);
export type CreateServiceInput = z.input<typeof CreateServiceInput>;

export const UpdateServiceInput = z.strictObject(
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
  },
  objectError,
);
export type UpdateServiceInput = z.input<typeof UpdateServiceInput>;

type Row = typeof services.$inferSelect;

function serviceId(raw: string | number): number {
  const id = typeof raw === "number" ? raw : /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new DomainError("not_found");
  return id;
}

const taken = () => conflict("service_reference_taken", "reference");

/** The tags and tax of some services, then each row as the API shows it. */
async function views(db: TenantDb, rows: Row[]): Promise<ServiceView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const taxIds = [...new Set(rows.map((r) => r.taxId).filter((id): id is number => id !== null))];
  const [links, taxRows] = await db.batch([
    db
      .select({ serviceId: serviceTagLinks.serviceId, id: productTags.id, label: productTags.label })
      .from(serviceTagLinks)
      .innerJoin(productTags, eq(productTags.id, serviceTagLinks.tagId))
      .where(inArray(serviceTagLinks.serviceId, ids))
      .orderBy(sql`${productTags.label} collate nocase`, asc(productTags.id)),
    db
      .select({ id: taxes.id, label: taxes.label })
      .from(taxes)
      .where(inArray(taxes.id, taxIds.length ? taxIds : [0])),
  ]);
  const taxById = new Map(taxRows.map((t) => [t.id, t]));
  return rows.map((row) => {
    const tags = links.filter((l) => l.serviceId === row.id).map((l) => ({ id: l.id, label: l.label }));
    return {
      id: row.id,
      reference: row.reference,
      label: row.label,
      description: row.description,
      price: fromScaledInteger(row.price, PRICE_SCALE).toString(),
      tax_charged: row.taxCharged,
      tax_id: row.taxId,
      tax: row.taxId !== null ? (taxById.get(row.taxId) ?? null) : null,
      deposit: row.deposit,
      active: row.active,
      tag_ids: tags.map((t) => t.id),
      tags,
      published_to_quickbooks: row.publishedToQuickbooks,
      published_to_shopify: row.publishedToShopify,
      published_to_pennylane: row.publishedToPennylane,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    };
  });
}

async function row(db: TenantDb, id: number): Promise<Row> {
  const [found] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  if (!found) throw new DomainError("not_found");
  return found;
}

/** A filter's conditions as SQL, with each `tag_id` condition an EXISTS on the service's tags. */
function serviceFilterSql(query: ListQuery, filter: ListFilter): SQL | undefined {
  const tagExists = (values: unknown[]) =>
    sql`exists (select 1 from ${serviceTagLinks} where ${serviceTagLinks.serviceId} = ${services.id} and ${inArray(serviceTagLinks.tagId, values as number[])})`;
  const plain = filter.conditions.filter((c) => c.field !== "tag_id");
  const tags = filter.conditions.flatMap((c) =>
    c.field !== "tag_id" ? [] : c.op === "In" ? [tagExists(c.values)] : c.op === "eq" ? [tagExists([c.value])] : [],
  );
  const groups = filter.or.map((group) => or(...group.map((branch) => serviceFilterSql(query, branch))));
  const rest = listWhere(serviceListRegistry, { ...query, search: undefined, filter: { conditions: plain, or: [] } });
  return and(rest, ...tags, ...groups);
}

/**
 * One page of services: filters reference, label, price, active, deposit, tax_charged, tax_id,
 * tag_id; sort label (default), reference, price, created; search on the start of label or reference.
 */
export async function listServices(db: TenantDb, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<ServiceView>> {
  const query = parseListQuery(input, serviceListRegistry);
  const where = serviceFilterSql(query, query.filter);
  const result = await runList(db, {
    from: services,
    registry: serviceListRegistry,
    query: { ...query, filter: { conditions: [], or: [] } },
    where,
  });
  return { ...result, items: await views(db, result.items) };
}

export async function getService(db: TenantDb, id: string | number): Promise<ServiceView> {
  return (await views(db, [await row(db, serviceId(id))]))[0]!;
}

/** The references of a service must not be used by another one, whatever the case. */
async function assertReferenceFree(db: TenantDb, reference: string, exceptId?: number) {
  const [found] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(sql`${services.reference} = ${reference} collate nocase`, exceptId !== undefined ? ne(services.id, exceptId) : undefined))
    .limit(1);
  if (found) throw taken();
}

async function assertTax(db: TenantDb, taxId: number) {
  const [tax] = await db
    .select({ id: taxes.id })
    .from(taxes)
    .where(and(eq(taxes.id, taxId), eq(taxes.active, true)))
    .limit(1);
  if (!tax) throw fieldError("tax_id", "unknown_tax");
}

async function assertTags(db: TenantDb, tagIds: number[]) {
  if (tagIds.length === 0) return;
  const found = await db.select({ id: productTags.id }).from(productTags).where(inArray(productTags.id, tagIds));
  if (found.length !== tagIds.length) throw fieldError("tag_ids", "unknown_tag");
}

export async function createService(db: TenantDb, raw: unknown): Promise<ServiceView> {
  const input = parseInput(CreateServiceInput, raw);
  await assertReferenceFree(db, input.reference);
  if (input.tax_id != null) await assertTax(db, input.tax_id);
  await assertTags(db, input.tag_ids);
  const insert = db
    .insert(services)
    .values({
      reference: input.reference,
      label: input.label,
      description: input.description ?? null,
      price: input.price ? Number(toScaledInteger(input.price, PRICE_SCALE)) : 0,
      taxCharged: input.tax_charged,
      taxId: input.tax_id ?? null,
      deposit: input.deposit,
      active: input.active,
      publishedToQuickbooks: input.published_to_quickbooks,
      publishedToShopify: input.published_to_shopify,
      publishedToPennylane: input.published_to_pennylane,
    })
    .returning();
  // The links need the new id: they read it back by reference in the same batch (the reference is unique).
  const newId = sql`(select ${services.id} from ${services} where ${services.reference} = ${input.reference} collate nocase)`;
  const links = input.tag_ids.map((tagId) => db.insert(serviceTagLinks).values({ serviceId: newId, tagId }));
  try {
    const [created] = await db.batch([insert, ...links]);
    return (await views(db, created))[0]!;
  } catch (error) {
    if (isUniqueViolation(error, "services.reference")) throw taken();
    throw error;
  }
}

export async function updateService(db: TenantDb, id: string | number, raw: unknown): Promise<ServiceView> {
  const current = await row(db, serviceId(id));
  const input = parseInput(UpdateServiceInput, raw);
  if (input.reference !== undefined && input.reference.toLowerCase() !== current.reference.toLowerCase())
    await assertReferenceFree(db, input.reference, current.id);
  // A tax made inactive since stays on the services that have it; choosing it anew is refused.
  if (input.tax_id != null && input.tax_id !== current.taxId) await assertTax(db, input.tax_id);
  if (input.tag_ids !== undefined) await assertTags(db, input.tag_ids);
  const changes = {
    ...(input.reference !== undefined ? { reference: input.reference } : {}),
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.price !== undefined ? { price: Number(toScaledInteger(input.price, PRICE_SCALE)) } : {}),
    ...(input.tax_charged !== undefined ? { taxCharged: input.tax_charged } : {}),
    ...(input.tax_id !== undefined ? { taxId: input.tax_id } : {}),
    ...(input.deposit !== undefined ? { deposit: input.deposit } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.published_to_quickbooks !== undefined ? { publishedToQuickbooks: input.published_to_quickbooks } : {}),
    ...(input.published_to_shopify !== undefined ? { publishedToShopify: input.published_to_shopify } : {}),
    ...(input.published_to_pennylane !== undefined ? { publishedToPennylane: input.published_to_pennylane } : {}),
  };
  const update = db
    .update(services)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(services.id, current.id));
  const tagWrites =
    input.tag_ids === undefined
      ? []
      : [
          db.delete(serviceTagLinks).where(eq(serviceTagLinks.serviceId, current.id)),
          ...input.tag_ids.map((tagId) => db.insert(serviceTagLinks).values({ serviceId: current.id, tagId })),
        ];
  try {
    await db.batch([update, ...tagWrites]);
  } catch (error) {
    if (isUniqueViolation(error, "services.reference")) throw taken();
    throw error;
  }
  return getService(db, current.id);
}

export async function setServiceActive(db: TenantDb, id: string | number, active: boolean): Promise<ServiceView> {
  const current = await row(db, serviceId(id));
  if (current.active !== active) await db.update(services).set({ active, updatedAt: Date.now() }).where(eq(services.id, current.id));
  return getService(db, current.id);
}

/** Nothing refers to a service yet (documents will): its tag links go with it. */
export async function deleteService(db: TenantDb, id: string | number, acknowledged: readonly string[]): Promise<void> {
  const current = await row(db, serviceId(id));
  requireAcknowledged(acknowledged, DELETE_ASKS.service);
  await db.batch([
    db.delete(serviceTagLinks).where(eq(serviceTagLinks.serviceId, current.id)),
    db.delete(services).where(eq(services.id, current.id)),
  ]);
}

/** The choices of the service form: active taxes (plus the service's own, if since made inactive) and every product tag. */
export async function serviceFormOptions(db: TenantDb, currentTaxId: number | null = null) {
  const [taxRows, tagRows] = await db.batch([
    db
      .select({ id: taxes.id, label: taxes.label, active: taxes.active })
      .from(taxes)
      .where(currentTaxId !== null ? or(eq(taxes.active, true), eq(taxes.id, currentTaxId)) : eq(taxes.active, true))
      .orderBy(sql`${taxes.label} collate nocase`, asc(taxes.id)),
    db
      .select({ id: productTags.id, label: productTags.label })
      .from(productTags)
      .orderBy(sql`${productTags.label} collate nocase`, asc(productTags.id)),
  ]);
  return { taxes: taxRows.map(({ id, label }) => ({ id, label })), tags: tagRows };
}
