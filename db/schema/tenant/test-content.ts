import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The records the onboarding's generated test content made, by table: its removal deletes these
 * and nothing else, so what the user made beside them is never touched. No foreign keys: a row
 * whose record is gone is simply forgotten by the removal.
 */
export const testContent = sqliteTable(
  "test_content",
  {
    tableName: text("table_name").notNull(),
    recordId: integer("record_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.recordId] })],
);
