import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { recordId, SETTINGS } from "../common";

const { paymentMethods } = tenantSchema;

/**
 * Deletes a payment method. No payment can name one yet (payments come with invoices): when they
 * do, this refuses a method a payment uses (`in_use`), in the delete's own condition, and the
 * page offers to deactivate it instead.
 */
export async function deletePaymentMethod(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, SETTINGS);
  const id = recordId(input.id);
  const deleted = await ctx.db.delete(paymentMethods).where(eq(paymentMethods.id, id)).returning({ id: paymentMethods.id });
  if (deleted.length === 0) throw new DomainError("not_found");
}
