import { z } from "zod";
import { PRODUCT_KINDS } from "../../../db/schema/tenant/catalogue";
import { Decimal } from "../shared/decimal";
import { objectError, zCountry } from "../shared/input";
import { WEIGHT_UNITS, zDecimal, zMoney, zPercent, zQuantity } from "../shared/money";
import { MAX_ATTRIBUTES, MAX_VARIANTS } from "./product-rules";
import { WEIGHT_SCALE } from "./weights";

/**
 * The inputs of the product verbs, shared with the forms. Decimals are accepted as strings or
 * numbers and come out as exact `Decimal`s; ids as integers or digit strings. Zod messages are
 * the error codes.
 */

export const zRecordId = z
  .union([z.number({ error: "invalid" }), z.string().trim().regex(/^\d+$/, "invalid").transform(Number)], { error: "invalid" })
  .pipe(z.number().int("invalid").positive("invalid").max(Number.MAX_SAFE_INTEGER, "invalid"));

const zIdList = (max: number) =>
  z
    .array(zRecordId, { error: "invalid" })
    .max(max, "too_long")
    .transform((ids) => [...new Set(ids)]);

const zLabel = (max: number) => z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long");

/** Optional text: blank becomes null. */
const zText = (max: number) =>
  z
    .string({ error: "invalid" })
    .trim()
    .max(max, "too_long")
    .nullable()
    .transform((v) => v || null);

const zFlag = z.boolean({ error: "invalid" });

// Ceilings keep every stored scaled integer exact in a JavaScript number (money and quantities: shared/bounds.ts).
const atMost = (max: string) => {
  const limit = Decimal.parse(max);
  return (v: Decimal) => v.compare(limit) <= 0;
};
const zAmount = () => zMoney({ min: 0 });
const zQuantityUpTo = () => zQuantity({ min: 0 });

/** A percentage from 0 to 100, at 4 decimals (shared/money.ts). */
export { zPercent };

/** A quantity above zero, at 7 decimals. */
export const zPositiveQuantity = zQuantityUpTo().refine((v) => !v.isZero(), "too_small");

/** A price of a variant or a pack in one price level and one currency. */
export const PriceInput = z.strictObject({ price_level_id: zRecordId, currency_id: zRecordId, amount: zAmount() }, objectError);
export type PriceInput = z.input<typeof PriceInput>;

/** A whole price list: one price per level and currency. */
export const PriceListInput = z
  .array(PriceInput, { error: "invalid" })
  .max(200, "too_long")
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      const key = `${p.price_level_id}:${p.currency_id}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: "duplicate_price", path: [i] });
      seen.add(key);
    });
  });
export type PriceListInput = z.input<typeof PriceListInput>;

/** One component of a kit or an assembly: a variant and how many per unit. */
export const ComponentInput = z.strictObject({ variant_id: zRecordId, quantity: zPositiveQuantity }, objectError);
export type ComponentInput = z.input<typeof ComponentInput>;

export const ComponentListInput = z
  .array(ComponentInput, { error: "invalid" })
  .max(100, "too_long")
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((c, i) => {
      if (seen.has(c.variant_id)) ctx.addIssue({ code: "custom", message: "duplicate_component", path: [i, "variant_id"] });
      seen.add(c.variant_id);
    });
  });
export type ComponentListInput = z.input<typeof ComponentListInput>;

const packFields = { label: zLabel(100), quantity: zPositiveQuantity, active: zFlag };

export const PackInput = z.strictObject({ ...packFields, active: zFlag.optional(), prices: PriceListInput.optional() }, objectError);
export type PackInput = z.input<typeof PackInput>;

export const UpdatePackInput = z.strictObject(partial(packFields), objectError);
export type UpdatePackInput = z.input<typeof UpdatePackInput>;

const variantFields = {
  label: zLabel(200),
  sku: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  barcode: zText(64),
  active: zFlag,
  track_inventory: zFlag,
  // One option per attribute of the product, in the attributes' order.
  option_ids: z.array(zRecordId, { error: "invalid" }).max(MAX_ATTRIBUTES, "too_many_attributes"),
  supplier_id: zRecordId.nullable(),
  supplier_sku: zText(100),
  supplier_description: zText(1000),
  weight_amount: zDecimal(WEIGHT_SCALE, { min: 0 }).refine(atMost("1000000000"), "too_large"),
  weight_unit: z.enum(WEIGHT_UNITS, { error: "invalid_weight_unit" }),
  ecotax: zAmount(),
  taxable: zFlag,
  tax_ids: zIdList(20),
  minimum_quantity: zQuantityUpTo(),
  default_component_discount: zPercent,
  recommended_price: zAmount().nullable(),
  initial_cost: zAmount(),
  b2b_published: zFlag,
  published_to_quickbooks: zFlag,
  published_to_shopify: zFlag,
  published_to_pennylane: zFlag,
  published_to_sellsy: zFlag,
};

/** A new variant: of a new product, or added to a product with variants. */
export const VariantInput = z.strictObject(
  {
    ...partial(variantFields),
    sku: variantFields.sku,
    prices: PriceListInput.optional(),
    packs: z.array(PackInput, { error: "invalid" }).max(50, "too_long").optional(),
    // Stock received when the variant is made (a stock entry at the initial cost).
    initial_stock: zQuantityUpTo().optional(),
    initial_location_id: zRecordId.optional(),
  },
  objectError,
);
export type VariantInput = z.input<typeof VariantInput>;

export const UpdateVariantInput = z.strictObject(partial(variantFields), objectError);
export type UpdateVariantInput = z.input<typeof UpdateVariantInput>;

const productFields = {
  label: zLabel(200),
  active: zFlag,
  description: zText(5000),
  b2b_published: zFlag,
  country_of_origin: zCountry,
  hs_code: zText(20),
  accounting_family: zText(100),
  brand_id: zRecordId.nullable(),
  season_id: zRecordId.nullable(),
  tag_ids: zIdList(50),
  kit_discount_rate: zPercent,
  // Once on, never off (domain spec §5).
  batch_tracked: zFlag,
  attribute_ids: z.array(zRecordId, { error: "invalid" }).max(MAX_ATTRIBUTES, "too_many_attributes"),
};

export const CreateProductInput = z.strictObject(
  {
    ...partial(productFields),
    label: productFields.label,
    kind: z.enum(PRODUCT_KINDS, { error: "invalid" }).optional(),
    // What the one variant of a kit or an assembly is made of.
    components: ComponentListInput.optional(),
    variants: z.array(VariantInput, { error: "required" }).min(1, "required").max(MAX_VARIANTS, "too_many_variants"),
  },
  objectError,
);
export type CreateProductInput = z.input<typeof CreateProductInput>;

export const UpdateProductInput = z.strictObject(partial(productFields), objectError);
export type UpdateProductInput = z.input<typeof UpdateProductInput>;

/** PUT body of a variant's or a pack's prices: the whole list. */
export const PricesInput = z.strictObject({ prices: PriceListInput }, objectError);
export type PricesInput = z.input<typeof PricesInput>;

/** PUT body of a kit's or an assembly's components: the whole list. */
export const ComponentsInput = z.strictObject({ components: ComponentListInput }, objectError);
export type ComponentsInput = z.input<typeof ComponentsInput>;

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}
