import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { translate } from "../../../locales";
import { receiveInitialStock } from "../products/initial-stock";
import { purgeImportedProducts } from "../products/purge-imported-products";
import { createProducts } from "../products/create-product";
import { priceAccess } from "../products/price-access";
import { skuKey } from "../products/product-rules";
import { PriceInput, VariantInput } from "../products/product-schemas";
import { scaled } from "../products/product-writes";
import { updateProducts, type PriceChange, type ProductChanges } from "../products/update-products";
import type { Ctx } from "../shared/ctx";
import { isFieldErrorCode } from "../shared/error-codes";
import type { Locale } from "../shared/locale";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import type { ImportColumn, ImportItem, Importer, RowError } from "./importer";
import type { ExportCell } from "./spreadsheets";

const t = tenantSchema;
const ATTRIBUTES = 3;

interface Choices {
  brands: Map<string, number>;
  attributes: Map<string, number>;
  options: Map<string, number>;
  /** Suppliers by name: names are not unique, so a name may stand for several. */
  suppliers: Map<string, number[]>;
  levels: { id: number; label: string }[];
  locations: { id: number; label: string }[];
  currencyId: number | null;
  /** Labels by id, as an export writes them. */
  labels: { brands: Map<number, string>; attributes: Map<number, string>; options: Map<number, string>; suppliers: Map<number, string> };
}

const fieldCode = (message: string | undefined) => (message && isFieldErrorCode(message) ? message : "invalid");
const key = (text: string) => text.trim().toLocaleLowerCase("en");

async function loadChoices(db: TenantDb): Promise<Choices> {
  const [brands, attributes, options, levels, locations, currency, suppliers] = await db.batch([
    db.select({ id: t.brands.id, label: t.brands.label }).from(t.brands),
    db.select({ id: t.attributes.id, label: t.attributes.label }).from(t.attributes),
    db
      .select({ id: t.attributeOptions.id, attributeId: t.attributeOptions.attributeId, label: t.attributeOptions.label })
      .from(t.attributeOptions),
    db
      .select({ id: t.priceLevels.id, label: t.priceLevels.label })
      .from(t.priceLevels)
      .where(and(eq(t.priceLevels.type, "selling"), eq(t.priceLevels.active, true)))
      .orderBy(asc(t.priceLevels.id)),
    db
      .select({ id: t.locations.id, label: t.locations.label })
      .from(t.locations)
      .where(eq(t.locations.active, true))
      .orderBy(asc(t.locations.id)),
    db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.isDefault, true)).limit(1),
    db.select({ id: t.suppliers.id, name: t.suppliers.name }).from(t.suppliers).orderBy(asc(t.suppliers.id)),
  ]);
  const supplierIds = new Map<string, number[]>();
  for (const s of suppliers) supplierIds.set(key(s.name), [...(supplierIds.get(key(s.name)) ?? []), s.id]);
  return {
    brands: new Map(brands.map((b) => [key(b.label), b.id])),
    attributes: new Map(attributes.map((a) => [key(a.label), a.id])),
    options: new Map(options.map((o) => [`${o.attributeId}:${key(o.label)}`, o.id])),
    suppliers: supplierIds,
    levels,
    locations,
    currencyId: currency[0]?.id ?? null,
    labels: {
      brands: new Map(brands.map((b) => [b.id, b.label])),
      attributes: new Map(attributes.map((a) => [a.id, a.label])),
      options: new Map(options.map((o) => [o.id, o.label])),
      suppliers: new Map(suppliers.map((x) => [x.id, x.name])),
    },
  };
}

