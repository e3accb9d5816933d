import { tenantSchema } from "../../../../db/client";
import { runCreatingInsert } from "../../shared/batch-marks";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { insertedId } from "../../shared/inserted-id";
import { parseInput, SETTINGS } from "../common";
import { PaymentMethodInput, type PaymentMethodView } from "./payment-method-schemas";
import { assertLabelFree, keyOf, rethrowLabelTaken, view } from "./payment-method-shared";

const { paymentMethods } = tenantSchema;

/** Adds a payment method; its label is unique, case and accents aside (`payment_method_label_taken`). */
export async function createPaymentMethod(ctx: Ctx, raw: unknown): Promise<PaymentMethodView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const input = parseInput(PaymentMethodInput, raw);
  const key = keyOf(input.label);
  await assertLabelFree(db, key);
  const now = ctx.now();
  try {
    const insert = db
      .insert(paymentMethods)
      .values({
        label: input.label,
        labelKey: key,
        pos: input.pos ?? false,
        quickbooksId: input.quickbooks_id ?? null,
        active: input.active ?? true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // The key of an API request is marked with the method in the same batch: a retry after a lost answer gets it.
    const [row] = await runCreatingInsert(db, insert, { type: "payment_method", id: insertedId("payment_methods") });
    return view(row!);
  } catch (error) {
    rethrowLabelTaken(error);
  }
}
