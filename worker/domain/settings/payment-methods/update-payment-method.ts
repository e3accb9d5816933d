import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { parseInput, recordId, SETTINGS } from "../common";
import { UpdatePaymentMethodInput, type PaymentMethodView } from "./payment-method-schemas";
import { assertLabelFree, findRow, keyOf, rethrowLabelTaken, view } from "./payment-method-shared";

const { paymentMethods } = tenantSchema;

/** Changes a payment method: what the input names, the rest kept. */
export async function updatePaymentMethod(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<PaymentMethodView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const { id: rawId, ...fields } = raw;
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdatePaymentMethodInput, fields);
  const key = input.label !== undefined ? keyOf(input.label) : undefined;
  if (key !== undefined && key !== row.labelKey) await assertLabelFree(db, key, id);
  const changes = {
    ...(input.label !== undefined ? { label: input.label, labelKey: key } : {}),
    ...(input.pos !== undefined ? { pos: input.pos } : {}),
    ...(input.quickbooks_id !== undefined ? { quickbooksId: input.quickbooks_id } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  if (Object.keys(changes).length === 0) return view(row);
  let updated: typeof row | undefined;
  try {
    [updated] = await db
      .update(paymentMethods)
      .set({ ...changes, updatedAt: ctx.now() })
      .where(eq(paymentMethods.id, id))
      .returning();
  } catch (error) {
    rethrowLabelTaken(error);
  }
  // Deleted since it was read.
  if (!updated) throw new DomainError("not_found");
  return view(updated);
}