/** The columns of a product import: one row per variant; the price and stock columns follow the company's levels and locations. */
function columnsOf(choices: Pick<Choices, "levels" | "locations">, locale: Locale): ImportColumn[] {
  const named = (field: string, required = false): ImportColumn => ({
    field,
    label: translate(locale, `import.products.${field}`),
    required,
  });
  const attributes = Array.from({ length: ATTRIBUTES }, (_, i) => [
    { field: `attribute_${i + 1}`, label: translate(locale, "import.products.attribute", { n: i + 1 }), required: false },
    { field: `value_${i + 1}`, label: translate(locale, "import.products.value", { n: i + 1 }), required: false },
  ]).flat();
  return [
    // An update finds its product by the SKU: the name is needed to create one only.
    { ...named("product", true), createOnly: true },
    named("sku", true),
    named("variant"),
    named("barcode"),
    named("brand"),
    named("supplier"),
    named("description"),
    named("cost"),
    named("minimum_quantity"),
    ...attributes,
    ...choices.levels.map((l) => ({
      field: `price_${l.id}`,
      label: translate(locale, "import.products.price", { level: l.label }),
      required: false,
    })),
    ...choices.locations.map((l) => ({
      field: `stock_${l.id}`,
      label: translate(locale, "import.products.stock", { location: l.label }),
      required: false,
    })),
  ];
}

/**
 * A number as a person types it in a spreadsheet, read later by the verb's schema with the rule
 * every form and the API follow (shared/number-format.ts): "2,5", "1 234,50" and "1,234.50" are
 * read, while "1,234" (1.234 or 1234?) is refused as ambiguous rather than read as 1.234.
 */
export function numberText(text: string): string {
  return text.replace(/^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g, "");
}

interface VariantRow {
  row: number;
  cells: Map<string, string>;
}

/** An existing variant a row names by its SKU (update modes). */
interface Match {
  productId: number;
  variantId: number;
}

type Fail = (row: number, field: string | null, message: string, params?: Record<string, unknown>) => void;

const cellOf = (r: VariantRow, field: string) => r.cells.get(field)?.trim() ?? "";

/** A supplier by its name, or the row's error: names are not unique, so a name two suppliers share is refused. */
function supplierOf(choices: Choices, r: VariantRow, fail: Fail): number | undefined {
  const name = cellOf(r, "supplier");
  if (!name) return undefined;
  const ids = choices.suppliers.get(key(name)) ?? [];
  if (ids.length === 1) return ids[0];
  fail(r.row, "supplier", ids.length ? "import_ambiguous_value" : "import_unknown_value", { value: name });
  return undefined;
}

/** A product row's attributes by their names, each unknown one the row's error at its own column. */
function attributesOf(choices: Choices, head: VariantRow, fail: Fail, at: (path: string, row: number, field: string) => void) {
  const attributeLabels = Array.from({ length: ATTRIBUTES }, (_, i) => cellOf(head, `attribute_${i + 1}`)).filter(Boolean);
  const attributeIds: number[] = [];
  attributeLabels.forEach((name, i) => {
    const id = choices.attributes.get(key(name));
    if (id === undefined) fail(head.row, `attribute_${i + 1}`, "import_unknown_value", { value: name });
    else attributeIds.push(id);
    at(`attribute_ids.${i}`, head.row, `attribute_${i + 1}`);
  });
  return { attributeLabels, attributeIds };
}

/**
 * The variants of the company the file's SKUs name, but those of products this very import
 * created (a delivery run again must plan the same creates as the first run).
 */
async function variantsBySku(db: TenantDb, skus: string[], operationId: number): Promise<Map<string, Match>> {
  const found = new Map<string, Match>();
  for (let at = 0; at < skus.length; at += 500) {
    const rows = await db
      .select({ id: t.variants.id, productId: t.variants.productId, sku: t.variants.sku })
      .from(t.variants)
      .where(
        sql`${t.variants.sku} collate nocase in ${skus.slice(at, at + 500)} and ${t.variants.productId} not in
          (select entity_id from import_records where operation_id = ${operationId} and entity = 'product')`,
      );
    for (const v of rows) found.set(skuKey(v.sku), { productId: v.productId, variantId: v.id });
  }
  return found;
}

