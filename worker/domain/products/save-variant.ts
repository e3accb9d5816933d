import type { BatchItem } from "drizzle-orm/batch";
import { requirePermission, type Ctx } from "../shared/ctx";
import { recordId, type VariantRef } from "./common";
import { EDIT_PRODUCTS, priceAccess } from "./price-access";
import { loadProductView, type VariantView } from "./product-view";
import { planComponents } from "./set-components";
import { planPriceReplacement } from "./set-prices";
import { planVariantUpdate, runVariantChanges } from "./update-variant";

/** What a variant's edit page saves: its own fields, and its prices and components when it shows them. */
export interface SaveVariantInput extends VariantRef {
  fields: unknown;
  prices?: unknown;
  components?: unknown;
}

/**
 * Saves what a variant's edit page holds — its fields, its prices (the levels the caller may edit)
 * and, for a kit or an assembly, its components — in one batch: all of it or, on any error, none.
 */
export async function saveVariant(ctx: Ctx, input: SaveVariantInput): Promise<VariantView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const pid = recordId(input.product_id);
  const vid = recordId(input.variant_id);
  const statements: BatchItem<"sqlite">[] = await planVariantUpdate(ctx, pid, vid, input.fields);
  if (input.prices !== undefined)
    statements.push(...(await planPriceReplacement(ctx, { productId: pid, variantId: vid, packId: null }, input.prices)));
  if (input.components !== undefined) statements.push(...(await planComponents(ctx, pid, vid, input.components)));
  await runVariantChanges(ctx.db, statements);
  const view = await loadProductView(ctx.db, pid, priceAccess(ctx.actor));
  return view.variants.find((v) => v.id === vid)!;
}
