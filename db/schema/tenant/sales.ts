import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { packs, priceLevels, services, variants } from "./catalogue";
import { locations } from "./company";
import { customers } from "./contacts";
import { batches } from "./stock";

// Money, prices and costs at 4 decimals, quantities at 7, exchange rates at 8 (as in catalogue.ts);
// totals are stored as the line engine gives them (already rounded to the currency).
const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const SALES_DOCUMENT_TYPES = [
  "estimate",
  "sales_order",
  "shipping_order",
  "invoice",
  "product_return",
  "credit_note",
  "refund",
  "subscription",
] as const;
export type SalesDocumentType = (typeof SALES_DOCUMENT_TYPES)[number];

import type { AddressSnapshot } from "./address-snapshot";

export type { AddressSnapshot };

/** Why a subscription's last billing failed: a domain error as the API would send it. */
export interface BillingError {
  code: string;
  params?: Record<string, unknown>;
  fields?: Record<string, { code: string; params?: Record<string, unknown> }>;
}

/**
 * Estimates, sales orders, shipping orders and invoices (domain spec §3 'Sales documents (common)'):
 * one table, one machinery; each type uses the status fields of its machine (documents/statuses.ts).
 */
export const salesDocuments = sqliteTable(
  "sales_documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", { enum: SALES_DOCUMENT_TYPES }).notNull(),
    // Every document has a number, but a draft invoice, which takes its number when it is finalised.
    number: text("number"),
    label: text("label"),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    // Calendar dates, YYYY-MM-DD.
    date: text("date").notNull(),
    expirationDate: text("expiration_date"),
    shippingDate: text("shipping_date"),
    status: text("status").notNull(),
    // Sales orders only.
    paymentStatus: text("payment_status"),
    shippingStatus: text("shipping_status"),
    deliveryType: text("delivery_type", { enum: ["stock_location", "drop_shipping"] })
      .notNull()
      .default("stock_location"),
    currency: text("currency").notNull(),
    exchangeRate: integer("exchange_rate").notNull().default(100_000_000),
    priceLevelId: integer("price_level_id").references(() => priceLevels.id),
    taxModel: text("tax_model", { enum: ["us", "global"] }).notNull(),
    taxType: text("tax_type", { enum: ["tax_exclusive", "tax_inclusive"] }).notNull(),
    taxPriority: text("tax_priority", { enum: ["product", "document"] }).notNull(),
    documentTaxIds: text("document_tax_ids", { mode: "json" }).$type<number[]>().notNull().default([]),
    globalDiscount: integer("global_discount").notNull().default(0),
    globalDiscountType: text("global_discount_type", { enum: ["percentage", "amount"] })
      .notNull()
      .default("percentage"),
    shippingCost: integer("shipping_cost").notNull().default(0),
    billingAddress: text("billing_address", { mode: "json" }).$type<AddressSnapshot | null>(),
    shippingAddress: text("shipping_address", { mode: "json" }).$type<AddressSnapshot | null>(),
    forTheAttentionOf: text("for_the_attention_of"),
    externalReference: text("external_reference"),
    notes: text("notes"),
    internalNotes: text("internal_notes"),
    terms: text("terms"),
    createdFromId: integer("created_from_id").references((): AnySQLiteColumn => salesDocuments.id),
    // Whether the lines' units are counted in stock_levels.committed at the location (open sales orders).
    committed: integer("committed", { mode: "boolean" }).notNull().default(false),
    subtotal: integer("subtotal").notNull().default(0),
    globalDiscountAmount: integer("global_discount_amount").notNull().default(0),
    shippingTaxAmount: integer("shipping_tax_amount").notNull().default(0),
    // Each simple tax of the shipping, as the line engine gave it (the PDF's tax summary adds it to the lines').
    shippingTaxes: text("shipping_taxes", { mode: "json" }).$type<{ id: number; rate: string; amount: string }[]>().notNull().default([]),
    totalExclTax: integer("total_excl_tax").notNull().default(0),
    taxTotal: integer("tax_total").notNull().default(0),
    total: integer("total").notNull().default(0),
    totalUnits: integer("total_units").notNull().default(0),
    totalEcotax: integer("total_ecotax").notNull().default(0),
    totalWeight: integer("total_weight").notNull().default(0),
    // Invoices only (domain spec §3 'Invoice'): when payment is due, whether it bills a deposit, the
    // id of its public link, and what was paid and remains to pay or to credit (money at 4 decimals),
    // written in the same batch as what changes them; finalized_at is when it took its number.
    dueDate: text("due_date"),
    isDeposit: integer("is_deposit", { mode: "boolean" }).notNull().default(false),
    publicId: text("public_id"),
    // Whether the invoice's public link opens it (it can be switched off, domain spec §3 'Invoice').
    publicLink: integer("public_link", { mode: "boolean" }).notNull().default(true),
    amountPaid: integer("amount_paid").notNull().default(0),
    remainingToPay: integer("remaining_to_pay").notNull().default(0),
    remainingToCredit: integer("remaining_to_credit").notNull().default(0),
    finalizedAt: integer("finalized_at"),
    // Invoices: what credit notes took off what remains to pay (invoice_credits); credit notes: what
    // they applied to invoices. remaining_to_pay = total − amount_paid − amount_credited (decision 042).
    amountCredited: integer("amount_credited").notNull().default(0),
    // Product returns: whether the returned goods go back into stock at the document's location.
    addInInventory: integer("add_in_inventory", { mode: "boolean" }).notNull().default(false),
    // Refunds: what is paid back on top of (or, negative, short of) the lines' total: amount = total + discrepancy.
    discrepancy: integer("discrepancy").notNull().default(0),
    // Subscriptions (domain spec §3 'Subscription'): an invoice every billing_cycle months, cycle_limit
    // times (null: until cancelled), the first on first_billing's date. renewal_date is the date of the
    // next cycle (null once the last is billed), end_date the last cycle's (null when it never ends),
    // cycles_billed how many were invoiced. Their rules are the domain's (subscriptions/renewal.ts):
    // a CHECK added here would rebuild the table.
    billingCycle: integer("billing_cycle"),
    cycleLimit: integer("cycle_limit"),
    firstBilling: text("first_billing", { enum: ["immediately", "specific_day", "first_day_of_month", "last_day_of_month"] }),
    specificDay: text("specific_day"),
    renewalDate: text("renewal_date"),
    endDate: text("end_date"),
    cyclesBilled: integer("cycles_billed").notNull().default(0),
    // Invoices made by a subscription: the cycle they bill (1, 2…); unique per subscription, so that
    // two runs of the cron cannot bill one cycle twice.
    subscriptionCycle: integer("subscription_cycle"),
    // A subscription whose last billing failed (decision 042): the error as the domain gave it (its
    // code, params and fields, for the page to translate), when, how many failures in a row, and the
    // time (epoch ms) before which the cron leaves it aside so that the next ones are billed. All
    // cleared by the next invoice it makes; an edit clears retry_at so that the next run tries again.
    billingError: text("billing_error", { mode: "json" }).$type<BillingError | null>(),
    billingFailedAt: integer("billing_failed_at"),
    billingFailures: integer("billing_failures").notNull().default(0),
    billingRetryAt: integer("billing_retry_at"),
    userId: text("user_id"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("sales_documents_number_unique").on(t.type, t.number),
    index("sales_documents_type_idx").on(t.type, t.id),
    index("sales_documents_customer_idx").on(t.customerId, t.type, t.id),
    index("sales_documents_status_idx").on(t.type, t.status, t.id),
    index("sales_documents_created_from_idx").on(t.createdFromId),
    uniqueIndex("sales_documents_public_id_unique").on(t.publicId),
    // An invoice's due date, for what is overdue and the customer's unpaid total.
    index("sales_documents_due_idx").on(t.type, t.customerId, t.dueDate),
    // The invoices of a status by due date (what is unpaid, soonest or latest due first).
    index("sales_documents_status_due_idx").on(t.type, t.status, t.dueDate),
    // One invoice per subscription cycle (null for every other document: nulls never collide).
    uniqueIndex("sales_documents_subscription_cycle_unique").on(t.createdFromId, t.subscriptionCycle),
    // The subscriptions due for billing: active ones by renewal date (the cron's read).
    index("sales_documents_renewal_idx").on(t.type, t.status, t.renewalDate),
    check("sales_documents_amounts", sql`${t.globalDiscount} >= 0 and ${t.shippingCost} >= 0 and ${t.exchangeRate} > 0`),
    // amount_credited is kept non-negative by its writers (a check added later would rebuild the table).
    check("sales_documents_invoice_amounts", sql`${t.amountPaid} >= 0 and ${t.remainingToPay} >= 0 and ${t.remainingToCredit} >= 0`),
  ],
);

