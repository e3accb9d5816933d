import { asc, eq, sql, type Column } from "drizzle-orm";
import { keptReads, tenantSchema, type TenantDb } from "../../../db/client";
import { PRODUCT_KINDS } from "../../../db/schema/tenant/catalogue";
import { moduleAllows } from "../identity/module-flags";
import type { PermissionCheck } from "../identity/permissions";
import { recordIdOrNull } from "../shared/input";
import { likePrefix } from "../shared/list-query-sql";
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

/** Whoever may see a product list or the stock levels may look products up by label. */
export const LOOKS_UP_PRODUCTS = { anyOf: ["view_products", "view_products_inventory"] } as const satisfies PermissionCheck;

/** At most this many suggestions per lookup. */
export const PRODUCT_LOOKUP_LIMIT = 20;

export interface ProductLookupResult {
  id: number;
  label: string;
}

/**
 * The products whose label starts with the text (case aside), by label, at most 20; with no text,
 * the first 20 by label. A filter suggests them as a product is typed, so that any product of a
 * catalogue of thousands can be chosen without the page carrying them all. An index search.
 */
export async function productLookup(ctx: Ctx, input: { text: string }): Promise<ProductLookupResult[]> {
  requirePermission(ctx, LOOKS_UP_PRODUCTS);
  return productLookupQuery(ctx.db, input.text.trim().slice(0, 100));
}

/** The query of productLookup (its plan is checked by a test). */
export function productLookupQuery(db: TenantDb, typed: string) {
  return db
    .select({ id: t.products.id, label: t.products.label })
    .from(t.products)
    .where(typed ? likePrefix(t.products.label, typed) : undefined)
    .orderBy(byLabel(t.products.label), asc(t.products.id))
    .limit(PRODUCT_LOOKUP_LIMIT);
}

/** A product's id and label, or null when the value names none: the product a filter's address names. */
export async function productLookedUp(ctx: Ctx, rawId: unknown): Promise<ProductLookupResult | null> {
  requirePermission(ctx, LOOKS_UP_PRODUCTS);
  const id = recordIdOrNull(rawId);
  if (id === null) return null;
  const [row] = await ctx.db.select({ id: t.products.id, label: t.products.label }).from(t.products).where(eq(t.products.id, id));
  return row ?? null;
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
