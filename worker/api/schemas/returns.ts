import { z } from "zod";
import type { CreditView } from "../../domain/returns/credit-notes";
import type { FollowView } from "../../domain/returns/follow-views";
import { answer, date, decimal } from "./common";
import { SalesDocument } from "./sales";

// One schema object per named answer (each name is registered once): the three answers are made from this.
const follows = () =>
  SalesDocument.extend({
    add_in_inventory: z.boolean().meta({ description: "Product returns: the goods go back into stock at its location once received" }),
    amount_credited: decimal.meta({ description: "Credit notes: what was applied to invoices" }),
    remaining_to_credit: decimal.meta({ description: "Credit notes: what remains to apply" }),
    discrepancy: decimal.meta({ description: "Refunds: paid back on top of the lines (negative: held back)" }),
    amount: decimal.meta({ description: "Refunds: what is paid back, total + discrepancy" }),
  });

export const ProductReturn = answer<FollowView>()(
  {
    id: "ProductReturn",
    description:
      "A product return (a sales document of type product_return): pending until its goods are received (reverted), then back in stock when add_in_inventory",
  },
  follows(),
);
export const CreditNote = answer<FollowView>()(
  {
    id: "CreditNote",
    description: "A credit note: pending, partially_credited or credited as it is applied to invoices; cancelled removes its credits",
  },
  follows(),
);
export const Refund = answer<FollowView>()(
  { id: "Refund", description: "A refund of a product return: pending until paid out (refunded); amount = total + discrepancy" },
  follows(),
);

export const Credit = answer<CreditView>()(
  { id: "Credit", description: "A credit note's amount applied to an invoice, in their currency" },
  z.object({
    id: z.number().int(),
    credit_note_id: z.number().int(),
    invoice_id: z.number().int(),
    invoice_number: z.string().nullable(),
    credit_note_number: z.string().nullable(),
    amount: decimal,
    date,
  }),
);

export const CreditList = answer<{ data: CreditView[] }>()(
  { id: "CreditList", description: "The credits a credit note applied, newest first" },
  z.object({ data: z.array(Credit) }),
);