/** A document's lines, in their order; a kit's components point at it by `component_of_lid`. */
export const salesDocumentLines = sqliteTable(
  "sales_document_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: integer("document_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    lid: text("lid").notNull(),
    kind: text("kind", { enum: ["variant", "pack", "kit", "service", "text", "deposit"] }).notNull(),
    componentOfLid: text("component_of_lid"),
    variantId: integer("variant_id").references(() => variants.id),
    packId: integer("pack_id").references(() => packs.id),
    // The pack's label when the line was priced, as the documents print it ("Lot de 6").
    packLabel: text("pack_label"),
    serviceId: integer("service_id").references(() => services.id),
    sku: text("sku"),
    description: text("description"),
    quantity: integer("quantity").notNull().default(0),
    // Variant units the line moves (quantity × pack quantity); components carry theirs, kits none.
    units: integer("units").notNull().default(0),
    // Units this line holds in stock_levels.committed at the document's location (0 when it reserves nothing).
    committedUnits: integer("committed_units").notNull().default(0),
    packQuantity: integer("pack_quantity").notNull().default(10_000_000),
    requiredQuantity: integer("required_quantity"),
    price: integer("price").notNull().default(0),
    cost: integer("cost").notNull().default(0),
    discount: integer("discount").notNull().default(0),
    discountType: text("discount_type", { enum: ["percentage", "amount"] })
      .notNull()
      .default("percentage"),
    taxes: text("taxes", { mode: "json" }).$type<{ id: number; rate: string; amount: string }[]>().notNull().default([]),
    taxAmount: integer("tax_amount").notNull().default(0),
    ecotax: integer("ecotax").notNull().default(0),
    weight: integer("weight").notNull().default(0),
    discountAmount: integer("discount_amount").notNull().default(0),
    total: integer("total").notNull().default(0),
    totalExclTax: integer("total_excl_tax").notNull().default(0),
    totalInclTax: integer("total_incl_tax").notNull().default(0),
    // A shipping order's line: the sales order line it ships.
    sourceLineId: integer("source_line_id").references((): AnySQLiteColumn => salesDocumentLines.id),
  },
  (t) => [
    uniqueIndex("sales_document_lines_lid_unique").on(t.documentId, t.lid),
    index("sales_document_lines_document_idx").on(t.documentId, t.position),
    index("sales_document_lines_source_idx").on(t.sourceLineId),
    index("sales_document_lines_variant_idx").on(t.variantId),
  ],
);

/** The batches a shipping order's line takes its units from. */
export const salesLineBatches = sqliteTable(
  "sales_line_batches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lineId: integer("line_id")
      .notNull()
      .references(() => salesDocumentLines.id, { onDelete: "cascade" }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("sales_line_batches_line_idx").on(t.lineId), check("sales_line_batches_positive", sql`${t.quantity} > 0`)],
);
