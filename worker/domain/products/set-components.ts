import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { fieldError, FieldIssues, parseInput, recordId, runBatch, type VariantRef } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { missingComponentsCode, needsComponents } from "./product-rules";
import { ComponentsInput } from "./product-schemas";
import { findVariant, loadProductView, type ComponentView } from "./product-view";
import { componentValues } from "./product-writes";
import { checkReferences } from "./references";
import { componentsBySku } from "./variant-skus";

const t = tenantSchema;

/**
 * Checks a replacement of what a kit or an assembly is made of (the whole list, at least one) and
 * answers its statements. Components are existing variants that are not kits, never the variant
 * itself nor anything made of it.
 */
export async function planComponents(ctx: Ctx, pid: number, vid: number, raw: unknown): Promise<BatchItem<"sqlite">[]> {
  const { db } = ctx;
  const input = parseInput(ComponentsInput, await componentsBySku(db, raw));
  const { product } = await findVariant(db, pid, vid);
  if (!needsComponents(product.kind)) throw fieldError("components", "components_not_allowed");
  if (input.components.length === 0) throw fieldError("components", missingComponentsCode(product.kind));

  const issues = new FieldIssues();
  input.components.forEach((c, i) => {
    if (c.variant_id === vid) issues.add(`components.${i}.variant_id`, "component_is_itself");
  });
  const others = input.components.map((c, i) => ({ id: c.variant_id, field: `components.${i}.variant_id` })).filter((r) => r.id !== vid);
  await checkReferences(db, { components: others }, issues);
  issues.throwIfAny();

  // An assembly may hold assemblies: none of them may be made, at any depth, of this one.
  const ids = sql.join(
    others.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const [cycle] = await db.all<{ n: number }>(sql`
    with recursive sub(id) as (
      select id from variants where id in (${ids})
      union select c.component_variant_id from components c join sub on c.parent_variant_id = sub.id
    ) select count(*) as n from sub where id = ${vid}`);
  if (Number(cycle?.n ?? 0) > 0) throw fieldError("components", "component_cycle");

  return [
    db.delete(t.components).where(eq(t.components.parentVariantId, vid)),
    db.insert(t.components).values(componentValues(vid, input.components)),
    db.update(t.products).set({ updatedAt: ctx.now() }).where(eq(t.products.id, pid)),
  ];
}

/** Replaces what a kit or an assembly is made of (PUT: the whole list, at least one). */
export async function setComponents(ctx: Ctx, raw: VariantRef & Record<string, unknown>): Promise<{ components: ComponentView[] }> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { product_id, variant_id, ...fields } = raw;
  const [pid, vid] = [recordId(product_id), recordId(variant_id)];
  await runBatch(ctx.db, await planComponents(ctx, pid, vid, fields));
  const view = await loadProductView(ctx.db, pid, priceAccess(ctx.actor));
  return { components: view.variants.find((v) => v.id === vid)!.components };
}
