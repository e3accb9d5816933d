// The pieces several service verbs share: the list registry and its tag filter, the views and
// the reference checks.
import { and, asc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { conflict, fieldError } from "../shared/input";
import type { ListFilter, ListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, listWhere } from "../shared/list-query-sql";
import { fromScaledInteger, PRICE_SCALE } from "../shared/money";
import type { ServiceView } from "./service-schemas";

const { services, serviceTagLinks, taxes, productTags } = tenantSchema;

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

export type ServiceRow = typeof services.$inferSelect;

export const referenceTaken = () => conflict("service_reference_taken", "reference");

/** The tags and tax of some services, then each row as the API shows it. */
export async function serviceViews(db: TenantDb, rows: ServiceRow[]): Promise<ServiceView[]> {
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

export async function serviceRow(db: TenantDb, id: number): Promise<ServiceRow> {
  const [found] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  if (!found) throw new DomainError("not_found");
  return found;
}

/** A filter's conditions as SQL, with each `tag_id` condition an EXISTS on the service's tags. */
export function serviceFilterSql(query: ListQuery, filter: ListFilter): SQL | undefined {
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

/** The references of a service must not be used by another one, whatever the case. */
export async function assertReferenceFree(db: TenantDb, reference: string, exceptId?: number) {
  const [found] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(sql`${services.reference} = ${reference} collate nocase`, exceptId !== undefined ? ne(services.id, exceptId) : undefined))
    .limit(1);
  if (found) throw referenceTaken();
}

export async function assertTax(db: TenantDb, taxId: number) {
  const [tax] = await db
    .select({ id: taxes.id })
    .from(taxes)
    .where(and(eq(taxes.id, taxId), eq(taxes.active, true)))
    .limit(1);
  if (!tax) throw fieldError("tax_id", "unknown_tax");
}

export async function assertServiceTags(db: TenantDb, tagIds: number[]) {
  if (tagIds.length === 0) return;
  const found = await db.select({ id: productTags.id }).from(productTags).where(inArray(productTags.id, tagIds));
  if (found.length !== tagIds.length) throw fieldError("tag_ids", "unknown_tag");
}

/** One service as the verbs return it. */
export async function serviceView(db: TenantDb, id: number): Promise<ServiceView> {
  return (await serviceViews(db, [await serviceRow(db, id)]))[0]!;
}
