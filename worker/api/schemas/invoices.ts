import { z } from "zod";
import type { InvoiceView } from "../../domain/invoices/invoice-views";
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
    remaining_to_pay: decimal,
    remaining_to_credit: decimal,
    finalized_at: timestamp.nullable(),
    overdue: z
      .boolean()
      .meta({ description: "Unpaid or partially paid, due before today in the company's calendar (derived, not stored)" }),
    shown_status: z.string().meta({ description: "overdue when overdue, else status" }),
  }),
);
