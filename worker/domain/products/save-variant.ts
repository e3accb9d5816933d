import type { BatchItem } from "drizzle-orm/batch";
import type { TenantDb } from "../../../db/client";
import { recordId } from "./common";
import { priceAccess, type Caller } from "./price-access";
import { loadProductView, type VariantView } from "./product-view";
import { planComponents } from "./set-components";
import { planPriceReplacement } from "./set-prices";
import { planVariantUpdate, runVariantChanges } from "./update-variant";

/**
 * Saves what a variant's edit page holds — its fields, its prices (the levels the caller may edit)
 * and, for a kit or an assembly, its components — in one batch: all of it or, on any error, none.
 */
export async function saveVariant(
  db: TenantDb,
  caller: Caller,
  productId: unknown,
  variantId: unknown,
  parts: { fields: unknown; prices?: unknown; components?: unknown },
): Promise<VariantView> {
  const pid = recordId(productId);
  const vid = recordId(variantId);
  const statements: BatchItem<"sqlite">[] = await planVariantUpdate(db, caller, pid, vid, parts.fields);
  if (parts.prices !== undefined)
    statements.push(...(await planPriceReplacement(db, caller, { productId: pid, variantId: vid, packId: null }, parts.prices)));
  if (parts.components !== undefined) statements.push(...(await planComponents(db, pid, vid, parts.components)));
  await runVariantChanges(db, statements);
  const view = await loadProductView(db, pid, priceAccess(caller));
  return view.variants.find((v) => v.id === vid)!;
}
