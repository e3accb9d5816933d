import { and, eq, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { parseListQuery, type ParseListOptions } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { conflict, isUniqueViolation, labelTaken, parseInput, recordId, strictInput, zLabel } from "./shared";

const { brands, products } = tenantSchema;

/** A brand as the API and the screens show it. */
export interface BrandView {
  id: number;
  label: string;
  active: boolean;
  created_at: number;
}

type BrandRow = typeof brands.$inferSelect;

function view(row: BrandRow): BrandView {
  return { id: row.id, label: row.label, active: row.active, created_at: row.createdAt };
}

export const CreateBrandInput = strictInput({ label: zLabel, active: z.boolean({ error: "invalid" }).default(true) });
export type CreateBrandInput = z.input<typeof CreateBrandInput>;

export const UpdateBrandInput = strictInput({ label: zLabel.optional(), active: z.boolean({ error: "invalid" }).optional() });
export type UpdateBrandInput = z.input<typeof UpdateBrandInput>;

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

/** The company's brands, through the list query engine (filters label__Contains, active; sort label, created). */
export async function listBrands(
  db: TenantDb,
  raw: URLSearchParams | Record<string, unknown>,
  options?: ParseListOptions,
): Promise<ListResult<BrandView>> {
  const query = parseListQuery(raw, brandList, options);
  const result = await runList(db, { from: brands, registry: brandList, query });
  return { ...result, items: result.items.map(view) };
}

export async function getBrand(db: TenantDb, rawId: unknown): Promise<BrandView> {
  const row = await db.query.brands.findFirst({ where: eq(brands.id, recordId(rawId)) });
  if (!row) throw new DomainError("not_found");
  return view(row);
}

const taken = () => conflict("brand_label_taken", "label");

export async function createBrand(db: TenantDb, raw: unknown): Promise<BrandView> {
  const input = parseInput(CreateBrandInput, raw);
  if (await labelTaken(db, brands, input.label)) throw taken();
  try {
    const [row] = await db.insert(brands).values({ label: input.label, active: input.active }).returning();
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Renames a brand, or turns it on or off; a label another brand has (case aside) is refused. */
export async function updateBrand(db: TenantDb, rawId: unknown, raw: unknown): Promise<BrandView> {
  const current = await getBrand(db, rawId);
  const input = parseInput(UpdateBrandInput, raw);
  if (input.label !== undefined && (await labelTaken(db, brands, input.label, current.id))) throw taken();
  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  if (Object.keys(changes).length === 0) return current;
  try {
    const [row] = await db.update(brands).set(changes).where(eq(brands.id, current.id)).returning();
    if (!row) throw new DomainError("not_found");
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export function setBrandActive(db: TenantDb, rawId: unknown, active: boolean): Promise<BrandView> {
  return updateBrand(db, rawId, { active });
}

/** Deletes a brand no product uses; one a product uses is `in_use` (disable it instead). */
export async function deleteBrand(db: TenantDb, rawId: unknown): Promise<void> {
  const id = recordId(rawId);
  // The check and the delete are one statement: a product cannot take the brand in between.
  const deleted = await db
    .delete(brands)
    .where(
      and(
        eq(brands.id, id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(eq(products.brandId, id)),
        ),
      ),
    )
    .returning({ id: brands.id });
  if (deleted.length > 0) return;
  await getBrand(db, id);
  throw new DomainError("in_use");
}