/** New products from rows: rows with the same product name make one product (its variants told apart by their attribute values). */
function createItems(choices: Choices, groups: Map<string, VariantRow[]>, fail: Fail): ImportItem[] {
  const items: ImportItem[] = [];
  for (const [label, group] of groups) {
    const head = group[0]!;
    const cell = cellOf;
    const fields = new Map<string, { row: number; field: string }>();
    const at = (path: string, row: number, field: string) => fields.set(path, { row, field });
    at("label", head.row, "product");
    // What a product says once: its first row says it, and the others say the same or nothing.
    for (const field of ["brand", "description"])
      for (const r of group.slice(1))
        if (cell(r, field) && cell(r, field) !== cell(head, field)) fail(r.row, field, "import_product_mismatch");
    const brand = cell(head, "brand");
    const brandId = brand ? choices.brands.get(key(brand)) : undefined;
    if (brand && brandId === undefined) fail(head.row, "brand", "import_unknown_value", { value: brand });
    at("brand_id", head.row, "brand");
    at("description", head.row, "description");

    const { attributeLabels, attributeIds } = attributesOf(choices, head, fail, at);
    const withVariants = attributeLabels.length > 0 || group.length > 1;
    if (group.length > 1 && attributeLabels.length === 0)
      for (const r of group.slice(1)) fail(r.row, "attribute_1", "import_variants_need_attributes");

    const extraStock: { sku: string; locationId: number; quantity: string; cost?: string }[] = [];
    const variants = group.map((r, j) => {
      for (let i = 0; i < ATTRIBUTES; i++)
        if (r !== head && cell(r, `attribute_${i + 1}`) && key(cell(r, `attribute_${i + 1}`)) !== key(cell(head, `attribute_${i + 1}`)))
          fail(r.row, `attribute_${i + 1}`, "import_product_mismatch");
      const optionIds: number[] = [];
      attributeIds.forEach((attributeId, i) => {
        const value = cell(r, `value_${i + 1}`);
        const id = choices.options.get(`${attributeId}:${key(value)}`);
        if (!value) fail(r.row, `value_${i + 1}`, "required");
        else if (id === undefined) fail(r.row, `value_${i + 1}`, "import_unknown_value", { value });
        else optionIds.push(id);
        at(`variants.${j}.option_ids.${i}`, r.row, `value_${i + 1}`);
      });
      const base = `variants.${j}`;
      at(`${base}.sku`, r.row, "sku");
      at(`${base}.label`, r.row, "variant");
      at(`${base}.barcode`, r.row, "barcode");
      at(`${base}.supplier_id`, r.row, "supplier");
      at(`${base}.initial_cost`, r.row, "cost");
      at(`${base}.minimum_quantity`, r.row, "minimum_quantity");
      const supplierId = supplierOf(choices, r, fail);
      const prices = priceCells(choices, r);
      prices.forEach((p, m) => at(`${base}.prices.${m}`, r.row, `price_${p.price_level_id}`));
      const stock = choices.locations.flatMap((location) => {
        const quantity = numberText(cell(r, `stock_${location.id}`));
        return quantity && quantity !== "0" ? [{ locationId: location.id, quantity }] : [];
      });
      const [first, ...others] = stock;
      // The first location's stock is the product verb's to check; the others are checked here by its own rule.
      for (const other of others) {
        const parsed = VariantInput.shape.initial_stock.safeParse(other.quantity);
        if (!parsed.success) fail(r.row, `stock_${other.locationId}`, fieldCode(parsed.error.issues[0]?.message));
      }
      if (first) {
        at(`${base}.initial_stock`, r.row, `stock_${first.locationId}`);
        at(`${base}.initial_location_id`, r.row, `stock_${first.locationId}`);
      }
      const cost = numberText(cell(r, "cost"));
      for (const other of others) extraStock.push({ sku: cell(r, "sku"), ...other, ...(cost ? { cost } : {}) });
      const optional = (name: string, value: string) => (value ? { [name]: value } : {});
      return {
        sku: cell(r, "sku"),
        ...optional("label", cell(r, "variant")),
        ...optional("barcode", cell(r, "barcode")),
        ...(supplierId !== undefined ? { supplier_id: supplierId } : {}),
        ...optional("initial_cost", cost),
        ...optional("minimum_quantity", numberText(cell(r, "minimum_quantity"))),
        ...(withVariants ? { option_ids: optionIds } : {}),
        ...(prices.length ? { prices } : {}),
        ...(first ? { initial_stock: first.quantity, initial_location_id: first.locationId } : {}),
      };
    });
    items.push({
      rows: group.map((r) => r.row),
      input: {
        label,
        kind: withVariants ? "variants" : "single",
        ...(brandId !== undefined ? { brand_id: brandId } : {}),
        ...(cell(head, "description") ? { description: cell(head, "description") } : {}),
        ...(withVariants ? { attribute_ids: attributeIds } : {}),
        variants,
      },
      fields,
      extra: extraStock,
      keys: variants.map((v) => v.sku),
    });
  }
  return items;
}

