// The company's alerts (domain spec §3 'Alert'): who is emailed when stock runs low or a sales order or store access request comes in.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { variants } from "./catalogue";
import { locations } from "./company";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** What an alert watches: three stock thresholds, and three events (domain spec §3 'Alert'). */
export const ALERT_TRIGGERS = [
  "below_re_order_point",
  "out_of_available",
  "out_of_on_hand",
  "new_sales_order",
  "new_b2b_store_sales_order",
  "b2b_store_access_request",
] as const;
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number];

/** The recipient that stands for the account representative of the order's customer, in place of a user id. */
export const ACCOUNT_REPRESENTATIVE_RECIPIENT = "account_representative";

export const alerts = sqliteTable(
  "alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    trigger: text("trigger", { enum: ALERT_TRIGGERS }).notNull(),
    // A user of the company (the control database's user id), or "account_representative".
    recipient: text("recipient").notNull(),
    // The order's PDF attached (sales order triggers).
    includePdf: integer("include_pdf", { mode: "boolean" }).notNull().default(false),
    // The customer's account representative emailed too (sales order triggers).
    notifyAccountManager: integer("notify_account_manager", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    // What the level watcher and the consumers ask: the active alerts of a trigger.
    index("alerts_trigger_active_idx").on(t.trigger, t.active),
    check("alerts_label_not_empty", sql`length(${t.label}) > 0`),
  ],
);

/**
 * The stock levels a stock alert found in its condition and told its recipient about: a level is
 * announced when it enters the condition (no row yet) and forgotten when it leaves it, so that
 * each crossing is emailed once, however many changes keep it below. Written with the outbox
 * message's done mark; seeded when an alert is saved, so that levels already below are not news.
 */
export const alertLevelStates = sqliteTable(
  "alert_level_states",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    since: integer("since").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.variantId, t.locationId] })],
);
