import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { packs, variants } from "./catalogue";
import { locations } from "./company";
import { purchaseOrderLines, purchaseOrders } from "./purchasing";

// Quantities are exact integers at 7 decimals (QUANTITY_SCALE), costs at 4.
const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Stock of a variant in a location. on_hand only changes together with an inventory_logs row
 * written in the same batch, so that it always equals the sum of its ledger.
 */
export const stockLevels = sqliteTable(
  "stock_levels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    onHand: integer("on_hand").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
    incoming: integer("incoming").notNull().default(0),
    committed: integer("committed").notNull().default(0),
    purchased: integer("purchased").notNull().default(0),
    reorderPoint: integer("reorder_point").notNull().default(0),
    binLocation: text("bin_location"),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("stock_levels_variant_location_unique").on(t.variantId, t.locationId),
    index("stock_levels_location_idx").on(t.locationId, t.variantId),
    index("stock_levels_location_on_hand_idx").on(t.locationId, t.onHand, t.id),
    // Reorder reads the levels with a reorder point, backorder those with units committed: a few
    // among many, each found without walking a location's every level (decision 048).
    index("stock_levels_reorder_idx")
      .on(t.locationId, t.variantId)
      .where(sql`${t.reorderPoint} > 0`),
    index("stock_levels_committed_idx")
      .on(t.locationId, t.variantId)
      .where(sql`${t.committed} > 0`),
    check(
      "stock_levels_non_negative_counters",
      sql`${t.reserved} >= 0 and ${t.incoming} >= 0 and ${t.committed} >= 0 and ${t.reorderPoint} >= 0`,
    ),
  ],
);

/** A batch (lot) of a batch-tracked variant; its number is unique for the variant. */
export const batches = sqliteTable(
  "batches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    barcode: text("barcode"),
    // Calendar date YYYY-MM-DD; past it the batch cannot be used until the date is updated.
    expirationDate: text("expiration_date"),
    createdAt: integer("created_at").notNull().default(now),
  },
  // The batch number is a batch's label: lists sort on it by default.
  (t) => [uniqueIndex("batches_variant_number_unique").on(t.variantId, t.number), index("batches_number_idx").on(t.number, t.id)],
);

/** How much of a batch is in a location (part of that location's stock level). */
export const batchStock = sqliteTable(
  "batch_stock",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    quantity: integer("quantity").notNull().default(0),
  },
  (t) => [uniqueIndex("batch_stock_batch_location_unique").on(t.batchId, t.locationId)],
);

export const STOCK_DOCUMENT_TYPES = ["entry", "removal", "movement", "bulk_update", "assembly_transform", "delivery"] as const;

/**
 * Stock entries, removals, movements (departure → arrival), bulk counts, assembly transforms and
 * deliveries (goods received for a purchase order), with their lines.
 */
export const stockDocuments = sqliteTable(
  "stock_documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", { enum: STOCK_DOCUMENT_TYPES }).notNull(),
    number: text("number").notNull(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    // Movements only: where the stock arrives.
    arrivalLocationId: integer("arrival_location_id").references(() => locations.id),
    date: text("date").notNull(),
    notes: text("notes"),
    // Deliveries only: the purchase order received, and the delivery's status (received or cancelled:
    // a cancelled delivery has given its goods back to the order, statuses.ts).
    purchaseOrderId: integer("purchase_order_id").references(() => purchaseOrders.id),
    status: text("status"),
    userId: text("user_id"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("stock_documents_number_unique").on(t.type, t.number),
    index("stock_documents_type_idx").on(t.type, t.id),
    index("stock_documents_purchase_order_idx").on(t.purchaseOrderId),
    check(
      "stock_documents_movement_locations",
      sql`(${t.type} = 'movement') = (${t.arrivalLocationId} is not null) and coalesce(${t.arrivalLocationId}, -1) <> ${t.locationId}`,
    ),
  ],
);

export const stockDocumentLines = sqliteTable(
  "stock_document_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: integer("document_id")
      .notNull()
      .references(() => stockDocuments.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id),
    packId: integer("pack_id").references(() => packs.id),
    batchId: integer("batch_id").references(() => batches.id),
    // Units of the variant or pack; bulk updates: the counted quantity; assembly transforms: the signed change.
    quantity: integer("quantity").notNull(),
    unitCost: integer("unit_cost"),
    // Deliveries only: the purchase order line received.
    purchaseOrderLineId: integer("purchase_order_line_id").references(() => purchaseOrderLines.id),
  },
  (t) => [index("stock_document_lines_document_idx").on(t.documentId), index("stock_document_lines_po_line_idx").on(t.purchaseOrderLineId)],
);

/** The stock ledger: one row per change of on_hand, written in the same batch as the change. */
export const inventoryLogs = sqliteTable(
  "inventory_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    batchId: integer("batch_id").references(() => batches.id),
    quantityBefore: integer("quantity_before").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    change: integer("change").notNull(),
    documentType: text("document_type"),
    documentId: integer("document_id"),
    userId: text("user_id"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("inventory_logs_level_idx").on(t.variantId, t.locationId, t.id),
    index("inventory_logs_document_idx").on(t.documentType, t.documentId),
    check("inventory_logs_consistent", sql`${t.quantityAfter} - ${t.quantityBefore} = ${t.change}`),
  ],
);
