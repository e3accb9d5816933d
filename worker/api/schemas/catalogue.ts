import { z } from "zod";
import type { ProductListItem as ProductListItemView } from "../../domain/products/list-products";
import type { VariantPriceView } from "../../domain/products/get-variant-price";
import type { ComponentView, OptionView, PackView, PriceView, ProductView, VariantView } from "../../domain/products/product-view";
import type { AttributeOptionView, AttributeView } from "../../domain/products-settings/attributes/attribute-schemas";
import type { BrandView } from "../../domain/products-settings/brands/brand-schemas";
import type { ProductTagView } from "../../domain/products-settings/product-tags/product-tag-schemas";
import type { SeasonView } from "../../domain/products-settings/seasons/season-schemas";
import type { ServiceView } from "../../domain/services/service-schemas";
import { WEIGHT_UNITS } from "../../domain/shared/money";
import { PRICE_LEVEL_TYPES } from "../../domain/settings/price-levels/price-level-schemas";
import { answer, decimal, id, Reference, shape, timestamp } from "./common";

const text = z.string().nullable();
const labelled = () => z.object({ id, label: z.string(), created_at: timestamp });

const AttributeOption = answer<AttributeOptionView>()(
  { id: "AttributeOption", description: "One value of an attribute (a size, a colour)" },
  z.object({ id, label: z.string(), position: z.int() }),
);

export const Attribute = answer<AttributeView>()(
  { id: "Attribute", description: "An attribute variants differ by, with its options in order" },
  labelled().extend({ options: z.array(AttributeOption) }),
);

export const Brand = answer<BrandView>()(
  { id: "Brand", description: "A brand products belong to" },
  labelled().extend({ active: z.boolean() }),
);

export const ProductTag = answer<ProductTagView>()({ id: "ProductTag", description: "A tag on products" }, labelled());

export const Season = answer<SeasonView>()({ id: "Season", description: "A season products belong to" }, labelled());

const PRODUCT_KINDS = ["single", "variants", "batches", "kit", "assembly", "packaging"] as const;

