// The company's own settings, its locations and the machinery tables (operations, outbox, idempotency).
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { nocase } from "./catalogue";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** One row: the company's own settings, kept beside its data. */
export const companySettings = sqliteTable(
  "company_settings",
  {
    id: integer("id").primaryKey(),
    label: text("label").notNull(),
    country: text("country").notNull(),
    defaultCurrency: text("default_currency").notNull().default("USD"),
    numberFormat: text("number_format", { enum: ["space_comma", "comma_point"] })
      .notNull()
      .default("comma_point"),
    languages: text("languages", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'["en"]'`),
    timezone: text("timezone").notNull().default("UTC"),
    // Taxes (domain spec §3 'Tax'): 'us' is the US model; exclusive or inclusive prices; whose taxes win.
    taxModel: text("tax_model", { enum: ["us", "global"] })
      .notNull()
      .default("global"),
    taxType: text("tax_type", { enum: ["tax_exclusive", "tax_inclusive"] })
      .notNull()
      .default("tax_exclusive"),
    taxPriority: text("tax_priority", { enum: ["product", "document"] })
      .notNull()
      .default("product"),
    // Price levels used when a customer or document names none (ids in price_levels).
    defaultSellingPriceLevelId: integer("default_selling_price_level_id"),
    defaultPurchasingPriceLevelId: integer("default_purchasing_price_level_id"),
    preventNegativeInventory: integer("prevent_negative_inventory", { mode: "boolean" }).notNull().default(false),
    // Contact info and identity (domain spec §3 'Company'); the logo is a key of the files bucket.
    logoKey: text("logo_key"),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    address1: text("address1"),
    address2: text("address2"),
    city: text("city"),
    postalCode: text("postal_code"),
    province: text("province"),
    // Terms given to new documents: net N days, or the end of the following month plus N days.
    paymentTermsType: text("payment_terms_type", { enum: ["net", "eom"] })
      .notNull()
      .default("net"),
    paymentTermsDays: integer("payment_terms_days").notNull().default(0),
    // What a French business prints on its documents (legal form, share capital at 4 decimals in
    // the default currency, SIREN, SIRET, the city of its trade register, its EU VAT number).
    legalForm: text("legal_form"),
    shareCapital: integer("share_capital"),
    siren: text("siren"),
    siret: text("siret"),
    rcsCity: text("rcs_city"),
    vatNumber: text("vat_number"),
    // The tax a new product starts with (an id in taxes; none when it was removed).
    defaultTaxId: integer("default_tax_id"),
    estimateExpirationDays: integer("estimate_expiration_days").notNull().default(30),
    // Document numbers (worker/domain/documents/numbering.ts): a prefix and a width per document
    // type, where the company changed them, and one sequence per location when the flag is on.
    documentNumbering: text("document_numbering", { mode: "json" })
      .$type<Partial<Record<string, { prefix?: string; width?: number }>>>()
      .notNull()
      .default(sql`'{}'`),
    separateNumberingPerLocation: integer("separate_numbering_per_location", { mode: "boolean" }).notNull().default(false),
    // Invoices (domain spec §3 'Company invoice settings', worker/domain/invoices/invoice-settings.ts):
    // whether new invoices may start as drafts, must, who may type their numbers, and whether a
    // finalised invoice may still be changed.
    useInvoiceDraft: integer("use_invoice_draft", { mode: "boolean" }).notNull().default(true),
    invoiceDraftForced: integer("invoice_draft_forced", { mode: "boolean" }).notNull().default(false),
    invoiceNumberEditAccess: text("invoice_number_edit_access", { enum: ["nobody", "admins", "everyone"] })
      .notNull()
      .default("admins"),
    editFinalizedInvoice: integer("edit_finalized_invoice", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [check("company_settings_single_row", sql`${t.id} = 1`)],
);

/** Stores and warehouses where stock is kept. */
export const locations = sqliteTable(
  "locations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    type: text("type", { enum: ["store", "warehouse"] })
      .notNull()
      .default("warehouse"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    shipping: integer("shipping", { mode: "boolean" }).notNull().default(false),
    // Money is stored as an exact integer at 4 decimals (price scale).
    shippingCost: integer("shipping_cost").notNull().default(0),
    phone: text("phone"),
    address1: text("address1"),
    address2: text("address2"),
    city: text("city"),
    postalCode: text("postal_code"),
    province: text("province"),
    country: text("country"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("locations_label_unique").on(t.label),
    // The default sort of lists (label ascending, platform spec §9).
    index("locations_label_idx").on(nocase(t.label), t.id),
    check("locations_shipping_cost_non_negative", sql`${t.shippingCost} >= 0`),
  ],
);

/** An error of a background operation: a text, or a message with the row and column it is about (imports). */
export type OperationError = string | { message: string; row?: number; column?: string; params?: Record<string, unknown> };

/** Long-running work (exports, imports) with its progress, shown in the operations menus (platform spec §4). */
export const backgroundOperations = sqliteTable(
  "background_operations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The operation's public id (downloads, cancel, revert, the live channel). */
    batchId: text("batch_id").notNull(),
    label: text("label").notNull(),
    type: text("type").notNull(),
    status: text("status", {
      enum: ["in_progress", "revert_in_progress", "completed", "cancelled", "reverted"],
    })
      .notNull()
      .default("in_progress"),
    progress: integer("progress").notNull().default(0),
    userId: text("user_id"),
    errors: text("errors", { mode: "json" })
      .$type<OperationError[]>()
      .notNull()
      .default(sql`'[]'`),
    /** What the work needs to run (and run again after a crash): its kind, query, file, mapping and who asked. */
    params: text("params", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    /** Where the work stands: the next chunk to do and its counts, saved with each chunk. */
    result: text("result", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    /** The file to download (exports), in the files bucket. */
    fileKey: text("file_key"),
    fileName: text("file_name"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("background_operations_batch_unique").on(t.batchId),
    index("background_operations_user_idx").on(t.userId, t.id),
    index("background_operations_type_idx").on(t.type, t.id),
    check("background_operations_progress_range", sql`${t.progress} between 0 and 100`),
  ],
);

/** What an import created, so that it can be reverted: written in the same batch as each chunk. */
export const importRecords = sqliteTable(
  "import_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    operationId: integer("operation_id")
      .notNull()
      .references(() => backgroundOperations.id, { onDelete: "cascade" }),
    entity: text("entity", { enum: ["product", "customer", "supplier", "stock_document", "chunk"] }).notNull(),
    entityId: integer("entity_id").notNull(),
  },
  // Unique: a chunk's own record ("chunk", its number) makes a second run of the same chunk fail as a whole.
  (t) => [uniqueIndex("import_records_operation_idx").on(t.operationId, t.entity, t.entityId)],
);

/**
 * What a price update changed, price by price, written in the same batch as each chunk's prices:
 * its revert puts the old amount back where the price still holds the new one. A price the update
 * created (a variant without one, when asked) has no old amount: its revert deletes it.
 */
export const priceUpdateChanges = sqliteTable(
  "price_update_changes",
  {
    operationId: integer("operation_id")
      .notNull()
      .references(() => backgroundOperations.id, { onDelete: "cascade" }),
    // No reference: a price deleted since is simply not reverted.
    priceId: integer("price_id").notNull(),
    variantId: integer("variant_id").notNull(),
    oldAmount: integer("old_amount"),
    newAmount: integer("new_amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.variantId] })],
);

/** Messages for queues, written in the same batch as the change that causes them. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    topic: text("topic").notNull(),
    payload: text("payload", { mode: "json" }).notNull(),
    createdAt: integer("created_at").notNull().default(now),
    sentAt: integer("sent_at"),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [index("outbox_unsent_idx").on(t.sentAt, t.id)],
);

/** Outbox messages of this company a consumer has taken on and finished (see the control database's). */
export const processedMessages = sqliteTable("processed_messages", {
  id: integer("id").primaryKey(),
  claimedAt: integer("claimed_at").notNull(),
  doneAt: integer("done_at"),
});

/**
 * Requests that carried an idempotency key, per caller (`scope`), kept 24 hours: a row without a
 * status is a request still running; then the answer it gave, replayed to a retry. `committed_at`
 * is written by the request's first write batch (with `resource`, what it created, if it names it).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: integer("created_at").notNull().default(now),
    committedAt: integer("committed_at"),
    resource: text("resource", { mode: "json" }).$type<{ type: string; id: number }>(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** The next number of each document type (per location when the company numbers them so; else location 0). */
export const documentSequences = sqliteTable(
  "document_sequences",
  {
    documentType: text("document_type").notNull(),
    locationId: integer("location_id").notNull().default(0),
    nextValue: integer("next_value").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.documentType, t.locationId] }), check("document_sequences_next_positive", sql`${t.nextValue} >= 1`)],
);
