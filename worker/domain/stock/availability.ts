import { and, eq, inArray, sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";

/**
 * What "available" means, once for every screen, list, store page, API answer and rule (domain
 * spec §3 Stock level, §5; platform spec §9). Of a variant at a location (a stock level):
 *   - on hand: the units there, as the ledger sums them; a negative on hand counts as 0;
 *   - committed: the units open sales orders reserve there (stock_levels.committed, written only
 *     by StockBatch.addCommitments);
 *   - available: on hand (negative as 0) less committed, never below 0;
 *   - incoming: the units ordered from suppliers not yet received (stock_levels.incoming, written
 *     by purchase orders; 0 until they exist).
 * Several locations sold together (the store selling from all of them, a product's total) pool
 * their figures first: available = Σ on hand (each negative as 0) − Σ committed, never below 0,
 * so an order reserved at one location counts against the stock of the others.
 * The SQL builders below (lists, filters, sorts, rules inside a batch) and the pure functions
 * (single values) say the same; tests/worker/available-stock.test.ts checks that they agree.
 */

const { stockLevels } = tenantSchema;

/** A quantity in SQL: a column, an expression, or a bound integer (tests). */
type Units = SQLWrapper | AnyColumn | number | bigint;

const units = (value: Units): SQL => (typeof value === "number" || typeof value === "bigint" ? sql`${BigInt(value)}` : sql`${value}`);

/** One stock level's figures, as stored (integers at 7 decimals). */
export interface LevelUnits {
  onHand: number;
  committed: number;
}

/** On hand as it counts: a negative level counts as 0. */
export function countedOnHand(onHand: number): number {
  return Math.max(0, onHand);
}

/** A variant's stock on hand over its locations: a location below zero counts as 0 (platform spec §9). */
export function totalOnHand(levels: readonly number[]): number {
  return levels.reduce((sum, onHand) => sum + countedOnHand(onHand), 0);
}

/** Available at one stock level: on hand (negative as 0) less committed, never below 0. */
export function availableUnits(level: LevelUnits): number {
  return Math.max(0, countedOnHand(level.onHand) - level.committed);
}

/** Available over several levels sold together: their counted on hand less their committed, never below 0. */
export function pooledAvailableUnits(levels: readonly LevelUnits[]): number {
  const onHand = levels.reduce((sum, l) => sum + countedOnHand(l.onHand), 0);
  const committed = levels.reduce((sum, l) => sum + l.committed, 0);
  return Math.max(0, onHand - committed);
}

/** Below the reorder point: a point is set (> 0) and available is under it. Reorder suggestions start from here. */
export function belowReorderPoint(available: number, reorderPoint: number): boolean {
  return reorderPoint > 0 && available < reorderPoint;
}

/** SQL: on hand as it counts (negative as 0), of a stock level's row by default. */
export function countedOnHandSql(onHand: Units = stockLevels.onHand): SQL {
  return sql`max(0, ${units(onHand)})`;
}

/** SQL: available at one stock level, of the row in scope by default (stock_levels). */
export function availableSql(level: { onHand: Units; committed: Units } = stockLevels): SQL {
  return sql`max(0, ${countedOnHandSql(level.onHand)} - ${units(level.committed)})`;
}

/**
 * SQL aggregate: counted on hand less committed over the stock level rows a grouped query (or a
 * subquery) reads, before the floor at 0: below 0 once orders reserve more than is held, the
 * rule a batch checks after reserving. `where` keeps some of the rows (one location of several).
 */
export function pooledBalanceSql(level: { onHand: Units; committed: Units } = stockLevels, where?: SQL): SQL {
  const part = (value: SQL) => (where ? sql`(case when ${where} then ${value} else 0 end)` : value);
  return sql`(coalesce(sum(${part(countedOnHandSql(level.onHand))}), 0) - coalesce(sum(${part(sql`${units(level.committed)}`)}), 0))`;
}

/** SQL aggregate: available over the stock level rows read together (see pooledBalanceSql). */
export function pooledAvailableSql(level: { onHand: Units; committed: Units } = stockLevels, where?: SQL): SQL {
  return sql`max(0, ${pooledBalanceSql(level, where)})`;
}

/** SQL aggregate: what pooled stock levels expect from suppliers. */
export function pooledIncomingSql(where?: SQL): SQL {
  return where
    ? sql`coalesce(sum(case when ${where} then ${stockLevels.incoming} else 0 end), 0)`
    : sql`coalesce(sum(${stockLevels.incoming}), 0)`;
}

/**
 * What reorder suggests for a stock level: enough to bring available plus incoming back to the
 * reorder point (decision 039), 0 when they reach it. A level without a point (0) suggests nothing.
 */
export function reorderUnits(available: number, incoming: number, reorderPoint: number): number {
  return Math.max(0, reorderPoint - (available + incoming));
}

type ReorderColumns = { onHand: Units; committed: Units; incoming: Units; reorderPoint: Units };

/** SQL: reorderUnits of the stock level row in scope by default; above 0 exactly when the row is to reorder. */
export function reorderUnitsSql(level: ReorderColumns = stockLevels): SQL {
  return sql`max(0, ${units(level.reorderPoint)} - (${availableSql(level)} + ${units(level.incoming)}))`;
}

/**
 * What open sales orders reserve at a stock level beyond its stock and what suppliers already
 * send: the units the backorder wizard orders (committed − counted on hand − incoming, never below 0).
 */
export function backorderUnits(level: LevelUnits & { incoming: number }): number {
  return Math.max(0, level.committed - countedOnHand(level.onHand) - level.incoming);
}

/** SQL: backorderUnits of the stock level row in scope by default. */
export function backorderUnitsSql(level: Omit<ReorderColumns, "reorderPoint"> = stockLevels): SQL {
  return sql`max(0, ${units(level.committed)} - ${countedOnHandSql(level.onHand)} - ${units(level.incoming)})`;
}

/** SQL: the below-reorder-point flag of the stock level row in scope. */
export function belowReorderPointSql(): SQL {
  return sql`(case when ${stockLevels.reorderPoint} > 0 and ${availableSql()} < ${stockLevels.reorderPoint} then 1 else 0 end)`;
}

/**
 * Units available of some variants at one location, by variant (variants without a level are
 * absent: none available), and those expected from suppliers.
 */
export async function availableAt(
  db: TenantDb,
  locationId: number,
  variantIds: readonly number[],
): Promise<Map<number, { available: number; incoming: number }>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ variantId: stockLevels.variantId, available: sql<number>`${availableSql()}`, incoming: stockLevels.incoming })
    .from(stockLevels)
    .where(and(eq(stockLevels.locationId, locationId), inArray(stockLevels.variantId, [...new Set(variantIds)])));
  return new Map(rows.map((r) => [r.variantId, { available: Number(r.available), incoming: r.incoming }]));
}
