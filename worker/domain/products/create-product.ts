import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { assertModuleFields } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { FieldIssues, isUniqueViolation, parseInput, runBatch } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { checkInitialStock, receiveInitialStock } from "./initial-stock";
import { checkKindShape, defaultVariantLabel, duplicateSkus, storedKind, variantFlags } from "./product-rules";
import { CreateProductInput } from "./product-schemas";
import { loadProductView, RATE_SCALE, type ProductView } from "./product-view";
import {
  allPrices,
  assertPriceEdits,
  duplicateSkuError,
  newProductId,
  scaled,
  variantDependents,
  variantIdOfSku,
  variantValues,
} from "./product-writes";
import { checkReferences, priceRefs, type ReferenceRequest } from "./references";
import { componentsBySku } from "./variant-skus";

const t = tenantSchema;

/**
 * Creates a product of any kind with its variants, tags, attributes, taxes, packs, components
 * and prices, all in one batch: nothing is saved unless everything is.
 */
export async function createProduct(ctx: Ctx, raw: unknown): Promise<ProductView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const input = parseInput(CreateProductInput, await componentsBySku(db, raw));
  assertModuleFields(ctx.actor, "product", input);
  const access = priceAccess(ctx.actor);
  const askedKind = input.kind ?? "single";
  const batchTracked = input.batch_tracked ?? askedKind === "batches";
  const kind = storedKind(askedKind, batchTracked);
  const attributeIds = input.attribute_ids ?? [];

  const issues = new FieldIssues();
  if (askedKind === "batches" && input.batch_tracked === false) issues.add("batch_tracked", "invalid");
  checkKindShape(
    { kind, batchTracked, attributeIds, variants: input.variants.map((v) => ({ optionIds: v.option_ids })), components: input.components },
    issues,
  );

  const request: Required<ReferenceRequest> = {
    brands: input.brand_id ? [{ id: input.brand_id, field: "brand_id" }] : [],
    seasons: input.season_id ? [{ id: input.season_id, field: "season_id" }] : [],
    tags: (input.tag_ids ?? []).map((id, i) => ({ id, field: `tag_ids.${i}` })),
    attributes: attributeIds.map((id, i) => ({ id, field: `attribute_ids.${i}` })),
    options:
      kind === "variants"
        ? input.variants.flatMap((v, i) =>
            (v.option_ids ?? []).map((id, j) => ({ id, field: `variants.${i}.option_ids.${j}`, attributeId: attributeIds[j] })),
          )
        : [],
    taxes: input.variants.flatMap((v, i) => (v.tax_ids ?? []).map((id, j) => ({ id, field: `variants.${i}.tax_ids.${j}` }))),
    priceLevels: [],
    currencies: [],
    components: (input.components ?? []).map((c, i) => ({ id: c.variant_id, field: `components.${i}.variant_id` })),
    suppliers: input.variants.flatMap((v, i) => (v.supplier_id ? [{ id: v.supplier_id, field: `variants.${i}.supplier_id` }] : [])),
    locations: input.variants.flatMap((v, i) =>
      checkInitialStock(
        v,
        `variants.${i}.`,
        { batchTracked, holdsStock: !variantFlags(kind, batchTracked).isKit && v.track_inventory !== false },
        issues,
      ),
    ),
    skus: input.variants.map((v, i) => ({ sku: v.sku, field: `variants.${i}.sku` })),
  };
  input.variants.forEach((v, i) => {
    const lists = [
      priceRefs(v.prices, `variants.${i}.prices`),
      ...(v.packs ?? []).map((p, j) => priceRefs(p.prices, `variants.${i}.packs.${j}.prices`)),
    ];
    for (const refs of lists) {
      request.priceLevels.push(...refs.priceLevels);
      request.currencies.push(...refs.currencies);
    }
  });
  const refs = await checkReferences(db, request, issues);
  issues.throwIfAny();

  for (const v of input.variants)
    assertPriceEdits(access, refs, { prices: allPrices(v), costs: v.initial_cost !== undefined, recommended: v.recommended_price != null });
  const duplicates = [...refs.takenSkus, ...duplicateSkus(input.variants.map((v) => v.sku)).map((i) => `variants.${i}.sku`)];
  if (duplicates.length) throw duplicateSkuError(duplicates);

  const product = { id: newProductId, kind, batchTracked, label: input.label };
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(t.products)
      .values({
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
      })
      .returning({ id: t.products.id }),
  ];
  if (input.tag_ids?.length)
    statements.push(db.insert(t.productTagLinks).values(input.tag_ids.map((tagId) => ({ productId: newProductId, tagId }))));
  if (attributeIds.length)
    statements.push(
      db
        .insert(t.productAttributes)
        .values(attributeIds.map((attributeId, i) => ({ productId: newProductId, attributeId, position: i + 1 }))),
    );
  statements.push(
    db.insert(t.variants).values(
      input.variants.map((v) => {
        const optionLabels = (v.option_ids ?? []).map((id) => refs.options.get(id)?.label ?? "");
        return variantValues({ ...v, label: v.label ?? defaultVariantLabel(input.label, optionLabels) }, product);
      }),
    ),
  );
  for (const v of input.variants) statements.push(...variantDependents(db, variantIdOfSku(v.sku), v, input.components));

  let results: unknown[];
  try {
    results = await runBatch(db, statements);
  } catch (error) {
    // Another writer took one of the skus meanwhile: say which, as the check above would have.
    if (isUniqueViolation(error)) {
      const again = await checkReferences(db, { skus: request.skus }, new FieldIssues());
      if (again.takenSkus.length) throw duplicateSkuError(again.takenSkus);
    }
    throw error;
  }
  const [created] = results[0] as { id: number }[];
  if (input.variants.some((v) => v.initial_stock && !v.initial_stock.isZero())) {
    const made = await db.select({ id: t.variants.id, sku: t.variants.sku }).from(t.variants).where(eq(t.variants.productId, created!.id));
    const idOf = new Map(made.map((v) => [v.sku, v.id]));
    await receiveInitialStock(
      ctx,
      input.variants.map((v) => ({ variantId: idOf.get(v.sku)!, input: v })),
    );
  }
  return loadProductView(db, created!.id, access);
}
