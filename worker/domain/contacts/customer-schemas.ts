import { z } from "zod";
import { MAX_MONEY, MAX_PERCENT, MAX_QUANTITY } from "../shared/bounds";
import { LOCALES, type Locale } from "../shared/locale";
import { PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { PAYMENT_TERMS_TYPES, type PaymentTerms } from "./payment-terms";
import { optionalShape, strictInput, zBoundedDecimal, zCountry, zDays, zFlag, zIdList, zName, zPhone, zRef, zText } from "./shared";

const MAX_ADDRESSES = 50;
const MAX_EMAILS = 20;

export const ADDRESS_TYPES = ["billing", "shipping", "both"] as const;
export const CUSTOMER_STATUSES = ["former_customer", "prospect"] as const;
export const TAX_TYPES = ["tax_exclusive", "tax_inclusive"] as const;
export const B2B_ACCESS = ["none", "requested", "granted", "denied", "disabled"] as const;

export interface CustomerAddressView {
  id: number;
  label: string | null;
  phone: string | null;
  type: (typeof ADDRESS_TYPES)[number];
  default_billing: boolean;
  default_shipping: boolean;
  address1: string | null;
  address2: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  dependent_locality: string | null;
  country: string | null;
  is_european: boolean;
}

/** A customer as the API and the screens show it (domain spec §3 "Customer"). Decimals are strings. */
export interface CustomerView {
  id: number;
  number: number;
  label: string;
  emails: string[];
  phone: string | null;
  active: boolean;
  tax_number: string | null;
  discount_rate: string;
  location_name: string | null;
  location_phone: string | null;
  status: (typeof CUSTOMER_STATUSES)[number] | null;
  payment_terms: PaymentTerms;
  notes: string | null;
  credit_limit: string | null;
  current_balance: string;
  minimum_order_amount: string | null;
  minimum_order_quantity: string | null;
  private_message: string | null;
  tax_type: (typeof TAX_TYPES)[number] | null;
  price_level_id: number | null;
  price_level: { id: number; label: string } | null;
  currency_id: number | null;
  currency: { id: number; iso: string; label: string } | null;
  account_manager_id: string | null;
  b2b_access: (typeof B2B_ACCESS)[number];
  b2b_user_last_access: number | null;
  /** The language of this customer's documents (PDF, email); null: the company's. */
  language: Locale | null;
  tag_ids: number[];
  tags: { id: number; label: string }[];
  addresses: CustomerAddressView[];
  created_at: number;
  updated_at: number;
}

// ── Input ────────────────────────────────────────────────────────────────────────────────────

const AddressInput = strictInput({
  id: zRef("unknown_address").optional(),
  label: zText(100).optional(),
  phone: zPhone.optional(),
  type: z.enum(ADDRESS_TYPES, { error: "invalid" }).default("both"),
  default_billing: zFlag.default(false),
  default_shipping: zFlag.default(false),
  address1: zText(200).optional(),
  address2: zText(200).optional(),
  city: zText(100).optional(),
  postal_code: zText(20).optional(),
  province: zText(100).optional(),
  dependent_locality: zText(100).optional(),
  country: zCountry.optional(),
  // Computed from the country: accepted so that a record read back can be sent again, then ignored.
  is_european: z.unknown().optional(),
});
export type CustomerAddressInput = z.input<typeof AddressInput>;

const canBill = (type: string) => type !== "shipping";
const canShip = (type: string) => type !== "billing";

/**
 * A customer's whole address list: one default billing among billing/both addresses, one default
 * shipping among shipping/both; when none is marked, the first suitable address becomes it.
 */
const AddressList = z
  .array(AddressInput, { error: "invalid" })
  .max(MAX_ADDRESSES, "too_long")
  .superRefine((list, ctx) => {
    const seenIds = new Set<number>();
    let billing = 0;
    let shipping = 0;
    list.forEach((a, i) => {
      if (a.id !== undefined) {
        if (seenIds.has(a.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: "invalid" });
        seenIds.add(a.id);
      }
      if (a.default_billing && !canBill(a.type))
        ctx.addIssue({ code: "custom", path: [i, "default_billing"], message: "address_not_billing" });
      else if (a.default_billing && ++billing > 1)
        ctx.addIssue({ code: "custom", path: [i, "default_billing"], message: "duplicate_default_address" });
      if (a.default_shipping && !canShip(a.type))
        ctx.addIssue({ code: "custom", path: [i, "default_shipping"], message: "address_not_shipping" });
      else if (a.default_shipping && ++shipping > 1)
        ctx.addIssue({ code: "custom", path: [i, "default_shipping"], message: "duplicate_default_address" });
    });
  })
  .transform((list) => {
    const out = list.map((a) => ({ ...a }));
    if (!out.some((a) => a.default_billing)) {
      const first = out.find((a) => canBill(a.type));
      if (first) first.default_billing = true;
    }
    if (!out.some((a) => a.default_shipping)) {
      const first = out.find((a) => canShip(a.type));
      if (first) first.default_shipping = true;
    }
    return out;
  });

const email = z.string({ error: "invalid_email" }).trim().max(320, "too_long").pipe(z.email("invalid_email"));

const fields = {
  number: z.number({ error: "invalid_number" }).int("invalid_number").min(1, "too_small").max(999_999_999_999, "too_large"),
  label: zName(200),
  emails: z
    .array(email, { error: "invalid" })
    .max(MAX_EMAILS, "too_long")
    .transform((list) => [...new Set(list)]),
  phone: zPhone,
  active: zFlag,
  tax_number: zText(50),
  discount_rate: zBoundedDecimal(PRICE_SCALE, { min: 0, max: MAX_PERCENT }),
  location_name: zText(200),
  location_phone: zPhone,
  status: z.enum(CUSTOMER_STATUSES, { error: "invalid" }).nullable(),
  payment_terms: strictInput({ type: z.enum(PAYMENT_TERMS_TYPES, { error: "invalid" }), days: zDays.default(0) }),
  notes: zText(5000),
  credit_limit: zBoundedDecimal(PRICE_SCALE, { min: 0, max: MAX_MONEY, nullable: true }),
  minimum_order_amount: zBoundedDecimal(PRICE_SCALE, { min: 0, max: MAX_MONEY, nullable: true }),
  minimum_order_quantity: zBoundedDecimal(QUANTITY_SCALE, { min: 0, max: MAX_QUANTITY, nullable: true }),
  private_message: zText(2000),
  tax_type: z.enum(TAX_TYPES, { error: "invalid" }).nullable(),
  price_level_id: zRef("unknown_price_level").nullable(),
  currency_id: zRef("unknown_currency").nullable(),
  account_manager_id: z
    .string({ error: "unknown_account_manager" })
    .trim()
    .max(64, "unknown_account_manager")
    .nullable()
    .transform((v) => v || null),
  b2b_access: z.enum(B2B_ACCESS, { error: "invalid" }),
  // Blank is the company's language.
  language: z.preprocess((v) => (v === "" ? null : v), z.enum(LOCALES, { error: "invalid_language" }).nullable()),
  tag_ids: zIdList("unknown_tag"),
  addresses: AddressList,
};

export const CreateCustomerInput = strictInput({
  ...optionalShape(fields),
  label: fields.label,
  emails: fields.emails.default([]),
  active: fields.active.default(true),
  payment_terms: fields.payment_terms.default({ type: "net", days: 0 }),
  b2b_access: fields.b2b_access.default("none"),
  tag_ids: fields.tag_ids.default([]),
  addresses: fields.addresses.default([]),
});
export type CreateCustomerInput = z.input<typeof CreateCustomerInput>;

/** A partial update; `addresses` replaces the whole list, `tag_ids` the tags. */
export const UpdateCustomerInput = strictInput(optionalShape(fields));
export type UpdateCustomerInput = z.input<typeof UpdateCustomerInput>;

export type ParsedCustomer = z.output<typeof UpdateCustomerInput>;
export type ParsedAddress = z.output<typeof AddressList>[number];
