import { eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { conflict, recordId } from "../shared";
import type { BrandView } from "./brand-schemas";

// What the brand verbs share: the row's view, the look-up and the label conflict.
const { brands } = tenantSchema;

export function view(row: typeof brands.$inferSelect): BrandView {
  return { id: row.id, label: row.label, active: row.active, created_at: row.createdAt };
}

export const brandList = defineListRegistry({
  primaryKey: brands.id,
  fields: {
    id: { type: "id", column: brands.id },
    label: { type: "text", column: brands.label, sortColumn: sql`${brands.label} collate nocase`, sortable: true },
    active: { type: "boolean", column: brands.active },
    created: { type: "number", column: brands.createdAt, sortable: true, filterable: false },
  },
  search: (text: string) => likePrefix(brands.label, text),
});

export async function findBrand(db: TenantDb, rawId: unknown): Promise<BrandView> {
  const row = await db.query.brands.findFirst({ where: eq(brands.id, recordId(rawId)) });
  if (!row) throw new DomainError("not_found");
  return view(row);
}

export const taken = () => conflict("brand_label_taken", "label");
