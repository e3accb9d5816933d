import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { packs, priceLevels, services, variants } from "./catalogue";
import { locations } from "./company";
import { suppliers } from "./contacts";
import type { AddressSnapshot } from "./address-snapshot";

// Money, prices and costs at 4 decimals, quantities at 7, exchange rates at 8 (as in sales.ts).
const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Purchase orders to suppliers (domain spec §3 'Purchase order, delivery'): priced by the same line
 * engine and pricing step as sales documents, with the supplier as party (decision 039: their own
 * table rather than sales_documents, whose customer_id is required). Statuses: purchase_order in
 * documents/statuses.ts. The goods come in through deliveries (stock_documents of type delivery).
 */
export const purchaseOrders = sqliteTable(
  "purchase_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Always purchase_order: numbering finds a type's documents by (type, number), as in every document table.
    type: text("type", { enum: ["purchase_order"] })
      .notNull()
      .default("purchase_order"),
    number: text("number").notNull(),
    label: text("label"),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    // Where the goods are expected: incoming stock is counted there.
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    // Calendar dates, YYYY-MM-DD.
    date: text("date").notNull(),
    expectedDate: text("expected_date"),
    status: text("status").notNull(),
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
    shippingTaxes: text("shipping_taxes", { mode: "json" }).$type<{ id: number; rate: string; amount: string }[]>().notNull().default([]),
    // The supplier's address as it was, and the address of the location the goods go to.
    billingAddress: text("billing_address", { mode: "json" }).$type<AddressSnapshot | null>(),
    shippingAddress: text("shipping_address", { mode: "json" }).$type<AddressSnapshot | null>(),
    supplierReference: text("supplier_reference"),
    notes: text("notes"),
    internalNotes: text("internal_notes"),
    subtotal: integer("subtotal").notNull().default(0),
    globalDiscountAmount: integer("global_discount_amount").notNull().default(0),
    shippingTaxAmount: integer("shipping_tax_amount").notNull().default(0),
    totalExclTax: integer("total_excl_tax").notNull().default(0),
    taxTotal: integer("tax_total").notNull().default(0),
    total: integer("total").notNull().default(0),
    totalUnits: integer("total_units").notNull().default(0),
    totalEcotax: integer("total_ecotax").notNull().default(0),
    totalWeight: integer("total_weight").notNull().default(0),
    userId: text("user_id"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("purchase_orders_number_unique").on(t.type, t.number),
    index("purchase_orders_status_idx").on(t.status, t.id),
    index("purchase_orders_supplier_idx").on(t.supplierId, t.id),
    check("purchase_orders_amounts", sql`${t.globalDiscount} >= 0 and ${t.shippingCost} >= 0 and ${t.exchangeRate} > 0`),
  ],
);

/**
 * A purchase order's lines. `received_units` is what its deliveries brought in (variant units);
 * `units − received_units` of a stocked variant, while the order is open, is counted in
 * stock_levels.incoming at the order's location.
 */
export const purchaseOrderLines = sqliteTable(
  "purchase_order_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: integer("document_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    lid: text("lid").notNull(),
    kind: text("kind", { enum: ["variant", "pack", "service", "text"] }).notNull(),
    variantId: integer("variant_id").references(() => variants.id),
    packId: integer("pack_id").references(() => packs.id),
    packLabel: text("pack_label"),
    serviceId: integer("service_id").references(() => services.id),
    sku: text("sku"),
    description: text("description"),
    quantity: integer("quantity").notNull().default(0),
    units: integer("units").notNull().default(0),
    // Whether the variant's inventory is tracked: only those lines are received into stock.
    stocked: integer("stocked", { mode: "boolean" }).notNull().default(false),
    receivedUnits: integer("received_units").notNull().default(0),
    packQuantity: integer("pack_quantity").notNull().default(10_000_000),
    price: integer("price").notNull().default(0),
    discount: integer("discount").notNull().default(0),
    discountType: text("discount_type", { enum: ["percentage", "amount"] })
      .notNull()
      .default("percentage"),
    discountAmount: integer("discount_amount").notNull().default(0),
    taxes: text("taxes", { mode: "json" }).$type<{ id: number; rate: string; amount: string }[]>().notNull().default([]),
    taxAmount: integer("tax_amount").notNull().default(0),
    ecotax: integer("ecotax").notNull().default(0),
    weight: integer("weight").notNull().default(0),
    total: integer("total").notNull().default(0),
    totalExclTax: integer("total_excl_tax").notNull().default(0),
    totalInclTax: integer("total_incl_tax").notNull().default(0),
  },
  (t) => [
    uniqueIndex("purchase_order_lines_lid_unique").on(t.documentId, t.lid),
    index("purchase_order_lines_document_idx").on(t.documentId, t.position),
    index("purchase_order_lines_variant_idx").on(t.variantId),
    check("purchase_order_lines_received", sql`${t.receivedUnits} >= 0`),
  ],
);
