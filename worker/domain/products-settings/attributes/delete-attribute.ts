import { and, eq, inArray, notExists, or, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { EDIT_PRODUCTS, recordId } from "../shared";
import { findAttribute } from "./attribute-shared";

const { attributes, attributeOptions, productAttributes, variants } = tenantSchema;

/** Deletes an attribute and its options, unless a product uses it or a variant one of its options (`in_use`). */
export async function deleteAttribute(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const id = recordId(input.id);
  const options = db.select({ id: attributeOptions.id }).from(attributeOptions).where(eq(attributeOptions.attributeId, id));
  // The checks and the delete are one statement: nothing can start using the attribute in between.
  const deleted = await db
    .delete(attributes)
    .where(
      and(
        eq(attributes.id, id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productAttributes)
            .where(eq(productAttributes.attributeId, id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(variants)
            .where(or(inArray(variants.option1Id, options), inArray(variants.option2Id, options), inArray(variants.option3Id, options))),
        ),
      ),
    )
    .returning({ id: attributes.id });
  if (deleted.length > 0) return;
  await findAttribute(db, id);
  throw new DomainError("in_use");
}
