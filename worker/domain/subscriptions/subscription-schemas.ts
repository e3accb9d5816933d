import { z } from "zod";
import { strictInput, zCalendarDate } from "../shared/input";
import { documentFields } from "../sales/sales-schemas";
import { zRefIdRequired } from "../stock/common";
import { FIRST_BILLING_RULES, MAX_BILLING_CYCLE, MAX_CYCLE_LIMIT } from "./renewal";

/** A whole number as the API sends it or a form types it ("3"); an empty text is no value. */
const wholeNumber = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : /^\s*-?\d+\s*$/.test(v) ? Number(v) : v) : v),
    z.number({ error: "invalid_number" }).int("invalid_number").min(1, "too_small").max(max, "too_large").nullable(),
  );

/** A subscription's terms (domain spec §3 'Subscription'): how often it bills, how many times, and from when. */
const terms = {
  /** Months between two invoices. */
  billing_cycle: wholeNumber(MAX_BILLING_CYCLE).optional(),
  /** How many invoices it makes in all; null: until it is cancelled. */
  cycle_limit: wholeNumber(MAX_CYCLE_LIMIT).optional(),
  first_billing: z.enum(FIRST_BILLING_RULES, { error: "invalid" }).optional(),
  /** The first invoice's date with first_billing specific_day: today or later in the company's calendar. */
  specific_day: z.preprocess((v) => (v === "" ? null : v), zCalendarDate.nullable()).optional(),
};

// A subscription bills its lines, priced as an estimate's, so its fields are the sales documents' (sales-schemas.ts).
export const CreateSubscriptionInput = strictInput({
  customer_id: zRefIdRequired("unknown_customer"),
  location_id: zRefIdRequired("unknown_location"),
  ...documentFields,
  ...terms,
});
export type CreateSubscriptionInput = z.output<typeof CreateSubscriptionInput>;

export const UpdateSubscriptionInput = strictInput({
  id: z.unknown(),
  customer_id: zRefIdRequired("unknown_customer").optional(),
  location_id: zRefIdRequired("unknown_location").optional(),
  ...documentFields,
  ...terms,
});
export type UpdateSubscriptionInput = z.output<typeof UpdateSubscriptionInput>;
