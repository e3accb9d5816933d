import { asc, eq, sql, type Column } from "drizzle-orm";
import { keptReads, keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import { PRODUCT_KINDS } from "../../../db/schema/tenant/catalogue";
import { moduleAllows } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { canEdit, canView, EDIT_PRODUCTS, priceAccess, VIEW_PRODUCTS, type PriceAccess } from "./price-access";

const t = tenantSchema;
const byLabel = (column: Column) => sql`${column} collate nocase`;

// The product and stock level lists read them at every visit: built once per isolate.
const filterOptionReads = keptReads((db: TenantDb) => [
  db
    .select({ id: t.brands.id, label: t.brands.label, active: t.brands.active })
    .from(t.brands)
    .orderBy(byLabel(t.brands.label), asc(t.brands.id)),
  db.select({ id: t.seasons.id, label: t.seasons.label }).from(t.seasons).orderBy(byLabel(t.seasons.label), asc(t.seasons.id)),
  db
    .select({ id: t.productTags.id, label: t.productTags.label })
    .from(t.productTags)
    .orderBy(byLabel(t.productTags.label), asc(t.productTags.id)),
]);

/** What the product list filters by: brands, seasons and tags, in one round trip. */
export async function productFilterOptions(db: TenantDb) {
  const [brands, seasons, tags] = await db.batch(filterOptionReads(db));
  return { brands, seasons, tags };
}

/** What the products list filters by, for an actor who may view products. */
export async function productListFilters(ctx: Ctx) {
  requirePermission(ctx, VIEW_PRODUCTS);
  return productFilterOptions(ctx.db);
}

const readProductChoices = keptSelect((db: TenantDb) =>
  db
    .select({ id: t.products.id, label: t.products.label })
    .from(t.products)
    .orderBy(byLabel(t.products.label), asc(t.products.id))
    .limit(sql.placeholder("limit") as unknown as number),
);

/** The first products by label, for a filter's choices (a list is searched beyond them). */
export async function productChoices(db: TenantDb, limit = 500) {
  return readProductChoices(db, { limit });
}

export interface ProductFormOptions {
  brands: { id: number; label: string; active: boolean }[];
  seasons: { id: number; label: string }[];
  tags: { id: number; label: string }[];
  attributes: { id: number; label: string; options: { id: number; label: string }[] }[];
  taxes: { id: number; label: string }[];
  /** The taxes a new product starts with: the company's default tax, when it is active. */
  defaultTaxIds: number[];
  /** Active levels the caller may view; `editable` when the caller may change their prices. */
  priceLevels: { id: number; label: string; type: "selling" | "purchasing"; editable: boolean }[];
  currencies: { id: number; iso: string }[];
  suppliers: { id: number; label: string }[];
  /** Active locations, where a new variant's initial stock can be put. */
  locations: { id: number; label: string }[];
  access: PriceAccess;
  /** The kinds the caller may create, and whether the batch tracking box is theirs (module flags). */
  kinds: (typeof PRODUCT_KINDS)[number][];
  batchTracking: boolean;
}

/**
 * What the product forms choose from, in one round trip: brands, seasons, tags, attributes with
 * their options, active taxes, the price levels the caller may view, active currencies, active
 * suppliers and active locations, and the kinds and fields the caller's modules open.
 */
export async function productFormOptions(ctx: Ctx): Promise<ProductFormOptions> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db, actor } = ctx;
  const [filters, rest] = await Promise.all([
    productFilterOptions(db),
    db.batch([
      db
        .select({ id: t.attributes.id, label: t.attributes.label })
        .from(t.attributes)
        .orderBy(byLabel(t.attributes.label), asc(t.attributes.id)),
      db
        .select({ id: t.attributeOptions.id, label: t.attributeOptions.label, attributeId: t.attributeOptions.attributeId })
        .from(t.attributeOptions)
        .orderBy(asc(t.attributeOptions.position), asc(t.attributeOptions.id)),
      db
        .select({ id: t.taxes.id, label: t.taxes.label })
        .from(t.taxes)
        .where(eq(t.taxes.active, true))
        .orderBy(byLabel(t.taxes.label), asc(t.taxes.id)),
      db
        .select({ id: t.priceLevels.id, label: t.priceLevels.label, type: t.priceLevels.type })
        .from(t.priceLevels)
        .where(eq(t.priceLevels.active, true))
        .orderBy(byLabel(t.priceLevels.label), asc(t.priceLevels.id)),
      db
        .select({ id: t.currencies.id, iso: t.currencies.iso, isDefault: t.currencies.isDefault })
        .from(t.currencies)
        .where(eq(t.currencies.active, true))
        .orderBy(asc(t.currencies.iso)),
      db
        .select({ id: t.suppliers.id, label: t.suppliers.name })
        .from(t.suppliers)
        .where(eq(t.suppliers.active, true))
        .orderBy(byLabel(t.suppliers.name), asc(t.suppliers.id)),
      db
        .select({ id: t.locations.id, label: t.locations.label })
        .from(t.locations)
        .where(eq(t.locations.active, true))
        .orderBy(byLabel(t.locations.label), asc(t.locations.id)),
      db.select({ defaultTaxId: t.companySettings.defaultTaxId }).from(t.companySettings).limit(1),
    ]),
  ]);
  const [attributes, options, taxes, levels, currencies, suppliers, locations, settings] = rest;
  const defaultTaxId = settings[0]?.defaultTaxId ?? null;
  const access = priceAccess(actor);
  return {
    ...filters,
    attributes: attributes.map((a) => ({
      ...a,
      options: options.filter((o) => o.attributeId === a.id).map(({ id, label }) => ({ id, label })),
    })),
    taxes,
    defaultTaxIds: taxes.some((tax) => tax.id === defaultTaxId) ? [defaultTaxId!] : [],
    priceLevels: levels.filter((l) => canView(access, l.type)).map((l) => ({ ...l, editable: canEdit(access, l.type) })),
    // Without multi_currencies the grid has the default currency's column only.
    currencies: currencies.filter((c) => access.multiCurrency || c.isDefault).map(({ id, iso }) => ({ id, iso })),
    suppliers,
    locations,
    access,
    kinds: PRODUCT_KINDS.filter((k) => moduleAllows(actor.permissions, "product", "kind", k)),
    batchTracking: moduleAllows(actor.permissions, "product", "batch_tracked", true),
  };
}
