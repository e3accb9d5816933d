import { getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { assertModuleFields } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, isUniqueViolation, parseInput, runBatch } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { checkInitialStock, receiveInitialStock } from "./initial-stock";
import { checkKindShape, defaultVariantLabel, duplicateSkus, skuKey, storedKind, variantFlags } from "./product-rules";
import { CreateProductInput } from "./product-schemas";
import { loadProductView, RATE_SCALE, type ProductView } from "./product-view";
import {
  allPrices,
  assertPriceEdits,
  componentValues,
  duplicateSkuError,
  newProductId,
  packStatements,
  priceValues,
  scaled,
  variantDependents,
  variantIdOfSku,
  variantValues,
} from "./product-writes";
import { checkReferences, priceRefs, type ReferenceRequest } from "./references";
import { componentsBySku } from "./variant-skus";

const t = tenantSchema;

type ParsedProduct = ReturnType<typeof parseProduct>;

function parseProduct(raw: unknown) {
  return parseInput(CreateProductInput, raw);
}

/** Field paths of one product of many: `3.variants.0.sku`; a single product keeps its own (`variants.0.sku`). */
const pathIn = (prefix: string) => (field: string) => `${prefix}${field}`;

/** The rules one product is checked by on its own, and the references it names (checked for all at once). */
function planProduct(input: ParsedProduct, issues: FieldIssues, at: (field: string) => string, request: Required<ReferenceRequest>) {
  const askedKind = input.kind ?? "single";
  const batchTracked = input.batch_tracked ?? askedKind === "batches";
  const kind = storedKind(askedKind, batchTracked);
  const attributeIds = input.attribute_ids ?? [];
  const own = new FieldIssues();
  if (askedKind === "batches" && input.batch_tracked === false) own.add("batch_tracked", "invalid");
  checkKindShape(
    { kind, batchTracked, attributeIds, variants: input.variants.map((v) => ({ optionIds: v.option_ids })), components: input.components },
    own,
  );
  const named = <T extends { field: string }>(list: T[]) => list.map((r) => ({ ...r, field: at(r.field) }));
  request.brands.push(...named(input.brand_id ? [{ id: input.brand_id, field: "brand_id" }] : []));
  request.seasons.push(...named(input.season_id ? [{ id: input.season_id, field: "season_id" }] : []));
  request.tags.push(...named((input.tag_ids ?? []).map((id, i) => ({ id, field: `tag_ids.${i}` }))));
  request.attributes.push(...named(attributeIds.map((id, i) => ({ id, field: `attribute_ids.${i}` }))));
  if (kind === "variants")
    request.options.push(
      ...named(
        input.variants.flatMap((v, i) =>
          (v.option_ids ?? []).map((id, j) => ({ id, field: `variants.${i}.option_ids.${j}`, attributeId: attributeIds[j] })),
        ),
      ),
    );
  request.taxes.push(
    ...named(input.variants.flatMap((v, i) => (v.tax_ids ?? []).map((id, j) => ({ id, field: `variants.${i}.tax_ids.${j}` })))),
  );
  request.components.push(...named((input.components ?? []).map((c, i) => ({ id: c.variant_id, field: `components.${i}.variant_id` }))));
  request.suppliers.push(
    ...named(input.variants.flatMap((v, i) => (v.supplier_id ? [{ id: v.supplier_id, field: `variants.${i}.supplier_id` }] : []))),
  );
  request.locations.push(
    ...named(
      input.variants.flatMap((v, i) =>
        checkInitialStock(
          v,
          `variants.${i}.`,
          { batchTracked, holdsStock: !variantFlags(kind, batchTracked).isKit && v.track_inventory !== false },
          own,
        ),
      ),
    ),
  );
  request.skus.push(...named(input.variants.map((v, i) => ({ sku: v.sku, field: `variants.${i}.sku` }))));
  input.variants.forEach((v, i) => {
    const lists = [
      priceRefs(v.prices, `variants.${i}.prices`),
      ...(v.packs ?? []).map((p, j) => priceRefs(p.prices, `variants.${i}.packs.${j}.prices`)),
    ];
    for (const refs of lists) {
      request.priceLevels.push(...named(refs.priceLevels));
      request.currencies.push(...named(refs.currencies));
    }
  });
  for (const [field, error] of Object.entries(own.fields)) issues.add(at(field), error.code, error.params);
  return { input, kind, batchTracked, attributeIds };
}

