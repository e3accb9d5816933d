import type { TenantDb } from "../../../db/client";
import { FieldIssues, parseInput, recordId, runBatch } from "./common";
import { priceAccess, type Caller } from "./price-access";
import { PackInput } from "./product-schemas";
import { findVariant, loadProductView, type PackView } from "./product-view";
import { assertPriceEdits, packStatements } from "./product-writes";
import { checkReferences, priceRefs } from "./references";

/** Adds a pack (N units sold together, at its own prices) to a variant. */
export async function addPack(db: TenantDb, caller: Caller, productId: unknown, variantId: unknown, raw: unknown): Promise<PackView> {
  const pid = recordId(productId);
  const vid = recordId(variantId);
  const input = parseInput(PackInput, raw);
  await findVariant(db, pid, vid);
  const issues = new FieldIssues();
  const refs = await checkReferences(db, priceRefs(input.prices, "prices"), issues);
  issues.throwIfAny();
  assertPriceEdits(priceAccess(caller), refs, { prices: input.prices ?? [], costs: false, recommended: false });
  const results = await runBatch(db, packStatements(db, vid, input));
  const [created] = results[0] as { id: number }[];
  return packViewOf(db, caller, pid, vid, created!.id);
}

export async function packViewOf(db: TenantDb, caller: Caller, productId: number, variantId: number, packId: number): Promise<PackView> {
  const view = await loadProductView(db, productId, priceAccess(caller));
  return view.variants.find((v) => v.id === variantId)!.packs.find((p) => p.id === packId)!;
}