/** The row's prices: one per level whose cell is filled, in the default currency. */
function priceCells(choices: Choices, r: VariantRow): PriceChange[] {
  return choices.levels.flatMap((level) => {
    const amount = cellOf(r, `price_${level.id}`);
    if (!amount || choices.currencyId === null) return [];
    return [{ price_level_id: level.id, currency_id: choices.currencyId, amount: numberText(amount) }];
  });
}

/** What the file says of an existing product: filled cells only (an empty one leaves its field as it is). */
interface UpdateDraft {
  productId: number;
  product: { label?: string; brand_id?: number; description?: string; attribute_ids?: number[] };
  variants: {
    variantId: number;
    fields: {
      label?: string;
      barcode?: string;
      supplier_id?: number;
      initial_cost?: string;
      minimum_quantity?: string;
      option_ids?: number[];
    };
    prices: PriceChange[];
  }[];
}

/**
 * Updates of existing products from rows found by their SKU, grouped by product. A filled cell is
 * the field's new value; an empty one or a column not imported leaves it as it is. Stock cells are
 * left aside (counted): stock moves by a stock count, not by an edit of the product.
 */
function updateItems(choices: Choices, rows: (VariantRow & { match: Match })[], fail: Fail): { items: ImportItem[]; stockIgnored: number } {
  const groups = new Map<number, (VariantRow & { match: Match })[]>();
  for (const r of rows) groups.set(r.match.productId, [...(groups.get(r.match.productId) ?? []), r]);
  const items: ImportItem[] = [];
  let stockIgnored = 0;
  for (const [productId, group] of groups) {
    const head = group[0]!;
    const cell = cellOf;
    const fields = new Map<string, { row: number; field: string }>();
    const at = (path: string, row: number, field: string) => fields.set(path, { row, field });
    for (const field of ["product", "brand", "description"])
      for (const r of group.slice(1))
        if (cell(r, field) && cell(head, field) && cell(r, field) !== cell(head, field)) fail(r.row, field, "import_product_mismatch");
    const product: UpdateDraft["product"] = {};
    if (cell(head, "product")) product.label = cell(head, "product");
    at("label", head.row, "product");
    const brand = cell(head, "brand");
    if (brand) {
      const brandId = choices.brands.get(key(brand));
      if (brandId === undefined) fail(head.row, "brand", "import_unknown_value", { value: brand });
      else product.brand_id = brandId;
    }
    at("brand_id", head.row, "brand");
    if (cell(head, "description")) product.description = cell(head, "description");
    at("description", head.row, "description");
    const { attributeLabels, attributeIds } = attributesOf(choices, head, fail, at);
    at("attribute_ids", head.row, "attribute_1");
    if (attributeLabels.length) product.attribute_ids = attributeIds;

    const variants = group.map((r, j): UpdateDraft["variants"][number] => {
      const base = `variants.${j}`;
      const own: UpdateDraft["variants"][number]["fields"] = {};
      const text = (name: "label" | "barcode", field: string) => {
        if (cell(r, field)) own[name] = cell(r, field);
        at(`${base}.${name}`, r.row, field);
      };
      text("label", "variant");
      text("barcode", "barcode");
      const supplierId = supplierOf(choices, r, fail);
      if (supplierId !== undefined) own.supplier_id = supplierId;
      at(`${base}.supplier_id`, r.row, "supplier");
      if (cell(r, "cost")) own.initial_cost = numberText(cell(r, "cost"));
      at(`${base}.initial_cost`, r.row, "cost");
      if (cell(r, "minimum_quantity")) own.minimum_quantity = numberText(cell(r, "minimum_quantity"));
      at(`${base}.minimum_quantity`, r.row, "minimum_quantity");
      if (attributeLabels.length) {
        const optionIds: number[] = [];
        attributeIds.forEach((attributeId, i) => {
          const value = cell(r, `value_${i + 1}`);
          const id = choices.options.get(`${attributeId}:${key(value)}`);
          if (!value) fail(r.row, `value_${i + 1}`, "required");
          else if (id === undefined) fail(r.row, `value_${i + 1}`, "import_unknown_value", { value });
          else optionIds.push(id);
          at(`${base}.option_ids.${i}`, r.row, `value_${i + 1}`);
        });
        own.option_ids = optionIds;
      }
      const prices = priceCells(choices, r);
      prices.forEach((p, m) => at(`${base}.prices.${m}`, r.row, `price_${p.price_level_id}`));
      if (choices.locations.some((l) => cell(r, `stock_${l.id}`))) stockIgnored += 1;
      return { variantId: r.match.variantId, fields: own, prices };
    });
    const draft: UpdateDraft = { productId, product, variants };
    items.push({ rows: group.map((r) => r.row), input: draft, fields, extra: [], keys: group.map((r) => cell(r, "sku")), update: true });
  }
  return { items, stockIgnored };
}

