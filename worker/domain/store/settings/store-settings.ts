import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { zBoundedDecimal, zIdList, zPhone } from "../../contacts/shared";
import { zOptionalEmail } from "../../contacts/shared";
import { objectError, zFlag, zOptionalText } from "../../shared/input";
import { PRICE_SCALE } from "../../shared/money";

/** A colour as #rrggbb, lower-cased. */
const zColour = z
  .string({ error: "invalid" })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "invalid_colour")
  .transform((v) => v.toLowerCase());

/** The store's address part (`/b2b/login?company=<url>`, or `<url>.` before the stores' domain): letters, digits and dashes. */
const zStoreSlug = z
  .string({ error: "invalid" })
  .trim()
  .toLowerCase()
  .max(63, "too_long")
  .regex(/^([a-z0-9]([a-z0-9-]*[a-z0-9])?)?$/, "invalid_slug")
  .nullable()
  .transform((v) => v || null);

/**
 * A Google Analytics 4 measurement id only: a Tag Manager container (GTM-…) runs whatever script its
 * owner publishes, on this app's origin, in every buyer's session (decision 036).
 */
export function isMeasurementId(value: string | null | undefined): value is string {
  return typeof value === "string" && /^G-[A-Z0-9]{4,20}$/.test(value);
}
const zAnalyticsId = zOptionalText(40)
  .transform((v) => v?.toUpperCase() ?? null)
  .refine((v) => v === null || isMeasurementId(v), "invalid_analytics_id");

export const STORE_TAX_TYPES = ["excluded", "included"] as const;
/** At most this many featured products on the store's home. */
export const MAX_FEATURED_PRODUCTS = 12;

const MAX_SHIPPING_COST = 1_000_000;

/**
 * Every setting of the store (domain spec §3 'B2B store settings'), with its default: what a
 * company that never saved them gets. Stored whole as JSON; a setting added later takes its default.
 */
const fields = {
  // The store is open to its buyers.
  status: zFlag.default(false),
  url: zStoreSlug.default(null),
  email: zOptionalEmail.default(null),
  phone: zPhone.nullable().default(null),
  tax_type: z.enum(STORE_TAX_TYPES, { error: "invalid" }).default("excluded"),
  ga_tracking_id: zAnalyticsId.default(null),
  primary_color: zColour.default("#b91c1c"),
  secondary_color: zColour.default("#1f2937"),
  login_headline: zOptionalText(120).default(null),
  login_description: zOptionalText(500).default(null),
  about_us: zOptionalText(10_000).default(null),
  display_stock: zFlag.default(true),
  display_prices: zFlag.default(true),
  display_incoming_stock: zFlag.default(false),
  display_out_of_stock: zFlag.default(true),
  allow_negative_stock: zFlag.default(false),
  external_reference_label: zOptionalText(60).default(null),
  get_last_customer_ship_cost: zFlag.default(false),
  // In the company's currency, as a decimal text ("12.50").
  shipping_cost: zBoundedDecimal(PRICE_SCALE, { min: 0, max: MAX_SHIPPING_COST })
    .transform((v) => String(v))
    .default("0"),
  use_stock_from_all_locations: zFlag.default(false),
  prevent_from_ordering: zFlag.default(false),
  hide_invoices: zFlag.default(false),
  hide_orders: zFlag.default(false),
  automatically_confirm_order: zFlag.default(false),
  automatically_create_invoice: zFlag.default(false),
  automatically_send_email_on_confirm: zFlag.default(false),
  display_tag_filter: zFlag.default(false),
  display_season_filter: zFlag.default(false),
  display_brand_filter: zFlag.default(false),
  display_attribute_filter: zFlag.default(false),
  // Which values each filter offers; empty: all of them.
  visible_tag_ids: zIdList("unknown_tag").default([]),
  visible_season_ids: zIdList("unknown_season").default([]),
  visible_brand_ids: zIdList("unknown_brand").default([]),
  visible_attribute_ids: zIdList("unknown_attribute").default([]),
  featured_product_ids: zIdList("unknown_product", MAX_FEATURED_PRODUCTS).default([]),
  // The price level shown as the recommended (retail) price beside the buyer's own.
  recommended_price_level_id: z.number({ error: "unknown_price_level" }).int().positive().nullable().default(null),
  // Whether visitors may ask for access from the store's access form, and the text above it.
  access_form_enabled: zFlag.default(true),
  access_form_text: zOptionalText(2_000).default(null),
  // A message added to the invitation email sent to a new buyer.
  invite_message: zOptionalText(2_000).default(null),
  // The banner (1500×300) and the login page's background (800×600) in the files bucket: set by their uploads only.
  banner_key: z.string().max(300).nullable().default(null),
  login_background_key: z.string().max(300).nullable().default(null),
};

export const StoreSettings = z.strictObject(fields, objectError);
export type StoreSettings = z.output<typeof StoreSettings>;
export type StoreSettingsKey = keyof StoreSettings;

/** What a settings page or the API sends: any of the settings (the images have their own upload); the others stay as they are. */
export const UpdateStoreSettingsInput = z
  .strictObject(fields, objectError)
  .omit({ banner_key: true, login_background_key: true })
  .partial();

/** The settings as saved, over the defaults; a row that no longer reads (an older shape) gives the defaults of what fails. */
export async function readStoreSettings(db: TenantDb): Promise<StoreSettings> {
  const { storeSettings } = tenantSchema;
  const [row] = await db.select({ settings: storeSettings.settings }).from(storeSettings).limit(1);
  return storeSettingsOf(row?.settings);
}

/** The settings from a stored JSON value: each key that does not read falls back to its default. */
export function storeSettingsOf(stored: Record<string, unknown> | undefined | null): StoreSettings {
  const parsed = StoreSettings.safeParse(stored ?? {});
  if (parsed.success) return parsed.data;
  const kept = Object.fromEntries(
    Object.entries(stored ?? {}).filter(([key, value]) => key in fields && fields[key as StoreSettingsKey].safeParse(value).success),
  );
  return StoreSettings.parse(kept);
}
