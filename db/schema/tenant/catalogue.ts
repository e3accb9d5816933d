import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Money and rates are exact integers at 4 decimals (PRICE_SCALE), quantities at 7 (QUANTITY_SCALE),
// exchange rates at 8 (RATE_SCALE). Labels and codes compare case-insensitively (collate nocase indexes).
const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;
export const nocase = (column: { name: string }) => sql`${sql.identifier(column.name)} collate nocase`;

// ── Settings the catalogue needs ──────────────────────────────────────────────────────────────

/** Selling or purchasing price lists; a variant has a price per level and currency. */
export const priceLevels = sqliteTable(
  "price_levels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    type: text("type", { enum: ["selling", "purchasing"] }).notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("price_levels_label_unique").on(nocase(t.label))],
);

/** Currencies the company trades in; exactly one is the default (rate 1). */
export const currencies = sqliteTable(
  "currencies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    iso: text("iso").notNull(),
    label: text("label").notNull(),
    sign: text("sign").notNull(),
    // How amounts are written, e.g. "{sign}{amount}" or "{amount} {sign}".
    symbolTemplate: text("symbol_template").notNull().default("{amount} {sign}"),
    // Units of this currency per unit of the default currency, at 8 decimals.
    exchangeRate: integer("exchange_rate").notNull().default(100_000_000),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("currencies_iso_unique").on(t.iso),
    // The default sort of lists (label ascending, platform spec §9).
    index("currencies_label_idx").on(nocase(t.label), t.id),
    uniqueIndex("currencies_single_default")
      .on(t.isDefault)
      .where(sql`${t.isDefault} = 1`),
    check("currencies_rate_positive", sql`${t.exchangeRate} > 0`),
  ],
);

/** A simple tax has a rate (percent, 4 decimals); a group has no rate and lists its taxes. */
export const taxes = sqliteTable(
  "taxes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    abbreviation: text("abbreviation").notNull(),
    kind: text("kind", { enum: ["simple", "group"] })
      .notNull()
      .default("simple"),
    rate: integer("rate"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("taxes_label_unique").on(nocase(t.label)),
    check(
      "taxes_rate_by_kind",
      sql`(${t.kind} = 'simple' and ${t.rate} is not null and ${t.rate} >= 0) or (${t.kind} = 'group' and ${t.rate} is null)`,
    ),
  ],
);

export const taxGroupMembers = sqliteTable(
  "tax_group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => taxes.id, { onDelete: "cascade" }),
    taxId: integer("tax_id")
      .notNull()
      .references(() => taxes.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.taxId] })],
);

// ── Products settings ─────────────────────────────────────────────────────────────────────────

/** Variant attributes (size, colour…) and their options. A product uses at most three. */
export const attributes = sqliteTable(
  "attributes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("attributes_label_unique").on(nocase(t.label))],
);

export const attributeOptions = sqliteTable(
  "attribute_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("attribute_options_label_unique").on(t.attributeId, nocase(t.label))],
);

export const brands = sqliteTable(
  "brands",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("brands_label_unique").on(nocase(t.label))],
);

export const productTags = sqliteTable(
  "product_tags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("product_tags_label_unique").on(nocase(t.label))],
);

export const seasons = sqliteTable(
  "seasons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("seasons_label_unique").on(nocase(t.label))],
);

// ── Products, variants, packs, components, prices ─────────────────────────────────────────────

export const PRODUCT_KINDS = ["single", "variants", "batches", "kit", "assembly", "packaging"] as const;

