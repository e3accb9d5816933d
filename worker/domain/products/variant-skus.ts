import { sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { FieldIssues } from "../shared/input";

const { variants } = tenantSchema;

/** Variant ids by SKU (case-insensitive), for inputs that name variants as people type them. */
export async function variantIdsBySku(db: TenantDb, skus: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(skus.map((s) => s.trim()).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(
      sql`${variants.sku} collate nocase in (${sql.join(
        wanted.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((r) => [r.sku.toLowerCase(), r.id]));
}

/**
 * A kit's or an assembly's components may name their variant by SKU (`{ sku, quantity }`), as a
 * form types it or an integration sends it, instead of by id. The SKUs become ids here, in one
 * query, before the input is validated; an unknown or blank SKU is a field error of its line.
 */
export async function componentsBySku(db: TenantDb, raw: unknown): Promise<unknown> {
  if (!raw || typeof raw !== "object") return raw;
  const list = (raw as { components?: unknown }).components;
  if (!Array.isArray(list)) return raw;
  const bySku = (c: unknown): c is { sku: unknown } & Record<string, unknown> => !!c && typeof c === "object" && "sku" in c;
  const named = list.filter(bySku);
  if (named.length === 0) return raw;
  const ids = await variantIdsBySku(
    db,
    named.map((c) => (typeof c.sku === "string" ? c.sku : "")),
  );
  const issues = new FieldIssues();
  const components = list.map((c, i) => {
    if (!bySku(c)) return c;
    const { sku, ...rest } = c;
    const typed = typeof sku === "string" ? sku.trim() : "";
    const id = typed ? ids.get(typed.toLowerCase()) : undefined;
    if (id === undefined) issues.add(`components.${i}.sku`, typed ? "unknown_variant" : "required");
    return { ...rest, variant_id: id ?? 0 };
  });
  issues.throwIfAny();
  return { ...raw, components };
}