type PlannedProduct = ReturnType<typeof planProduct>;

/** A product's own row, its id given (a bulk write) or left to the database. */
function productRow(plan: PlannedProduct, id?: number) {
  const { input, kind, batchTracked } = plan;
  return {
    ...(id !== undefined ? { id } : {}),
    label: input.label,
    kind,
    active: input.active ?? true,
    description: input.description ?? null,
    b2bPublished: input.b2b_published ?? false,
    countryOfOrigin: input.country_of_origin ?? null,
    hsCode: input.hs_code ?? null,
    accountingFamily: input.accounting_family ?? null,
    brandId: input.brand_id ?? null,
    seasonId: input.season_id ?? null,
    batchTracked,
    kitDiscountRate: input.kit_discount_rate ? scaled(input.kit_discount_rate, RATE_SCALE) : 0,
  };
}

function variantRows(plan: PlannedProduct, refs: Awaited<ReturnType<typeof checkReferences>>, productId: number | SQL) {
  const { input, kind, batchTracked } = plan;
  const product = { id: productId, kind, batchTracked, label: input.label };
  return input.variants.map((v) => {
    const optionLabels = (v.option_ids ?? []).map((id) => refs.options.get(id)?.label ?? "");
    return variantValues({ ...v, label: v.label ?? defaultVariantLabel(input.label, optionLabels) }, product);
  });
}

function productStatements(db: Ctx["db"], plan: PlannedProduct, refs: Awaited<ReturnType<typeof checkReferences>>): BatchItem<"sqlite">[] {
  const { input, attributeIds } = plan;
  const statements: BatchItem<"sqlite">[] = [db.insert(t.products).values(productRow(plan)).returning({ id: t.products.id })];
  if (input.tag_ids?.length)
    statements.push(db.insert(t.productTagLinks).values(input.tag_ids.map((tagId) => ({ productId: newProductId, tagId }))));
  if (attributeIds.length)
    statements.push(
      db
        .insert(t.productAttributes)
        .values(attributeIds.map((attributeId, i) => ({ productId: newProductId, attributeId, position: i + 1 }))),
    );
  statements.push(db.insert(t.variants).values(variantRows(plan, refs, newProductId)));
  for (const v of input.variants) statements.push(...variantDependents(db, variantIdOfSku(v.sku), v, input.components));
  return statements;
}

/** Rows per statement of a bulk write: one JSON value each, so any size would do; this keeps each statement short. */
const BULK_ROWS = 500;

type BulkRow = Record<string, string | number | boolean | null>;

/**
 * Rows of a table inserted from one bound value: their JSON, which SQLite reads back row by row
 * (`json_each`). Binding tens of thousands of values one by one costs more than the insert itself.
 * `skuOf` names a column given as a SKU and written as that variant's id.
 */
function insertFromJson(db: Ctx["db"], table: SQLiteTable, rows: BulkRow[], skuOf?: string): BatchItem<"sqlite">[] {
  if (rows.length === 0) return [];
  const keys = Object.keys(rows[0]!);
  const columns = getTableColumns(table);
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const values = sql.join(
    keys.map((k, i) => (k === skuOf ? variantIdOfSku(sql`(value ->> ${`$[${i}]`})`) : sql`value ->> ${`$[${i}]`}`)),
    sql`, `,
  );
  const statements: BatchItem<"sqlite">[] = [];
  for (let at = 0; at < rows.length; at += BULK_ROWS) {
    const json = JSON.stringify(rows.slice(at, at + BULK_ROWS).map((r) => keys.map((k) => r[k] ?? null)));
    statements.push(db.run(sql`insert into ${table} (${names}) select ${values} from json_each(${json})`));
  }
  return statements;
}