/** What is sold: a product has one variant (single, batches, kit, assembly, packaging) or up to 250. */
export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    kind: text("kind", { enum: PRODUCT_KINDS }).notNull().default("single"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    description: text("description"),
    b2bPublished: integer("b2b_published", { mode: "boolean" }).notNull().default(false),
    countryOfOrigin: text("country_of_origin"),
    hsCode: text("hs_code"),
    accountingFamily: text("accounting_family"),
    // Key of the image in the files bucket (R2).
    imageKey: text("image_key"),
    brandId: integer("brand_id").references(() => brands.id),
    seasonId: integer("season_id").references(() => seasons.id),
    // Once on, never off (domain spec §5).
    batchTracked: integer("batch_tracked", { mode: "boolean" }).notNull().default(false),
    // Kits: the discount on the sum of the components' prices, percent at 4 decimals.
    kitDiscountRate: integer("kit_discount_rate").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    index("products_label_idx").on(nocase(t.label), t.id),
    // A brand's or a kind's products in label order: a filtered page walks the index, never sorts.
    index("products_brand_label_idx").on(t.brandId, nocase(t.label), t.id),
    index("products_kind_label_idx").on(t.kind, nocase(t.label), t.id),
    check("products_kit_discount_range", sql`${t.kitDiscountRate} between 0 and 1000000`),
  ],
);

export const productTagLinks = sqliteTable(
  "product_tag_links",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => productTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index("product_tag_links_tag_idx").on(t.tagId)],
);

/** The attributes a product's variants differ by, in order (position 1 to 3). */
export const productAttributes = sqliteTable(
  "product_attributes",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId] }),
    uniqueIndex("product_attributes_position").on(t.productId, t.position),
    check("product_attributes_max_three", sql`${t.position} between 1 and 3`),
  ],
);

export const WEIGHT_UNITS = ["kg", "lb", "oz"] as const;

/** What is stocked and priced: every product has at least one variant. */
export const variants = sqliteTable(
  "variants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    sku: text("sku").notNull(),
    barcode: text("barcode"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    trackInventory: integer("track_inventory", { mode: "boolean" }).notNull().default(true),
    batchTracked: integer("batch_tracked", { mode: "boolean" }).notNull().default(false),
    isKit: integer("is_kit", { mode: "boolean" }).notNull().default(false),
    isAssembly: integer("is_assembly", { mode: "boolean" }).notNull().default(false),
    isPackaging: integer("is_packaging", { mode: "boolean" }).notNull().default(false),
    option1Id: integer("option1_id").references(() => attributeOptions.id),
    option2Id: integer("option2_id").references(() => attributeOptions.id),
    option3Id: integer("option3_id").references(() => attributeOptions.id),
    // Suppliers arrive with contacts; kept as a plain id until then.
    supplierId: integer("supplier_id"),
    supplierSku: text("supplier_sku"),
    supplierDescription: text("supplier_description"),
    weightAmount: integer("weight_amount").notNull().default(0),
    weightUnit: text("weight_unit", { enum: WEIGHT_UNITS }).notNull().default("kg"),
    ecotax: integer("ecotax").notNull().default(0),
    taxable: integer("taxable", { mode: "boolean" }).notNull().default(true),
    minimumQuantity: integer("minimum_quantity").notNull().default(0),
    defaultComponentDiscount: integer("default_component_discount").notNull().default(0),
    recommendedPrice: integer("recommended_price"),
    initialCost: integer("initial_cost").notNull().default(0),
    movingAverageCost: integer("moving_average_cost").notNull().default(0),
    b2bPublished: integer("b2b_published", { mode: "boolean" }).notNull().default(false),
    publishedToQuickbooks: integer("published_to_quickbooks", { mode: "boolean" }).notNull().default(false),
    publishedToShopify: integer("published_to_shopify", { mode: "boolean" }).notNull().default(false),
    publishedToPennylane: integer("published_to_pennylane", { mode: "boolean" }).notNull().default(false),
    publishedToSellsy: integer("published_to_sellsy", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("variants_sku_unique").on(nocase(t.sku)),
    index("variants_label_idx").on(nocase(t.label), t.id),
    index("variants_product_idx").on(t.productId),
    index("variants_barcode_idx").on(t.barcode),
    check(
      "variants_non_negative",
      sql`${t.weightAmount} >= 0 and ${t.ecotax} >= 0 and ${t.minimumQuantity} >= 0 and ${t.initialCost} >= 0`,
    ),
  ],
);

export const variantTaxes = sqliteTable(
  "variant_taxes",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    taxId: integer("tax_id")
      .notNull()
      .references(() => taxes.id),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.taxId] })],
);

