import { z } from "zod";
import { objectError, zFlag, zLabel, zOptionalText } from "../common";

/** A way the company is paid, as the API and the settings page show it (domain spec §3 'Payment method'). */
export interface PaymentMethodView {
  id: number;
  label: string;
  /** Offered at the point of sale. */
  pos: boolean;
  /** The matching payment method of the accounting package, once linked. */
  quickbooks_id: string | null;
  active: boolean;
  created_at: number;
  updated_at: number;
}

export const PaymentMethodInput = z.strictObject(
  {
    label: zLabel(100),
    pos: zFlag.optional(),
    quickbooks_id: zOptionalText(100).optional(),
    active: zFlag.optional(),
  },
  objectError,
);
export type PaymentMethodInput = z.input<typeof PaymentMethodInput>;
export const UpdatePaymentMethodInput = PaymentMethodInput.partial();
export type UpdatePaymentMethodInput = z.input<typeof UpdatePaymentMethodInput>;
