import { sql, type SQL } from "drizzle-orm";

/** Values as an SQL list for `in (…)`, each one bound (statuses taken from the status graph, codes). */
export function sqlList(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}