/** A pack sells N units of a variant at its own prices. */
export const packs = sqliteTable(
  "packs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    quantity: integer("quantity").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("packs_variant_idx").on(t.variantId), check("packs_quantity_positive", sql`${t.quantity} > 0`)],
);

/** What a kit or an assembly is made of, per unit of it. */
export const components = sqliteTable(
  "components",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    parentVariantId: integer("parent_variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    componentVariantId: integer("component_variant_id")
      .notNull()
      .references(() => variants.id),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    uniqueIndex("components_pair_unique").on(t.parentVariantId, t.componentVariantId),
    index("components_component_idx").on(t.componentVariantId),
    check("components_quantity_positive", sql`${t.quantity} > 0`),
    check("components_not_itself", sql`${t.parentVariantId} <> ${t.componentVariantId}`),
  ],
);

/** A price of a variant (or of one of its packs) in a price level and a currency. */
export const prices = sqliteTable(
  "prices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    packId: integer("pack_id").references(() => packs.id, { onDelete: "cascade" }),
    priceLevelId: integer("price_level_id")
      .notNull()
      .references(() => priceLevels.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    amount: integer("amount").notNull(),
  },
  (t) => [
    // One price per variant (or pack), level and currency; NULLs differ in SQL, hence two indexes.
    uniqueIndex("prices_variant_unique")
      .on(t.variantId, t.priceLevelId, t.currencyId)
      .where(sql`${t.packId} is null`),
    uniqueIndex("prices_pack_unique")
      .on(t.packId, t.priceLevelId, t.currencyId)
      .where(sql`${t.packId} is not null`),
    // A variant's prices, its packs' included, for the reads of a few variants (the line engine, the cart).
    index("prices_variant_idx").on(t.variantId),
    check("prices_amount_non_negative", sql`${t.amount} >= 0`),
  ],
);

// ── Services ─────────────────────────────────────────────────────────────────────────────────

export const services = sqliteTable(
  "services",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reference: text("reference").notNull(),
    label: text("label").notNull(),
    description: text("description"),
    price: integer("price").notNull().default(0),
    // Whether tax is charged on it, and which.
    taxCharged: integer("tax_charged", { mode: "boolean" }).notNull().default(true),
    taxId: integer("tax_id").references(() => taxes.id),
    deposit: integer("deposit", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    publishedToQuickbooks: integer("published_to_quickbooks", { mode: "boolean" }).notNull().default(false),
    publishedToShopify: integer("published_to_shopify", { mode: "boolean" }).notNull().default(false),
    publishedToPennylane: integer("published_to_pennylane", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("services_reference_unique").on(nocase(t.reference)),
    index("services_label_idx").on(nocase(t.label), t.id),
    check("services_price_non_negative", sql`${t.price} >= 0`),
  ],
);

export const serviceTagLinks = sqliteTable(
  "service_tag_links",
  {
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => productTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.tagId] })],
);

// ── Saved views of lists ─────────────────────────────────────────────────────────────────────

/** A user's saved filters, columns and sort for one list (`type`, e.g. "products"). */
export const savedViews = sqliteTable(
  "saved_views",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").notNull(),
    type: text("type").notNull(),
    label: text("label").notNull(),
    search: text("search", { mode: "json" })
      .$type<{ filters: Record<string, unknown>; columns: string[]; sort: { by: string; direction: "asc" | "desc" }[] }>()
      .notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("saved_views_user_type_idx").on(t.userId, t.type),
    uniqueIndex("saved_views_single_default")
      .on(t.userId, t.type)
      .where(sql`${t.isDefault} = 1`),
  ],
);
