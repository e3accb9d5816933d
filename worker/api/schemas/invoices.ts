import { z } from "zod";
import type { InvoiceView } from "../../domain/invoices/invoice-views";
import type { PaymentView } from "../../domain/payments/payment-views";
import { answer, date, decimal, timestamp } from "./common";
import { SalesDocument } from "./sales";

export const Invoice = answer<InvoiceView>()(
  {
    id: "Invoice",
    description:
      "An invoice (a sales document of type invoice): a draft has no number until it is finalised. Amounts at the currency's decimals",
  },
  SalesDocument.omit({ number: true }).extend({
    number: z.string().nullable().meta({ description: "Null while a draft: it takes the next number of the sequence when finalised" }),
    due_date: date.nullable(),
    is_deposit: z.boolean(),
    amount_paid: decimal,
    amount_credited: decimal.meta({ description: "What credit notes applied to it took off what remains to pay" }),
    remaining_to_pay: decimal,
    remaining_to_credit: decimal,
    finalized_at: timestamp.nullable(),
    overdue: z
      .boolean()
      .meta({ description: "Unpaid or partially paid, due before today in the company's calendar (derived, not stored)" }),
    shown_status: z.string().meta({ description: "overdue when overdue, else status" }),
    public_link: z.boolean().meta({ description: "Whether the public page answers (POST /invoices/{id}/public-link turns it on or off)" }),
    public_url: z.string().nullable().meta({
      description:
        "The public page's path (/public/invoices/{public_id}) while the link is on, else null; a draft's page answers once it is finalised",
    }),
  }),
);

export const Payment = answer<PaymentView>()(
  { id: "Payment", description: "Money received against an invoice, in the invoice's currency, with where the invoice stands now" },
  z.object({
    id: z.number().int(),
    invoice_id: z.number().int(),
    customer_id: z.number().int(),
    amount: decimal,
    currency: z.string(),
    date,
    notes: z.string().nullable(),
    payment_method: z.object({ id: z.number().int(), label: z.string() }).nullable(),
    created_at: timestamp,
    invoice: z.object({
      id: z.number().int(),
      number: z.string().nullable(),
      status: z.string(),
      amount_paid: decimal,
      remaining_to_pay: decimal,
    }),
  }),
);

export const PaymentList = answer<{ items: PaymentView[] }>()(
  { id: "PaymentList", description: "An invoice's payments, newest first (at most 250)" },
  z.object({ items: z.array(Payment) }),
);
