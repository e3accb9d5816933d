import { and, eq, notExists, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { EDIT_PRODUCTS, recordId } from "../shared";
import { findSeason } from "./season-shared";

const { seasons, products } = tenantSchema;

/** Deletes a season no product uses; one a product uses is `in_use`. */
export async function deleteSeason(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const id = recordId(input.id);
  // The check and the delete are one statement: a product cannot take the season in between.
  const deleted = await db
    .delete(seasons)
    .where(
      and(
        eq(seasons.id, id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(eq(products.seasonId, id)),
        ),
      ),
    )
    .returning({ id: seasons.id });
  if (deleted.length > 0) return;
  await findSeason(db, id);
  throw new DomainError("in_use");
}