/** A variant as the template's columns hold it; amounts as stored (scaled integers). */
interface SheetVariant {
  productId: number;
  productLabel: string;
  brandId: number | null;
  description: string | null;
  attributeIds: number[];
  variantId: number;
  sku: string;
  label: string;
  barcode: string | null;
  supplierId: number | null;
  initialCost: number;
  minimumQuantity: number;
  optionIds: number[];
  /** Selling level → amount, in the default currency. */
  prices: Map<number, number>;
  /** Location → units on hand. */
  stock: Map<number, number>;
}

/** The variants of some products (or some variants) as the template's columns hold them, by product then variant. */
async function sheetVariants(db: TenantDb, by: { productIds: number[] } | { variantIds: number[] }, currencyId: number | null) {
  const out: SheetVariant[] = [];
  const ids = "productIds" in by ? by.productIds : by.variantIds;
  for (let at = 0; at < ids.length; at += 500) {
    const slice = ids.slice(at, at + 500);
    const variants = await db
      .select({ variant: t.variants, product: t.products })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .where("productIds" in by ? inArray(t.variants.productId, slice) : inArray(t.variants.id, slice))
      .orderBy(asc(t.variants.productId), asc(t.variants.id));
    if (!variants.length) continue;
    const variantIds = variants.map((v) => v.variant.id);
    const productIds = [...new Set(variants.map((v) => v.product.id))];
    const [attributes, prices, levels] = await db.batch([
      db
        .select({ productId: t.productAttributes.productId, attributeId: t.productAttributes.attributeId })
        .from(t.productAttributes)
        .where(inArray(t.productAttributes.productId, productIds))
        .orderBy(asc(t.productAttributes.productId), asc(t.productAttributes.position)),
      db
        .select({ variantId: t.prices.variantId, levelId: t.prices.priceLevelId, amount: t.prices.amount })
        .from(t.prices)
        .where(and(inArray(t.prices.variantId, variantIds), isNull(t.prices.packId), eq(t.prices.currencyId, currencyId ?? -1))),
      db
        .select({ variantId: t.stockLevels.variantId, locationId: t.stockLevels.locationId, onHand: t.stockLevels.onHand })
        .from(t.stockLevels)
        .where(inArray(t.stockLevels.variantId, variantIds)),
    ]);
    const attributesOf = new Map<number, number[]>();
    for (const a of attributes) attributesOf.set(a.productId, [...(attributesOf.get(a.productId) ?? []), a.attributeId]);
    const byVariant = new Map(
      variants.map(({ variant: v, product: p }): [number, SheetVariant] => [
        v.id,
        {
          productId: p.id,
          productLabel: p.label,
          brandId: p.brandId,
          description: p.description,
          attributeIds: attributesOf.get(p.id) ?? [],
          variantId: v.id,
          sku: v.sku,
          label: v.label,
          barcode: v.barcode,
          supplierId: v.supplierId,
          initialCost: v.initialCost,
          minimumQuantity: v.minimumQuantity,
          optionIds: [v.option1Id, v.option2Id, v.option3Id].filter((id): id is number => id !== null),
          prices: new Map(),
          stock: new Map(),
        },
      ]),
    );
    for (const p of prices) byVariant.get(p.variantId)?.prices.set(p.levelId, p.amount);
    for (const l of levels) byVariant.get(l.variantId)?.stock.set(l.locationId, l.onHand);
    out.push(...byVariant.values());
  }
  return out;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.join(",") === b.join(",");

/** A decimal cell against a stored amount: equal when it reads as the same number at the stored scale. */
function sameAmount(
  text: string,
  stored: number | undefined,
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  scale: number,
) {
  const parsed = schema.safeParse(text);
  return parsed.success && stored !== undefined && scaled(parsed.data as Parameters<typeof scaled>[0], scale) === stored;
}

/**
 * What each update draft changes against the records as they are now: only the fields that
 * differ (an unchanged file changes nothing, not even the records' dates). A value that cannot be
 * read goes to the verb as typed, which names the fault.
 */
async function productChanges(ctx: Ctx, items: ImportItem[]): Promise<(ProductChanges | null)[]> {
  const drafts = items.map((i) => i.input as UpdateDraft);
  const [currency] = await ctx.db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.isDefault, true)).limit(1);
  const now = new Map(
    (await sheetVariants(ctx.db, { variantIds: drafts.flatMap((d) => d.variants.map((v) => v.variantId)) }, currency?.id ?? null)).map(
      (v) => [v.variantId, v],
    ),
  );
  return drafts.map((draft) => {
    const first = now.get(draft.variants[0]!.variantId);
    const product: Record<string, unknown> = {};
    const p = draft.product;
    if (p.label !== undefined && p.label !== first?.productLabel) product.label = p.label;
    if (p.brand_id !== undefined && p.brand_id !== first?.brandId) product.brand_id = p.brand_id;
    if (p.description !== undefined && p.description !== first?.description) product.description = p.description;
    if (p.attribute_ids !== undefined && !(first && sameIds(p.attribute_ids, first.attributeIds))) product.attribute_ids = p.attribute_ids;
    const variants = draft.variants.map((d) => {
      const v = now.get(d.variantId);
      const f = d.fields;
      const fields: Record<string, unknown> = {};
      if (f.label !== undefined && f.label !== v?.label) fields.label = f.label;
      if (f.barcode !== undefined && f.barcode !== v?.barcode) fields.barcode = f.barcode;
      if (f.supplier_id !== undefined && f.supplier_id !== v?.supplierId) fields.supplier_id = f.supplier_id;
      if (f.initial_cost !== undefined && !sameAmount(f.initial_cost, v?.initialCost, VariantInput.shape.initial_cost, PRICE_SCALE))
        fields.initial_cost = f.initial_cost;
      if (
        f.minimum_quantity !== undefined &&
        !sameAmount(f.minimum_quantity, v?.minimumQuantity, VariantInput.shape.minimum_quantity, QUANTITY_SCALE)
      )
        fields.minimum_quantity = f.minimum_quantity;
      if (f.option_ids !== undefined && !(v && sameIds(f.option_ids, v.optionIds))) fields.option_ids = f.option_ids;
      // All the row's prices when one differs, so that `prices.<m>` stays the row's m-th price cell.
      const pricesDiffer = d.prices.some(
        (price) => !sameAmount(String(price.amount), v?.prices.get(price.price_level_id), PriceInput.shape.amount, PRICE_SCALE),
      );
      return { id: d.variantId, fields, ...(pricesDiffer ? { prices: d.prices } : {}) };
    });
    return { id: draft.productId, fields: product, variants };
  });
}

