import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Actor } from "../identity/actor";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { conflict, FieldIssues, isUniqueViolation, parseInput, recordId, runBatch } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { checkInitialStock, receiveInitialStock } from "./initial-stock";
import { defaultVariantLabel, hasOneVariant, MAX_VARIANTS } from "./product-rules";
import { VariantInput } from "./product-schemas";
import { findProduct, loadProductView, type VariantView } from "./product-view";
import { allPrices, assertPriceEdits, duplicateSkuError, variantDependents, variantIdOfSku, variantValues } from "./product-writes";
import { checkReferences, priceRefs } from "./references";
import { checkVariantOptions, variantContext } from "./variant-checks";

const t = tenantSchema;

/** Adds a variant (with its taxes, prices and packs) to a product with variants; at most 250. */
export async function addVariant(ctx: Ctx, raw: { product_id: unknown } & Record<string, unknown>): Promise<VariantView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { product_id: productId, ...fields } = raw;
  const id = recordId(productId);
  const input = parseInput(VariantInput, fields);
  const product = await findProduct(db, id);
  if (hasOneVariant(product.kind)) throw conflict("single_variant_only");
  const context = await variantContext(db, id);
  if (context.variantsCount >= MAX_VARIANTS) throw conflict("too_many_variants", undefined, { max: MAX_VARIANTS });

  const issues = new FieldIssues();
  const options = checkVariantOptions(product.kind, context, input.option_ids ?? [], "option_ids", issues);
  const prices = [priceRefs(input.prices, "prices"), ...(input.packs ?? []).map((p, j) => priceRefs(p.prices, `packs.${j}.prices`))];
  const refs = await checkReferences(
    db,
    {
      options,
      taxes: (input.tax_ids ?? []).map((taxId, i) => ({ id: taxId, field: `tax_ids.${i}` })),
      priceLevels: prices.flatMap((p) => p.priceLevels),
      currencies: prices.flatMap((p) => p.currencies),
      skus: [{ sku: input.sku, field: "sku" }],
      suppliers: input.supplier_id ? [{ id: input.supplier_id, field: "supplier_id" }] : [],
      locations: checkInitialStock(
        input,
        "",
        { batchTracked: product.batchTracked, holdsStock: product.kind !== "kit" && input.track_inventory !== false },
        issues,
      ),
    },
    issues,
  );
  issues.throwIfAny();
  assertPriceEdits(priceAccess(ctx.actor), refs, {
    prices: allPrices(input),
    costs: input.initial_cost !== undefined,
    recommended: input.recommended_price != null,
  });
  if (refs.takenSkus.length) throw duplicateSkuError(refs.takenSkus);

  const label =
    input.label ??
    defaultVariantLabel(
      product.label,
      (input.option_ids ?? []).map((o) => refs.options.get(o)?.label ?? ""),
    );
  const variantId = variantIdOfSku(input.sku);
  try {
    await runBatch(
      db,
      [
        db
          .insert(t.variants)
          .values(variantValues({ ...input, label }, { id, kind: product.kind, batchTracked: product.batchTracked, label: product.label })),
        ...variantDependents(db, variantId, input),
        db.update(t.products).set({ updatedAt: ctx.now() }).where(eq(t.products.id, id)),
      ],
      { type: "variant", id: variantId },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSkuError(["sku"]);
    throw error;
  }
  let view = await loadProductView(db, id, priceAccess(ctx.actor));
  let made = view.variants.find((v) => v.sku === input.sku)!;
  if (input.initial_stock && !input.initial_stock.isZero()) {
    await receiveInitialStock(ctx, [{ variantId: made.id, input }]);
    view = await loadProductView(db, id, priceAccess(ctx.actor));
    made = view.variants.find((v) => v.sku === input.sku)!;
  }
  return made;
}

/** A variant as addVariant answers it (its product read, its prices as the actor may see them). */
export async function readVariant(db: TenantDb, actor: Pick<Actor, "permissions">, variantId: number): Promise<VariantView> {
  const [row] = await db.select({ productId: t.variants.productId }).from(t.variants).where(eq(t.variants.id, variantId));
  if (!row) throw new DomainError("not_found");
  const view = await loadProductView(db, row.productId, priceAccess(actor));
  return view.variants.find((v) => v.id === variantId)!;
}