export const ProductListItem = answer<ProductListItemView>()(
  { id: "ProductListItem", description: "A product as the list shows it" },
  z.object({
    id,
    label: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    active: z.boolean(),
    b2b_published: z.boolean(),
    brand: Reference.nullable(),
    season_id: id.nullable(),
    sku: text.meta({ description: "The first variant's sku" }),
    variants_count: z.int(),
    available: decimal.meta({ description: "Units available over its variants and locations: on hand (negative as 0) less committed" }),
    tags: z.array(Reference),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const Price = answer<PriceView>()(
  { id: "Price", description: "A price of a variant or pack in one level and currency" },
  z.object({
    id,
    price_level_id: id,
    price_level_label: z.string(),
    price_level_type: z.enum(PRICE_LEVEL_TYPES),
    currency_id: id,
    currency_iso: z.string(),
    amount: decimal,
  }),
);

export const Pack = answer<PackView>()(
  { id: "Pack", description: "A pack of several units of a variant, with its own prices" },
  z.object({ id, variant_id: id, label: z.string(), quantity: decimal, active: z.boolean(), prices: z.array(Price) }),
);

export const Component = answer<ComponentView>()(
  { id: "Component", description: "A variant a kit or an assembly is made of, and how many" },
  z.object({ id, variant_id: id, product_id: id, label: z.string(), sku: z.string(), quantity: decimal }),
);

const Option = answer<OptionView>()(
  { id: "VariantOption", description: "An attribute option a variant has" },
  z.object({ id, label: z.string(), attribute_id: id }),
);

export const Variant = answer<VariantView>()(
  { id: "Variant", description: "A variant of a product: its sku, stock, prices, packs and components" },
  z.object({
    id,
    product_id: id,
    label: z.string(),
    sku: z.string(),
    barcode: text,
    active: z.boolean(),
    track_inventory: z.boolean(),
    batch_tracked: z.boolean(),
    is_kit: z.boolean(),
    is_assembly: z.boolean(),
    is_packaging: z.boolean(),
    option_ids: z.array(id),
    options: z.array(Option),
    supplier_id: id.nullable(),
    supplier: Reference.nullable(),
    supplier_sku: text,
    supplier_description: text,
    weight_amount: decimal,
    weight_unit: z.enum(WEIGHT_UNITS),
    weight_grams: decimal,
    ecotax: decimal,
    taxable: z.boolean(),
    tax_ids: z.array(id),
    taxes: z.array(z.object({ id, label: z.string(), abbreviation: z.string() })),
    minimum_quantity: decimal,
    default_component_discount: decimal,
    recommended_price: decimal.nullable().meta({ description: "Selling information: only for those who may view it" }).optional(),
    initial_cost: decimal.meta({ description: "Purchasing information: only for those who may view it" }).optional(),
    moving_average_cost: decimal.meta({ description: "Purchasing information: only for those who may view it" }).optional(),
    b2b_published: z.boolean(),
    published_to_quickbooks: z.boolean(),
    published_to_shopify: z.boolean(),
    published_to_pennylane: z.boolean(),
    published_to_sellsy: z.boolean(),
    on_hand: decimal.meta({ description: "Units held in every location" }),
    available: decimal.meta({
      description: "Units available in every location together: on hand (negative as 0) less committed, never below 0",
    }),
    incoming: decimal.meta({ description: "Ordered from suppliers and not yet received (open purchase orders), every location together" }),
    stock_levels: z.array(
      z.object({ location_id: id, location_label: z.string(), on_hand: decimal, available: decimal, incoming: decimal }),
    ),
    prices: z.array(Price).meta({ description: "Prices of the levels the caller may view" }),
    packs: z.array(Pack),
    components: z.array(Component),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const Product = answer<ProductView>()(
  { id: "Product", description: "A product with its variants, options, packs, components, prices, taxes and tags" },
  z.object({
    id,
    label: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    active: z.boolean(),
    description: text,
    b2b_published: z.boolean(),
    country_of_origin: text,
    hs_code: text,
    accounting_family: text,
    image_key: text,
    brand_id: id.nullable(),
    brand: Reference.nullable(),
    season_id: id.nullable(),
    season: Reference.nullable(),
    tag_ids: z.array(id),
    tags: z.array(Reference),
    batch_tracked: z.boolean(),
    kit_discount_rate: decimal,
    attribute_ids: z.array(id),
    attributes: z.array(z.object({ id, label: z.string(), position: z.int() })),
    sku: text.meta({ description: "The first variant's sku: the product's own for one-variant kinds" }),
    default_variant_id: id.nullable(),
    variants_count: z.int(),
    variants: z.array(Variant),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const Prices = shape(
  { id: "Prices", description: "The prices of a variant or pack after a change" },
  z.object({ prices: z.array(Price) }),
);

export const Components = shape(
  { id: "Components", description: "What a kit or an assembly is made of after a change" },
  z.object({ components: z.array(Component) }),
);

export const ProductImage = shape(
  { id: "ProductImage", description: "The product's image as stored" },
  z.object({ image_key: z.string(), content_type: z.string(), size: z.int().meta({ description: "Bytes" }) }),
);

export const VariantPrice = answer<VariantPriceView>()(
  { id: "VariantPrice", description: "The resolved price of a variant or pack, and where it came from" },
  z.object({
    variant_id: id,
    pack_id: id.nullable(),
    price_level_id: id.nullable(),
    currency_id: id.nullable(),
    exchange_rate: decimal.nullable(),
    amount: decimal,
    source: z.enum(["price", "converted", "kit", "rule", "none"]).meta({
      description:
        "price: set on the level; converted: from the default currency; kit: from its components; rule: a price rule's; none: no price",
    }),
  }),
);

export const Service = answer<ServiceView>()(
  { id: "Service", description: "A service sold by the company" },
  z.object({
    id,
    reference: z.string(),
    label: z.string(),
    description: text,
    price: decimal,
    tax_charged: z.boolean(),
    tax_id: id.nullable(),
    tax: Reference.nullable(),
    deposit: z.boolean(),
    active: z.boolean(),
    tag_ids: z.array(id),
    tags: z.array(Reference),
    published_to_quickbooks: z.boolean(),
    published_to_shopify: z.boolean(),
    published_to_pennylane: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