/**
 * Many products' statements with their ids reserved beforehand (`firstId` on): each table's rows
 * in a few inserts rather than one insert per product, the same rows as one by one.
 */
function bulkStatements(
  db: Ctx["db"],
  plans: PlannedProduct[],
  refs: Awaited<ReturnType<typeof checkReferences>>,
  firstId: number,
): BatchItem<"sqlite">[] {
  const variants = plans.flatMap((plan) => plan.input.variants.map((v) => ({ v, components: plan.input.components })));
  return [
    ...insertFromJson(
      db,
      t.products,
      plans.map((plan, i) => productRow(plan, firstId + i) as BulkRow),
    ),
    ...insertFromJson(
      db,
      t.productTagLinks,
      plans.flatMap((plan, i) => (plan.input.tag_ids ?? []).map((tagId) => ({ productId: firstId + i, tagId }))),
    ),
    ...insertFromJson(
      db,
      t.productAttributes,
      plans.flatMap((plan, i) => plan.attributeIds.map((attributeId, j) => ({ productId: firstId + i, attributeId, position: j + 1 }))),
    ),
    ...insertFromJson(
      db,
      t.variants,
      plans.flatMap((plan, i) => variantRows(plan, refs, firstId + i) as BulkRow[]),
    ),
    ...insertFromJson(
      db,
      t.variantTaxes,
      variants.flatMap(({ v }) => (v.tax_ids ?? []).map((taxId) => ({ variantId: v.sku, taxId }))),
      "variantId",
    ),
    ...insertFromJson(
      db,
      t.prices,
      variants.flatMap(({ v }) =>
        v.prices?.length ? priceValues(0, null, v.prices).map((p) => ({ ...p, variantId: v.sku }) as BulkRow) : [],
      ),
      "variantId",
    ),
    ...insertFromJson(
      db,
      t.components,
      variants.flatMap(({ v, components }) =>
        components?.length ? componentValues(0, components).map((c) => ({ ...c, parentVariantId: v.sku }) as BulkRow) : [],
      ),
      "parentVariantId",
    ),
    ...variants.flatMap(({ v }) => (v.packs ?? []).flatMap((pack) => packStatements(db, variantIdOfSku(v.sku), pack))),
  ];
}

/**
 * Reserves `count` product ids: the AUTOINCREMENT sequence is moved past them, so that no other
 * insert takes one of them (SQLite never gives an id at or below its sequence).
 */
async function reserveProductIds(db: Ctx["db"], count: number): Promise<number> {
  const [, moved] = await db.batch([
    db.run(sql`insert into sqlite_sequence (name, seq)
      select 'products', coalesce((select max(id) from products), 0)
      where not exists (select 1 from sqlite_sequence where name = 'products')`),
    db.run(sql`update sqlite_sequence set seq = seq + ${count} where name = 'products' returning seq`),
  ]);
  return Number((moved.rows[0] as unknown as { seq: number }).seq) - count + 1;
}

/** What a batch of new products made: their ids (in the order given) and the stock entries of their initial stock. */
export interface CreatedProducts {
  productIds: number[];
  stockDocumentIds: number[];
}

export interface CreateProductsOptions {
  /** Check everything, write nothing (an import's validation of every row before it writes). */
  checkOnly?: boolean;
  /** Statements written in the same batch as the products (an import's own records of what it made). */
  alongside?: BatchItem<"sqlite">[];
}

/**
 * Creates products of any kind with their variants, tags, attributes, taxes, packs, components
 * and prices, all in one batch: nothing is saved unless everything is. The screens create one;
 * an import creates a chunk at a time, by the same rules, with each field named `<index>.<field>`.
 */
