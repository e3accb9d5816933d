import { sql, type SQL } from "drizzle-orm";
import { alertListening } from "../settings/alerts/alert-watch";

/**
 * Who listens to the stock levels a batch changes. A stock batch announces its changed levels
 * (`stock.level_changed`, one outbox row) only when one of these watchers holds inside the batch,
 * so that a company nobody watches for does not pay, at each write, an outbox row, its dispatch
 * after the answer and a queue consumer's claim and done mark (7 round trips for nothing).
 *
 * Each watcher is a condition read inside the batch's own statement (no round trip of its own).
 * The stock alerts (below reorder point, out of available, out of on hand) listen while the company
 * has an active one; the topic's consumer evaluates them (settings/alerts/evaluate-stock-alerts.ts).
 */
export interface LevelWatcher {
  /** What listens, for the reader of this list. */
  name: string;
  /** True inside the batch when the company listens (an SQL condition on its own tables). */
  listening: SQL;
}

export const LEVEL_WATCHERS: readonly LevelWatcher[] = [
  { name: "stock alerts", listening: alertListening(["below_re_order_point", "out_of_available", "out_of_on_hand"]) },
];

/** The condition under which a batch announces its level changes: any watcher listening (none: never). */
export function anyListening(watchers: readonly LevelWatcher[]): SQL | null {
  if (watchers.length === 0) return null;
  return sql.join(
    watchers.map((w) => sql`(${w.listening})`),
    sql` or `,
  );
}