/**
 * Products from rows, one row per variant. To create: rows with the same product name make one
 * product (with variants told apart by their attribute values). To update (update modes): a row
 * is found by its SKU, and its product's and variant's filled cells are the new values. References
 * are found by name; what the product verbs check (skus taken, amounts) they check themselves, for
 * every row, before anything is written.
 */
export const productImporter: Importer = {
  kind: "products",
  entity: "product",
  modes: ["create", "update", "upsert"],
  async columns(ctx) {
    return columnsOf(await loadChoices(ctx.db), ctx.locale);
  },
  async plan(ctx, rows, { mode, operationId }) {
    const choices = await loadChoices(ctx.db);
    const columns = columnsOf(choices, ctx.locale);
    const labelOf = new Map(columns.map((c) => [c.field, c.label]));
    const errors: RowError[] = [];
    const fail: Fail = (row, field, message, params) =>
      errors.push({ row, column: field ? labelOf.get(field) : undefined, message, ...(params ? { params } : {}) });

    const found =
      mode === "create"
        ? new Map<string, Match>()
        : await variantsBySku(ctx.db, rows.map((r) => r.cells.get("sku")?.trim() ?? "").filter(Boolean), operationId);
    const updates: (VariantRow & { match: Match })[] = [];
    // Rows to create, grouped by product name, in the file's order.
    const groups = new Map<string, VariantRow[]>();
    const seenSku = new Map<string, number>();
    for (const { row, cells } of rows) {
      const label = cells.get("product")?.trim() ?? "";
      const sku = cells.get("sku")?.trim() ?? "";
      const match = sku ? found.get(skuKey(sku)) : undefined;
      if (!sku) fail(row, "sku", "required");
      const first = seenSku.get(skuKey(sku));
      if (sku && first !== undefined) fail(row, "sku", "import_duplicate_in_file", { row: first });
      else if (sku) seenSku.set(skuKey(sku), row);
      if (match) {
        updates.push({ row, cells, match });
        continue;
      }
      if (mode === "update") {
        if (sku) fail(row, "sku", "import_no_match", { value: sku });
        continue;
      }
      if (!label) fail(row, "product", "required");
      if (!label) continue;
      const group = groups.get(label) ?? [];
      group.push({ row, cells });
      groups.set(label, group);
    }
    // A new SKU makes a new product: one named as a product the file updates is most likely meant as its variant, which an import does not add.
    const updated = new Set(updates.map((u) => key(cellOf(u, "product"))).filter(Boolean));
    for (const [label, group] of groups)
      if (updated.has(key(label))) for (const r of group) fail(r.row, "product", "import_variant_of_existing");

    const changes = updateItems(choices, updates, fail);
    return { items: [...createItems(choices, groups, fail), ...changes.items], errors, columns, stockIgnored: changes.stockIgnored };
  },
  async check(ctx, inputs) {
    await createProducts(ctx, inputs, { checkOnly: true });
  },
  async write(ctx, items, { operationId, marker }) {
    const keys = items.flatMap((i) => i.keys);
    const records = ctx.db.run(
      sql`insert into import_records (operation_id, entity, entity_id)
          select distinct ${operationId}, 'product', product_id from variants where sku collate nocase in ${keys}`,
    );
    const { productIds, stockDocumentIds } = await createProducts(
      ctx,
      items.map((i) => i.input),
      { alongside: [marker, records] },
    );
    // Stock in more than one location: the product verb receives the first, the others come as entries of their own.
    const extra = items.flatMap((i) => i.extra as { sku: string; locationId: number; quantity: string; cost?: string }[]);
    if (extra.length) {
      const made = await ctx.db
        .select({ id: t.variants.id, sku: t.variants.sku })
        .from(t.variants)
        .where(sql`${t.variants.sku} collate nocase in ${extra.map((e) => e.sku)}`);
      const idOf = new Map(made.map((v) => [skuKey(v.sku), v.id]));
      stockDocumentIds.push(
        ...(await receiveInitialStock(
          ctx,
          extra.map((e) => ({
            variantId: idOf.get(skuKey(e.sku))!,
            input: {
              initial_stock: VariantInput.shape.initial_stock.parse(e.quantity),
              initial_location_id: e.locationId,
              initial_cost: VariantInput.shape.initial_cost.parse(e.cost),
            },
          })),
        )),
      );
    }
    return { ids: productIds, stockDocumentIds };
  },
  async checkUpdates(ctx, items) {
    await updateProducts(ctx, await productChanges(ctx, items), { checkOnly: true });
  },
  async writeUpdates(ctx, items, { marker }) {
    return { updated: await updateProducts(ctx, await productChanges(ctx, items), { alongside: [marker] }) };
  },
  revert(ctx, ids, stockDocumentIds) {
    return purgeImportedProducts(ctx, ids, stockDocumentIds);
  },
};