export async function createProducts(ctx: Ctx, raws: readonly unknown[], options: CreateProductsOptions = {}): Promise<CreatedProducts> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const single = raws.length === 1;
  const at = (i: number) => pathIn(single ? "" : `${i}.`);
  const access = priceAccess(ctx.actor);
  const issues = new FieldIssues();
  const request: Required<ReferenceRequest> = {
    brands: [],
    seasons: [],
    tags: [],
    attributes: [],
    options: [],
    taxes: [],
    priceLevels: [],
    currencies: [],
    components: [],
    suppliers: [],
    locations: [],
    skus: [],
  };
  const plans: PlannedProduct[] = [];
  for (const [i, raw] of raws.entries()) {
    let input: ParsedProduct;
    try {
      input = parseProduct(await componentsBySku(db, raw));
      assertModuleFields(ctx.actor, "product", input);
    } catch (error) {
      // One product's shape errors are named under its index, and the others are still checked.
      if (single || !(error instanceof DomainError) || !error.fields) throw error;
      for (const [field, e] of Object.entries(error.fields)) issues.add(at(i)(field), e.code, e.params);
      continue;
    }
    plans.push(planProduct(input, issues, at(i), request));
  }
  const refs = await checkReferences(db, request, issues);
  const skuField = new Map<number, string>();
  const allSkus = plans.flatMap((plan) =>
    plan.input.variants.map((v, j) => {
      skuField.set(skuField.size, request.skus[skuField.size]?.field ?? `variants.${j}.sku`);
      return v.sku;
    }),
  );
  const duplicates = [...refs.takenSkus, ...duplicateSkus(allSkus).map((k) => skuField.get(k)!)];
  // Many products at once (an import) hear of every fault in one answer: taken skus among the others.
  if (!single) for (const field of duplicates) issues.add(field, "duplicate_sku");
  issues.throwIfAny();

  for (const { input } of plans)
    for (const v of input.variants)
      assertPriceEdits(access, refs, {
        prices: allPrices(v),
        costs: v.initial_cost !== undefined,
        recommended: v.recommended_price != null,
      });
  if (duplicates.length) throw duplicateSkuError(duplicates);
  if (options.checkOnly) return { productIds: [], stockDocumentIds: [] };

  // One product: its own statements, its id read back. Many (an import): ids reserved, rows written table by table.
  const firstId = single ? 0 : await reserveProductIds(db, plans.length);
  const perProduct = single ? plans.map((plan) => productStatements(db, plan, refs)) : [bulkStatements(db, plans, refs, firstId)];
  let results: unknown[];
  try {
    // One product names itself for its request's idempotency key (an import names none).
    const created = single ? ({ type: "product", id: newProductId } as const) : undefined;
    results = await runBatch(db, [...perProduct.flat(), ...(options.alongside ?? [])], created);
  } catch (error) {
    // Another writer took one of the skus meanwhile: say which, as the check above would have.
    if (isUniqueViolation(error)) {
      const again = await checkReferences(db, { skus: request.skus }, new FieldIssues());
      if (again.takenSkus.length) throw duplicateSkuError(again.takenSkus);
    }
    throw error;
  }
  const productIds = single ? [(results[0] as { id: number }[])[0]!.id] : plans.map((_, i) => firstId + i);
  const stocked = plans.flatMap(({ input }) => input.variants.filter((v) => v.initial_stock && !v.initial_stock.isZero()));
  let stockDocumentIds: number[] = [];
  if (stocked.length) {
    const made = await db
      .select({ id: t.variants.id, sku: t.variants.sku })
      .from(t.variants)
      .where(inArray(t.variants.productId, productIds));
    const idOf = new Map(made.map((v) => [skuKey(v.sku), v.id]));
    stockDocumentIds = await receiveInitialStock(
      ctx,
      stocked.map((v) => ({ variantId: idOf.get(skuKey(v.sku))!, input: v })),
    );
  }
  return { productIds, stockDocumentIds };
}

/** Creates one product (the product screens and the API): `createProducts` for one. */
export async function createProduct(ctx: Ctx, raw: unknown): Promise<ProductView> {
  const { productIds } = await createProducts(ctx, [raw]);
  return loadProductView(ctx.db, productIds[0]!, priceAccess(ctx.actor));
}
