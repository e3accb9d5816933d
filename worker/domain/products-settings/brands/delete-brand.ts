import { and, eq, notExists, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { EDIT_PRODUCTS, recordId } from "../shared";
import { findBrand } from "./brand-shared";

const { brands, products } = tenantSchema;

/** Deletes a brand no product uses; one a product uses is `in_use` (disable it instead). */
export async function deleteBrand(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const id = recordId(input.id);
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
  await findBrand(db, id);
  throw new DomainError("in_use");
}
