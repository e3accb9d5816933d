import { z } from "zod";
import { zOptionalId } from "../stock/common";
import { strictInput, zCalendarDate, zOptionalText } from "../shared/input";
import { zMoney } from "../shared/money";

const positiveMoney = zMoney({ min: 0 }).refine((v) => !v.isZero(), "too_small");

/** An amount of money more than zero, required: left out, it is `required`, not `invalid`. */
const zPaymentAmount = z
  .unknown()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === "") {
      ctx.addIssue({ code: "custom", message: "required" });
      return z.NEVER;
    }
    const parsed = positiveMoney.safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "invalid_number" });
      return z.NEVER;
    }
    return parsed.data;
  })
  .meta({ description: "A decimal number (text or number), more than zero, rounded to the invoice currency's decimals" });

/** What recording a payment accepts (domain spec §3 'Invoice': payments with amount, date, notes, payment method). */
export const RecordPaymentInput = strictInput({
  // More than zero; at most what remains to pay, checked in the payment's batch.
  amount: zPaymentAmount,
  // Today in the company's calendar when left out.
  date: zCalendarDate.optional(),
  notes: zOptionalText(2000).optional(),
  payment_method_id: zOptionalId("unknown_payment_method").optional(),
});

/** The most payments one invoice takes (domain spec §9: payments per invoice 250). */
export const MAX_PAYMENTS_PER_INVOICE = 250;
