import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { FieldIssues, isUniqueViolation, parseInput, recordId, runBatch, type VariantRef } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { UpdateVariantInput } from "./product-schemas";
import { findVariant, loadProductView, RATE_SCALE, type VariantView } from "./product-view";
import { assertPriceEdits, duplicateSkuError, scaled } from "./product-writes";
import { checkReferences } from "./references";
import { checkVariantOptions, variantContext } from "./variant-checks";
import { WEIGHT_SCALE } from "./weights";

const t = tenantSchema;

/** Checks a change of a variant's own fields and answers the statements that make it (run them in one batch). */
export async function planVariantUpdate(ctx: Ctx, pid: number, vid: number, raw: unknown): Promise<BatchItem<"sqlite">[]> {
  const { db } = ctx;
  const input = parseInput(UpdateVariantInput, raw);
  const { variant, product } = await findVariant(db, pid, vid);

  const issues = new FieldIssues();
  const options =
    input.option_ids !== undefined
      ? checkVariantOptions(product.kind, await variantContext(db, pid, vid), input.option_ids, "option_ids", issues)
      : [];
  const refs = await checkReferences(
    db,
    {
      options,
      taxes: (input.tax_ids ?? []).map((id, i) => ({ id, field: `tax_ids.${i}` })),
      skus: input.sku !== undefined ? [{ sku: input.sku, field: "sku", exceptVariantId: vid }] : [],
      suppliers: input.supplier_id ? [{ id: input.supplier_id, field: "supplier_id" }] : [],
    },
    issues,
  );
  issues.throwIfAny();
  assertPriceEdits(priceAccess(ctx.actor), refs, {
    prices: [],
    costs: input.initial_cost !== undefined,
    recommended: input.recommended_price !== undefined,
  });
  if (refs.takenSkus.length) throw duplicateSkuError(refs.takenSkus);

  const initialCost = input.initial_cost ? scaled(input.initial_cost, PRICE_SCALE) : undefined;
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(t.variants)
      .set({
        label: input.label,
        sku: input.sku,
        barcode: input.barcode,
        active: input.active,
        trackInventory: input.track_inventory,
        ...(input.option_ids !== undefined
          ? { option1Id: input.option_ids[0] ?? null, option2Id: input.option_ids[1] ?? null, option3Id: input.option_ids[2] ?? null }
          : {}),
        supplierId: input.supplier_id,
        supplierSku: input.supplier_sku,
        supplierDescription: input.supplier_description,
        // Kits weigh zero (domain spec §5).
        weightAmount: variant.isKit ? 0 : input.weight_amount && scaled(input.weight_amount, WEIGHT_SCALE),
        weightUnit: input.weight_unit,
        ecotax: input.ecotax && scaled(input.ecotax, PRICE_SCALE),
        taxable: input.taxable,
        minimumQuantity: input.minimum_quantity && scaled(input.minimum_quantity, QUANTITY_SCALE),
        defaultComponentDiscount: input.default_component_discount && scaled(input.default_component_discount, RATE_SCALE),
        recommendedPrice:
          input.recommended_price === undefined ? undefined : input.recommended_price && scaled(input.recommended_price, PRICE_SCALE),
        initialCost,
        // The average starts at the initial cost and follows it until stock movements move it.
        movingAverageCost: initialCost !== undefined && variant.movingAverageCost === variant.initialCost ? initialCost : undefined,
        b2bPublished: input.b2b_published,
        publishedToQuickbooks: input.published_to_quickbooks,
        publishedToShopify: input.published_to_shopify,
        publishedToPennylane: input.published_to_pennylane,
        publishedToSellsy: input.published_to_sellsy,
        updatedAt: ctx.now(),
      })
      .where(eq(t.variants.id, vid)),
  ];
  if (input.tax_ids) {
    statements.push(db.delete(t.variantTaxes).where(eq(t.variantTaxes.variantId, vid)));
    if (input.tax_ids.length) statements.push(db.insert(t.variantTaxes).values(input.tax_ids.map((taxId) => ({ variantId: vid, taxId }))));
  }
  return statements;
}

/** Runs a variant's planned changes in one batch; a SKU taken meanwhile is named at `sku`. */
export async function runVariantChanges(db: TenantDb, statements: BatchItem<"sqlite">[]): Promise<void> {
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSkuError(["sku"]);
    throw error;
  }
}

/** Changes a variant's own fields (PATCH: what is given); taxes given replace its taxes. */
export async function updateVariant(ctx: Ctx, raw: VariantRef & Record<string, unknown>): Promise<VariantView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { product_id: productId, variant_id: variantId, ...fields } = raw;
  const pid = recordId(productId);
  const vid = recordId(variantId);
  await runVariantChanges(ctx.db, await planVariantUpdate(ctx, pid, vid, fields));
  const view = await loadProductView(ctx.db, pid, priceAccess(ctx.actor));
  return view.variants.find((v) => v.id === vid)!;
}
