import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { parseListQuery, type ParseListOptions } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { conflict, isUniqueViolation, labelTaken, parseInput, recordId, strictInput, zLabel } from "./shared";

const { productTags } = tenantSchema;

/** A tag of products and services as the API and the screens show it. */
export interface ProductTagView {
  id: number;
  label: string;
  created_at: number;
}

function view(row: typeof productTags.$inferSelect): ProductTagView {
  return { id: row.id, label: row.label, created_at: row.createdAt };
}

export const ProductTagInput = strictInput({ label: zLabel });
export type ProductTagInput = z.input<typeof ProductTagInput>;
export const UpdateProductTagInput = ProductTagInput.partial();
export type UpdateProductTagInput = z.input<typeof UpdateProductTagInput>;

export const productTagList = defineListRegistry({
  primaryKey: productTags.id,
  fields: {
    id: { type: "id", column: productTags.id },
    label: { type: "text", column: productTags.label, sortColumn: sql`${productTags.label} collate nocase`, sortable: true },
    created: { type: "number", column: productTags.createdAt, sortable: true, filterable: false },
  },
  search: (text: string) => likePrefix(productTags.label, text),
});

/** The company's product tags, through the list query engine (filter label__Contains; sort label, created). */
export async function listProductTags(
  db: TenantDb,
  raw: URLSearchParams | Record<string, unknown>,
  options?: ParseListOptions,
): Promise<ListResult<ProductTagView>> {
  const query = parseListQuery(raw, productTagList, options);
  const result = await runList(db, { from: productTags, registry: productTagList, query });
  return { ...result, items: result.items.map(view) };
}

export async function getProductTag(db: TenantDb, rawId: unknown): Promise<ProductTagView> {
  const row = await db.query.productTags.findFirst({ where: eq(productTags.id, recordId(rawId)) });
  if (!row) throw new DomainError("not_found");
  return view(row);
}

const taken = () => conflict("tag_label_taken", "label");

export async function createProductTag(db: TenantDb, raw: unknown): Promise<ProductTagView> {
  const input = parseInput(ProductTagInput, raw);
  if (await labelTaken(db, productTags, input.label)) throw taken();
  try {
    const [row] = await db.insert(productTags).values({ label: input.label }).returning();
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function updateProductTag(db: TenantDb, rawId: unknown, raw: unknown): Promise<ProductTagView> {
  const current = await getProductTag(db, rawId);
  const input = parseInput(UpdateProductTagInput, raw);
  if (input.label === undefined) return current;
  if (await labelTaken(db, productTags, input.label, current.id)) throw taken();
  try {
    const [row] = await db.update(productTags).set({ label: input.label }).where(eq(productTags.id, current.id)).returning();
    if (!row) throw new DomainError("not_found");
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Deletes a tag; the products and services carrying it simply lose it (their links cascade). */
export async function deleteProductTag(db: TenantDb, rawId: unknown): Promise<void> {
  const deleted = await db
    .delete(productTags)
    .where(eq(productTags.id, recordId(rawId)))
    .returning({ id: productTags.id });
  if (deleted.length === 0) throw new DomainError("not_found");
}
