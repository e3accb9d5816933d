import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { fieldError, FieldIssues, parseInput, recordId, runBatch } from "./common";
import { priceAccess, type Caller } from "./price-access";
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
export async function planComponents(db: TenantDb, pid: number, vid: number, raw: unknown): Promise<BatchItem<"sqlite">[]> {
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
    db.update(t.products).set({ updatedAt: Date.now() }).where(eq(t.products.id, pid)),
  ];
}

/** Replaces what a kit or an assembly is made of (PUT: the whole list, at least one). */
export async function setComponents(
  db: TenantDb,
  caller: Caller,
  productId: unknown,
  variantId: unknown,
  raw: unknown,
): Promise<{ components: ComponentView[] }> {
  const [pid, vid] = [recordId(productId), recordId(variantId)];
  await runBatch(db, await planComponents(db, pid, vid, raw));
  const view = await loadProductView(db, pid, priceAccess(caller));
  return { components: view.variants.find((v) => v.id === vid)!.components };
}
