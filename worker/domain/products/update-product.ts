import { and, eq, isNotNull, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { assertModuleFields } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { conflict, FieldIssues, parseInput, recordId, runBatch } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { checkAttributeIds, checkBatchTracking, storedKind } from "./product-rules";
import { UpdateProductInput } from "./product-schemas";
import { findProduct, loadProductView, RATE_SCALE, type ProductView } from "./product-view";
import { scaled } from "./product-writes";
import { checkReferences } from "./references";

const t = tenantSchema;

/**
 * Changes a product's own fields (PATCH: what is given). Tags given replace the product's.
 * Batch tracking turns on, never off; the attributes change only while no variant uses options.
 */
export async function updateProduct(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<ProductView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { id: productId, ...fields } = raw;
  const id = recordId(productId);
  await runBatch(ctx.db, await planProductUpdate(ctx, id, fields));
  return loadProductView(ctx.db, id, priceAccess(ctx.actor));
}

/** Checks a change of a product's own fields and answers the statements that make it (run them in one batch). */
export async function planProductUpdate(ctx: Ctx, id: number, fields: unknown): Promise<BatchItem<"sqlite">[]> {
  const { db } = ctx;
  const input = parseInput(UpdateProductInput, fields);
  const product = await findProduct(db, id);
  assertModuleFields(ctx.actor, "product", input, { batch_tracked: product.batchTracked });

  const issues = new FieldIssues();
  checkBatchTracking(product.batchTracked, input.batch_tracked, issues);
  if (input.batch_tracked && product.kind === "kit") issues.add("batch_tracked", "invalid");

  let attributeIds: number[] | undefined;
  if (input.attribute_ids !== undefined) {
    const current = await db
      .select({ id: t.productAttributes.attributeId })
      .from(t.productAttributes)
      .where(eq(t.productAttributes.productId, id))
      .orderBy(t.productAttributes.position);
    const changed = current.map((a) => a.id).join(",") !== input.attribute_ids.join(",");
    if (changed) {
      if (product.kind !== "variants") issues.add("attribute_ids", "invalid");
      else checkAttributeIds(input.attribute_ids, issues);
      attributeIds = input.attribute_ids;
    }
  }

  await checkReferences(
    db,
    {
      brands: input.brand_id ? [{ id: input.brand_id, field: "brand_id" }] : [],
      seasons: input.season_id ? [{ id: input.season_id, field: "season_id" }] : [],
      tags: (input.tag_ids ?? []).map((tagId, i) => ({ id: tagId, field: `tag_ids.${i}` })),
      attributes: (attributeIds ?? []).map((attributeId, i) => ({ id: attributeId, field: `attribute_ids.${i}` })),
    },
    issues,
  );
  issues.throwIfAny();

  if (attributeIds) {
    const [withOptions] = await db
      .select({ id: t.variants.id })
      .from(t.variants)
      .where(
        and(
          eq(t.variants.productId, id),
          or(isNotNull(t.variants.option1Id), isNotNull(t.variants.option2Id), isNotNull(t.variants.option3Id)),
        ),
      )
      .limit(1);
    if (withOptions) throw conflict("in_use", "attribute_ids");
  }

  const batchTracked = product.batchTracked || input.batch_tracked === true;
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(t.products)
      .set({
        label: input.label,
        kind: storedKind(product.kind, batchTracked),
        active: input.active,
        description: input.description,
        b2bPublished: input.b2b_published,
        countryOfOrigin: input.country_of_origin,
        hsCode: input.hs_code,
        accountingFamily: input.accounting_family,
        brandId: input.brand_id,
        seasonId: input.season_id,
        batchTracked,
        kitDiscountRate: input.kit_discount_rate ? scaled(input.kit_discount_rate, RATE_SCALE) : undefined,
        updatedAt: ctx.now(),
      })
      .where(eq(t.products.id, id)),
  ];
  if (batchTracked && !product.batchTracked)
    statements.push(db.update(t.variants).set({ batchTracked: true, updatedAt: ctx.now() }).where(eq(t.variants.productId, id)));
  if (input.tag_ids) {
    statements.push(db.delete(t.productTagLinks).where(eq(t.productTagLinks.productId, id)));
    if (input.tag_ids.length)
      statements.push(db.insert(t.productTagLinks).values(input.tag_ids.map((tagId) => ({ productId: id, tagId }))));
  }
  if (attributeIds) {
    statements.push(db.delete(t.productAttributes).where(eq(t.productAttributes.productId, id)));
    if (attributeIds.length)
      statements.push(
        db.insert(t.productAttributes).values(attributeIds.map((attributeId, i) => ({ productId: id, attributeId, position: i + 1 }))),
      );
  }
  return statements;
}
