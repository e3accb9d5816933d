import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError, type FieldErrors } from "../../shared/domain-error";
import { objectError, parseInput } from "../../shared/input";
import { sellableProduct } from "../sellable";
import { readStoreAddresses, writeStoreAddresses, zStoreDomain, type PlatformHosts, type StoreAddresses } from "./store-addresses";
import { readStoreSettings, StoreSettings, UpdateStoreSettingsInput } from "./store-settings";

/** Reading the store's administration needs view_customers (its menu entry's), changing it edit_customers. */
export const STORE_ADMIN_VIEW = { allOf: ["view_customers"] } as const;
export const STORE_ADMIN_EDIT = { allOf: ["edit_customers"] } as const;

export type StoreSettingsView = StoreSettings & StoreAddresses;

/**
 * Saves the given settings over the saved ones in one statement (a JSON merge patch), so two
 * pages saved at once each keep their own settings. A setting given null goes back to its default.
 */
export async function patchStoreSettings(ctx: Ctx, patch: Partial<StoreSettings>): Promise<void> {
  const now = ctx.now();
  const { storeSettings } = tenantSchema;
  await ctx.db
    .insert(storeSettings)
    .values({ id: 1, settings: patch, updatedAt: now })
    .onConflictDoUpdate({
      target: storeSettings.id,
      set: { settings: sql`json_patch(${storeSettings.settings}, excluded.settings)`, updatedAt: now },
    });
}

/** The store's settings and addresses, for its administration pages and the API. */
export async function getStoreSettings(ctx: Ctx, _input: Record<string, never> = {}): Promise<StoreSettingsView> {
  requirePermission(ctx, STORE_ADMIN_VIEW);
  const [settings, addresses] = await Promise.all([readStoreSettings(ctx.db), readStoreAddresses(ctx.control, ctx.actor.company.id)]);
  return { ...settings, ...addresses };
}

const AddressesInput = z.strictObject(
  {
    url: StoreSettings.shape.url,
    custom_domain: zStoreDomain,
  },
  objectError,
);

/**
 * Changes the settings given; the others stay as they are. The store's addresses are checked
 * first (an address another store holds is refused on its field) and saved before the settings;
 * a new own domain waits for its verification (verifyStoreDomain) before it serves the store.
 */
export async function updateStoreSettings(ctx: Ctx, raw: unknown, platform: PlatformHosts = {}): Promise<StoreSettingsView> {
  requirePermission(ctx, STORE_ADMIN_EDIT);
  const { url, custom_domain, ...rest } = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  // Only the keys sent change: a setting's default never overwrites a saved value.
  const sent = <T extends object>(parsed: T, keys: object): Partial<T> =>
    Object.fromEntries(Object.entries(parsed).filter(([key]) => Object.hasOwn(keys, key))) as Partial<T>;
  const addressInput = { ...(url !== undefined ? { url } : {}), ...(custom_domain !== undefined ? { custom_domain } : {}) };
  const addresses = sent(parseInput(AddressesInput.partial(), addressInput), addressInput);
  const given = sent(parseInput(UpdateStoreSettingsInput, typeof raw === "object" && raw !== null ? rest : raw), rest);
  await assertKnownReferences(ctx, given);
  await writeStoreAddresses(ctx, addresses, platform);
  await patchStoreSettings(ctx, given);
  return getStoreSettings(ctx);
}

const t = tenantSchema;

/** The records the settings may name, each by id and label: what the filters and featured products offer. */
export interface StoreSettingsChoices {
  tags: { id: number; label: string }[];
  seasons: { id: number; label: string }[];
  brands: { id: number; label: string }[];
  attributes: { id: number; label: string }[];
  priceLevels: { id: number; label: string }[];
  /** Products the store sells (sellable.ts), by label (the first 500). */
  products: { id: number; label: string }[];
}

export async function getStoreSettingsChoices(ctx: Ctx, _input: Record<string, never> = {}): Promise<StoreSettingsChoices> {
  requirePermission(ctx, STORE_ADMIN_VIEW);
  const { db } = ctx;
  const byLabel = (label: Parameters<typeof asc>[0]) => sql`${label} collate nocase`;
  const [tags, seasons, brands, attributes, priceLevels, products] = await db.batch([
    db.select({ id: t.productTags.id, label: t.productTags.label }).from(t.productTags).orderBy(byLabel(t.productTags.label)),
    db.select({ id: t.seasons.id, label: t.seasons.label }).from(t.seasons).orderBy(byLabel(t.seasons.label)),
    db.select({ id: t.brands.id, label: t.brands.label }).from(t.brands).orderBy(byLabel(t.brands.label)),
    db.select({ id: t.attributes.id, label: t.attributes.label }).from(t.attributes).orderBy(byLabel(t.attributes.label)),
    db
      .select({ id: t.priceLevels.id, label: t.priceLevels.label })
      .from(t.priceLevels)
      .where(and(eq(t.priceLevels.active, true), eq(t.priceLevels.type, "selling")))
      .orderBy(byLabel(t.priceLevels.label)),
    db
      .select({ id: t.products.id, label: t.products.label })
      .from(t.products)
      .where(sellableProduct())
      .orderBy(byLabel(t.products.label))
      .limit(500),
  ]);
  return { tags, seasons, brands, attributes, priceLevels, products };
}

/** Each id the settings name must be one of the company's records, else its field says which kind is unknown. */
async function assertKnownReferences(ctx: Ctx, given: z.output<typeof UpdateStoreSettingsInput>): Promise<void> {
  const { db } = ctx;
  const checks = [
    { field: "visible_tag_ids", code: "unknown_tag", ids: given.visible_tag_ids, table: t.productTags },
    { field: "visible_season_ids", code: "unknown_season", ids: given.visible_season_ids, table: t.seasons },
    { field: "visible_brand_ids", code: "unknown_brand", ids: given.visible_brand_ids, table: t.brands },
    { field: "visible_attribute_ids", code: "unknown_attribute", ids: given.visible_attribute_ids, table: t.attributes },
    { field: "featured_product_ids", code: "unknown_product", ids: given.featured_product_ids, table: t.products },
    {
      field: "recommended_price_level_id",
      code: "unknown_price_level",
      ids: given.recommended_price_level_id ? [given.recommended_price_level_id] : [],
      table: t.priceLevels,
    },
  ].filter((c) => c.ids && c.ids.length > 0);
  if (checks.length === 0) return;
  const found = (await db.batch(
    checks.map((c) => db.select({ id: c.table.id }).from(c.table).where(inArray(c.table.id, c.ids!))) as unknown as Parameters<
      typeof db.batch
    >[0],
  )) as unknown as { id: number }[][];
  const fields: FieldErrors = {};
  checks.forEach((c, i) => {
    const known = new Set(found[i]!.map((r) => r.id));
    if (c.ids!.some((id) => !known.has(id))) fields[c.field] = { code: c.code as never };
  });
  if (Object.keys(fields).length > 0) throw new DomainError("validation_failed", {}, fields);
}