const amount = (units: number | undefined, scale: number): ExportCell =>
  units === undefined ? null : Number(fromScaledInteger(units, scale).toString());

/**
 * Products in the template's columns, one row per variant, in the order given: what the products
 * export writes, so that the file imports back as it is (prices and costs only where the user may
 * see them; stock on hand per location).
 */
export async function productSheet(ctx: Ctx, productIds: number[]): Promise<{ header: string[]; rows: ExportCell[][] }> {
  const choices = await loadChoices(ctx.db);
  const columns = columnsOf(choices, ctx.locale);
  const access = priceAccess(ctx.actor);
  const variants = await sheetVariants(ctx.db, { productIds }, choices.currencyId);
  const order = new Map(productIds.map((id, i) => [id, i]));
  variants.sort((a, b) => order.get(a.productId)! - order.get(b.productId)! || a.variantId - b.variantId);
  const { labels } = choices;
  const rows = variants.map((v) => {
    const cells: Record<string, ExportCell> = {
      product: v.productLabel,
      sku: v.sku,
      variant: v.label,
      barcode: v.barcode,
      brand: v.brandId === null ? null : (labels.brands.get(v.brandId) ?? null),
      supplier: v.supplierId === null ? null : (labels.suppliers.get(v.supplierId) ?? null),
      description: v.description,
      cost: access.viewPurchasing ? amount(v.initialCost, PRICE_SCALE) : null,
      minimum_quantity: amount(v.minimumQuantity, QUANTITY_SCALE),
    };
    v.attributeIds.forEach((id, i) => {
      cells[`attribute_${i + 1}`] = labels.attributes.get(id) ?? null;
      const option = v.optionIds[i];
      cells[`value_${i + 1}`] = option === undefined ? null : (labels.options.get(option) ?? null);
    });
    if (access.viewSelling) for (const level of choices.levels) cells[`price_${level.id}`] = amount(v.prices.get(level.id), PRICE_SCALE);
    for (const location of choices.locations) cells[`stock_${location.id}`] = amount(v.stock.get(location.id), QUANTITY_SCALE);
    return columns.map((c) => cells[c.field] ?? null);
  });
  return { header: columns.map((c) => c.label), rows };
}
