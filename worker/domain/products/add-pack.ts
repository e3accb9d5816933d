import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Actor } from "../identity/actor";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, parseInput, recordId, runBatch, type VariantRef } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { PackInput } from "./product-schemas";
import { findVariant, loadProductView, type PackView } from "./product-view";
import { assertPriceEdits, newPackId, packStatements } from "./product-writes";
import { checkReferences, priceRefs } from "./references";

/** Adds a pack (N units sold together, at its own prices) to a variant. */
export async function addPack(ctx: Ctx, raw: VariantRef & Record<string, unknown>): Promise<PackView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { product_id, variant_id, ...fields } = raw;
  const pid = recordId(product_id);
  const vid = recordId(variant_id);
  const input = parseInput(PackInput, fields);
  await findVariant(db, pid, vid);
  const issues = new FieldIssues();
  const refs = await checkReferences(db, priceRefs(input.prices, "prices"), issues);
  issues.throwIfAny();
  assertPriceEdits(priceAccess(ctx.actor), refs, { prices: input.prices ?? [], costs: false, recommended: false });
  const results = await runBatch(db, packStatements(db, vid, input), { type: "pack", id: newPackId });
  const [created] = results[0] as { id: number }[];
  return packViewOf(db, ctx.actor, pid, vid, created!.id);
}

/** A pack as the actor may see it (its prices filtered by the actor's price access). */
export async function packViewOf(
  db: TenantDb,
  actor: Pick<Actor, "permissions">,
  productId: number,
  variantId: number,
  packId: number,
): Promise<PackView> {
  const view = await loadProductView(db, productId, priceAccess(actor));
  return view.variants.find((v) => v.id === variantId)!.packs.find((p) => p.id === packId)!;
}

/** A pack as addPack answers it, found by its own id. */
export async function readPack(db: TenantDb, actor: Pick<Actor, "permissions">, packId: number): Promise<PackView> {
  const t = tenantSchema;
  const [row] = await db
    .select({ variantId: t.packs.variantId, productId: t.variants.productId })
    .from(t.packs)
    .innerJoin(t.variants, eq(t.variants.id, t.packs.variantId))
    .where(eq(t.packs.id, packId));
  if (!row) throw new DomainError("not_found");
  return packViewOf(db, actor, row.productId, row.variantId, packId);
}
