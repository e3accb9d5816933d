import { sql, type SQL } from "drizzle-orm";

/**
 * The id of the row a batch has just inserted into an AUTOINCREMENT table, for the batch's later
 * statements (a batch cannot read what it generates): SQLite records the last id it gave in
 * sqlite_sequence, and the batch is one transaction, so no other writer comes in between.
 */
export function insertedId(table: string): SQL<number> {
  return sql<number>`(select seq from sqlite_sequence where name = ${table})`;
}
