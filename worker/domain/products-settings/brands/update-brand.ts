import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { EDIT_PRODUCTS, isUniqueViolation, labelTaken, parseInput } from "../shared";
import { UpdateBrandInput, type BrandView } from "./brand-schemas";
import { findBrand, taken, view } from "./brand-shared";

const { brands } = tenantSchema;

/** Renames a brand, or turns it on or off; a label another brand has (case aside) is refused. */
export async function updateBrand(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<BrandView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { id, ...fields } = raw;
  const current = await findBrand(db, id);
  const input = parseInput(UpdateBrandInput, fields);
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

/** Turns a brand on or off. */
export function setBrandActive(ctx: Ctx, input: { id: unknown; active: boolean }): Promise<BrandView> {
  return updateBrand(ctx, { id: input.id, active: input.active });
}
