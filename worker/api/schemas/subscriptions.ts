import { z } from "zod";
import { FIRST_BILLING_RULES } from "../../domain/subscriptions/renewal";
import type { SubscriptionView } from "../../domain/subscriptions/subscription-views";
import { answer, date, timestamp } from "./common";
import { SalesDocument } from "./sales";

const failureParams = z.record(z.string(), z.unknown());

export const Subscription = answer<SubscriptionView>()(
  {
    id: "Subscription",
    description:
      "A subscription (a sales document of type subscription): its lines and totals are billed by an invoice at each cycle. Amounts at the currency's decimals",
  },
  SalesDocument.extend({
    billing_cycle: z.number().int().meta({ description: "Months between two invoices" }),
    cycle_limit: z.number().int().nullable().meta({ description: "How many invoices in all; null: until cancelled" }),
    first_billing: z.enum(FIRST_BILLING_RULES),
    specific_day: date.nullable().meta({ description: "The first invoice's day with first_billing specific_day, else null" }),
    first_billing_date: date.meta({
      description: "The first cycle's date: later cycles fall on the same day of the month (or its last day)",
    }),
    renewal_date: date.nullable().meta({ description: "When the next invoice is made; null once completed or cancelled" }),
    end_date: date.nullable().meta({ description: "The last cycle's date; null when it never ends" }),
    cycles_billed: z.number().int().meta({ description: "How many cycles were invoiced" }),
    billing_failure: z
      .object({
        error: z.object({
          code: z.string().meta({ description: "The error code, as an error answer's" }),
          params: failureParams.optional(),
          fields: z.record(z.string(), z.object({ code: z.string(), params: failureParams.optional() })).optional(),
        }),
        failed_at: timestamp,
        failures: z.number().int().meta({ description: "Failures in a row" }),
        retry_at: timestamp.nullable().meta({ description: "When the next try is made; null: at the cron's next run" }),
      })
      .nullable()
      .meta({ description: "Why the last billing failed, while no invoice has been made since; null otherwise" }),
  }),
);
