import { and, eq, notExists, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { recordId, SETTINGS } from "../common";

const { paymentMethods, payments } = tenantSchema;

/**
 * Deletes a payment method no payment names; one a payment names is `in_use` (the page offers to
 * deactivate it instead). The check and the delete are one statement: a payment recorded meanwhile
 * either comes first and keeps the method, or finds it gone (payment_method_id is checked in its batch).
 */
export async function deletePaymentMethod(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const id = recordId(input.id);
  const deleted = await db
    .delete(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(eq(payments.paymentMethodId, id)),
        ),
      ),
    )
    .returning({ id: paymentMethods.id });
  if (deleted.length > 0) return;
  const [exists] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.id, id));
  throw new DomainError(exists ? "in_use" : "not_found");
}
