import { z } from "zod";
import type { ContactTagView } from "../../domain/contacts/contact-tags";
import type { CustomerBalanceView } from "../../domain/payments/customer-balance";
import {
  ADDRESS_TYPES,
  B2B_ACCESS,
  CUSTOMER_STATUSES,
  TAX_TYPES,
  type CustomerAddressView,
  type CustomerView,
} from "../../domain/contacts/customer-schemas";
import type { EmployeeView } from "../../domain/contacts/employee-schemas";
import { PAYMENT_TERMS_TYPES } from "../../domain/contacts/payment-terms";
import { LOCALES } from "../../domain/shared/locale";
import type { SupplierView } from "../../domain/contacts/supplier-schemas";
import { address, answer, decimal, id, Reference, textId, timestamp } from "./common";

const text = z.string().nullable();
const currency = z.object({ id, iso: z.string(), label: z.string() });

const CustomerAddress = answer<CustomerAddressView>()(
  { id: "CustomerAddress", description: "A billing or shipping address of a customer" },
  z.object({
    id,
    label: text,
    phone: text,
    type: z.enum(ADDRESS_TYPES),
    default_billing: z.boolean(),
    default_shipping: z.boolean(),
    ...address,
    dependent_locality: text,
    is_european: z.boolean().meta({ description: "Computed from the country" }),
  }),
);

export const Customer = answer<CustomerView>()(
  { id: "Customer", description: "A customer with its addresses and tags" },
  z.object({
    id,
    number: z.int(),
    label: z.string(),
    emails: z.array(z.string()),
    phone: text,
    active: z.boolean(),
    tax_number: text,
    discount_rate: decimal.meta({ description: "Percent" }),
    location_name: text,
    location_phone: text,
    status: z.enum(CUSTOMER_STATUSES).nullable(),
    payment_terms: z.object({ type: z.enum(PAYMENT_TERMS_TYPES), days: z.int() }),
    notes: text,
    credit_limit: decimal.nullable(),
    current_balance: decimal,
    minimum_order_amount: decimal.nullable(),
    minimum_order_quantity: decimal.nullable(),
    private_message: text,
    tax_type: z.enum(TAX_TYPES).nullable(),
    price_level_id: id.nullable(),
    price_level: Reference.nullable(),
    currency_id: id.nullable(),
    currency: currency.nullable(),
    account_manager_id: textId.nullable(),
    b2b_access: z.enum(B2B_ACCESS),
    b2b_user_last_access: timestamp.nullable(),
    language: z.enum(LOCALES).nullable().meta({
      description: "Language of the customer's documents (PDF, email) when the PDF settings leave it to the customer; null: the company's",
    }),
    tag_ids: z.array(id),
    tags: z.array(Reference),
    addresses: z.array(CustomerAddress),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const Supplier = answer<SupplierView>()(
  { id: "Supplier", description: "A supplier with its defaults and tags" },
  z.object({
    id,
    name: z.string(),
    email: text,
    phone: text,
    website: text,
    social_links: z.record(z.string(), z.string()),
    notes: text,
    active: z.boolean(),
    default_currency_id: id.nullable(),
    default_currency: currency.nullable(),
    default_price_level_id: id.nullable(),
    default_price_level: Reference.nullable(),
    default_payment_terms_days: z.int().nullable(),
    default_lead_time_days: z.int().nullable(),
    tag_ids: z.array(id),
    tags: z.array(Reference),
    ...address,
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const Employee = answer<EmployeeView>()(
  { id: "Employee", description: "An employee (a contact, not a user)" },
  z.object({
    id,
    label: z.string(),
    position: text,
    employer: text,
    email: text,
    phone: text,
    active: z.boolean(),
    notes: text,
    ...address,
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const ContactTag = answer<ContactTagView>()(
  { id: "ContactTag", description: "A tag on customers or on suppliers" },
  z.object({
    id,
    label: z.string(),
    usage_count: z.int().meta({ description: "How many customers (or suppliers) carry it" }),
    created_at: timestamp,
  }),
);

export const CustomerBalance = answer<CustomerBalanceView>()(
  { id: "CustomerBalance", description: "What a customer owes, in the company's currency (amounts at its decimals)" },
  z.object({
    customer_id: z.number().int(),
    currency: z.string(),
    unpaid_invoices: decimal,
    overdue_invoices: decimal,
    credit_notes: decimal.meta({
      description: "What the customer's credit notes have not yet applied to an invoice: owed to the customer",
    }),
    net_unpaid: decimal.meta({ description: "unpaid_invoices less credit_notes; below zero when the company owes the customer" }),
    uninvoiced_orders: decimal,
    balance: decimal.meta({ description: "net_unpaid plus uninvoiced_orders: what the credit limit applies to" }),
    credit_limit: decimal.nullable(),
    available_credit: decimal.nullable(),
  }),
);
