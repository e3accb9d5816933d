import { and, asc, eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { translate } from "../../../locales";
import { receiveInitialStock } from "../products/initial-stock";
import { purgeImportedProducts } from "../products/purge-imported-products";
import { createProducts } from "../products/create-product";
import { skuKey } from "../products/product-rules";
import { VariantInput } from "../products/product-schemas";
import { isFieldErrorCode } from "../shared/error-codes";
import type { Locale } from "../shared/locale";
import type { ImportColumn, ImportItem, Importer, RowError } from "./importer";

const t = tenantSchema;
const ATTRIBUTES = 3;

interface Choices {
  brands: Map<string, number>;
  attributes: Map<string, number>;
  options: Map<string, number>;
  levels: { id: number; label: string }[];
  locations: { id: number; label: string }[];
  currencyId: number | null;
}

const fieldCode = (message: string | undefined) => (message && isFieldErrorCode(message) ? message : "invalid");
const key = (text: string) => text.trim().toLocaleLowerCase("en");

async function loadChoices(db: TenantDb): Promise<Choices> {
  const [brands, attributes, options, levels, locations, currency] = await db.batch([
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
  ]);
  return {
    brands: new Map(brands.map((b) => [key(b.label), b.id])),
    attributes: new Map(attributes.map((a) => [key(a.label), a.id])),
    options: new Map(options.map((o) => [`${o.attributeId}:${key(o.label)}`, o.id])),
    levels,
    locations,
    currencyId: currency[0]?.id ?? null,
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
    named("product", true),
    named("sku", true),
    named("variant"),
    named("barcode"),
    named("brand"),
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

/**
 * Products from rows, one row per variant; rows with the same product name make one product (with
 * variants told apart by their attribute values). References are found by name; what the
 * product verb checks (skus taken, amounts, stock) it checks itself, for every row, before writing.
 */
export const productImporter: Importer = {
  kind: "products",
  entity: "product",
  async columns(ctx) {
    return columnsOf(await loadChoices(ctx.db), ctx.locale);
  },
  async plan(ctx, rows) {
    const choices = await loadChoices(ctx.db);
    const columns = columnsOf(choices, ctx.locale);
    const labelOf = new Map(columns.map((c) => [c.field, c.label]));
    const errors: RowError[] = [];
    const fail = (row: number, field: string | null, message: string, params?: Record<string, unknown>) =>
      errors.push({ row, column: field ? labelOf.get(field) : undefined, message, ...(params ? { params } : {}) });

    // Rows grouped by product name, in the file's order.
    const groups = new Map<string, VariantRow[]>();
    const seenSku = new Map<string, number>();
    for (const { row, cells } of rows) {
      const label = cells.get("product")?.trim() ?? "";
      const sku = cells.get("sku")?.trim() ?? "";
      if (!label) fail(row, "product", "required");
      if (!sku) fail(row, "sku", "required");
      const first = seenSku.get(skuKey(sku));
      if (sku && first !== undefined) fail(row, "sku", "import_duplicate_in_file", { row: first });
      else if (sku) seenSku.set(skuKey(sku), row);
      if (!label) continue;
      const group = groups.get(label) ?? [];
      group.push({ row, cells });
      groups.set(label, group);
    }

    const items: ImportItem[] = [];
    for (const [label, group] of groups) {
      const head = group[0]!;
      const cell = (r: VariantRow, field: string) => r.cells.get(field)?.trim() ?? "";
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

      const attributeLabels = Array.from({ length: ATTRIBUTES }, (_, i) => cell(head, `attribute_${i + 1}`)).filter(Boolean);
      const attributeIds: number[] = [];
      attributeLabels.forEach((name, i) => {
        const id = choices.attributes.get(key(name));
        if (id === undefined) fail(head.row, `attribute_${i + 1}`, "import_unknown_value", { value: name });
        else attributeIds.push(id);
        at(`attribute_ids.${i}`, head.row, `attribute_${i + 1}`);
      });
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
        at(`${base}.initial_cost`, r.row, "cost");
        at(`${base}.minimum_quantity`, r.row, "minimum_quantity");
        const prices = choices.levels.flatMap((level) => {
          const amount = cell(r, `price_${level.id}`);
          if (!amount || choices.currencyId === null) return [];
          return [{ price_level_id: level.id, currency_id: choices.currencyId, amount: numberText(amount) }];
        });
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
    return { items, errors, columns };
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
  revert(ctx, ids, stockDocumentIds) {
    return purgeImportedProducts(ctx, ids, stockDocumentIds);
  },
};
