import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { recordId } from "../common";
import type { PaymentMethodView } from "./payment-method-schemas";
import { findRow, view } from "./payment-method-shared";

/** One payment method; anyone signed in to the back office reads them (payment forms pick them). */
export async function getPaymentMethod(ctx: Ctx, input: { id: unknown }): Promise<PaymentMethodView> {
  requireBackOffice(ctx);
  return view(await findRow(ctx.db, recordId(input.id)));
}
