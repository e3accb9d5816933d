// How the company is paid: its payment methods (domain spec §3 'Payment method').
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { nocase } from "./catalogue";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * The ways a payment may be made (cash, bank transfer…). `label_key` is the label as people read
 * it, case and accents aside ("Chèque" and "CHEQUE" are one method): its unique index is what keeps
 * two of them apart, even when two people add the same one at once.
 */
export const paymentMethods = sqliteTable(
  "payment_methods",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    labelKey: text("label_key").notNull(),
    // Offered at the point of sale.
    pos: integer("pos", { mode: "boolean" }).notNull().default(false),
    // The matching payment method of the accounting package, once the two are linked.
    quickbooksId: text("quickbooks_id"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("payment_methods_label_key_unique").on(t.labelKey),
    // The default sort of lists (label ascending, platform spec §9).
    index("payment_methods_label_idx").on(nocase(t.label), t.id),
    check("payment_methods_label_key_not_empty", sql`length(${t.labelKey}) > 0`),
  ],
);
