import { asc, or, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { PermissionCheck } from "../identity/permissions";
import { requirePermission, type Ctx } from "../shared/ctx";
import { likePrefix } from "../shared/list-query-sql";

const t = tenantSchema;

/** Whoever types SKUs in a product, stock or sales form may look them up. */
export const PICKS_VARIANTS = {
  anyOf: [
    "view_products",
    "view_products_inventory",
    "view_stock_entries",
    "view_stock_removals",
    "view_stock_movements",
    "edit_estimates",
    "edit_sales_orders",
  ],
} as const satisfies PermissionCheck;

export interface VariantChoice {
  id: number;
  sku: string;
  label: string;
}

/**
 * Variants whose SKU or label starts with the text (case aside), in SKU order, at most `limit`:
 * what a line editor suggests as a SKU is typed. Both prefixes are index searches.
 */
export async function variantChoices(ctx: Ctx, input: { text: string; limit?: number }): Promise<VariantChoice[]> {
  requirePermission(ctx, PICKS_VARIANTS);
  const typed = input.text.trim().slice(0, 100);
  if (!typed) return [];
  return variantChoicesQuery(ctx.db, typed, input.limit ?? 20);
}

/** The query of variantChoices (its plan is checked by a test). */
export function variantChoicesQuery(db: TenantDb, typed: string, limit: number) {
  return db
    .select({ id: t.variants.id, sku: t.variants.sku, label: t.variants.label })
    .from(t.variants)
    .where(or(likePrefix(t.variants.sku, typed), likePrefix(t.variants.label, typed)))
    .orderBy(sql`${t.variants.sku} collate nocase`, asc(t.variants.id))
    .limit(Math.max(1, Math.min(limit, 50)));
}
