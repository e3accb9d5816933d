// The company's B2B store: its settings (domain spec §3 'B2B store settings') and the access requests sent from its access form.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers } from "./contacts";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** One row once the company saves its store settings; without it, the defaults (a store that is off). */
export const storeSettings = sqliteTable(
  "store_settings",
  {
    id: integer("id").primaryKey(),
    settings: text("settings", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [check("store_settings_single_row", sql`${t.id} = 1`)],
);

export const STORE_ACCESS_REQUEST_STATUSES = ["requested", "granted", "denied"] as const;

/** A request for store access sent from the store's access form, until staff grant or deny it. */
export const storeAccessRequests = sqliteTable(
  "store_access_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyName: text("company_name").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message"),
    language: text("language", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: STORE_ACCESS_REQUEST_STATUSES }).notNull().default("requested"),
    // The customer the buyer orders for, once granted.
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("store_access_requests_status_idx").on(t.status, t.id),
    // One waiting request per email: a second one, however fast, is refused.
    uniqueIndex("store_access_requests_waiting_email_unique")
      .on(t.email)
      .where(sql`${t.status} = 'requested'`),
  ],
);
