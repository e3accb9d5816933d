import { eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { conflict, recordId } from "../shared";
import type { ProductTagView } from "./product-tag-schemas";

// What the tag verbs share: the row's view, the look-up and the label conflict.
const { productTags } = tenantSchema;

export function view(row: typeof productTags.$inferSelect): ProductTagView {
  return { id: row.id, label: row.label, created_at: row.createdAt };
}

export const productTagList = defineListRegistry({
  primaryKey: productTags.id,
  fields: {
    id: { type: "id", column: productTags.id },
    label: { type: "text", column: productTags.label, sortColumn: sql`${productTags.label} collate nocase`, sortable: true },
    created: { type: "number", column: productTags.createdAt, sortable: true, filterable: false },
  },
  search: (text: string) => likePrefix(productTags.label, text),
});

export async function findProductTag(db: TenantDb, rawId: unknown): Promise<ProductTagView> {
  const row = await db.query.productTags.findFirst({ where: eq(productTags.id, recordId(rawId)) });
  if (!row) throw new DomainError("not_found");
  return view(row);
}

export const taken = () => conflict("tag_label_taken", "label");
