import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Actor } from "../identity/actor";
import { runMarkedBatch, type CreatedResource } from "../shared/batch-marks";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { qty } from "./common";
import { availableSql, countedOnHand } from "./availability";
import type { StockChange } from "./stock-rules";
import { anyListening, LEVEL_WATCHERS, type LevelWatcher } from "./level-watchers";

/**
 * The one place where stock levels change. Every change of on_hand is written as:
 *   1. INSERT … ON CONFLICT DO NOTHING      (the level row exists, at 0)
 *   2. UPDATE … SET on_hand = on_hand + :d WHERE … AND <rule>   (the conditional update)
 *   3. GUARD                               (aborts the batch when step 2 changed no row)
 *   4. INSERT INTO inventory_logs SELECT on_hand - :d, on_hand, :d FROM stock_levels …
 * inside ONE db.batch, which libSQL runs as one transaction: the ledger row reads the level
 * that step 2 wrote, so the ledger always sums to on_hand, and nothing is saved when a guard fires.
 */

const { stockLevels } = tenantSchema;

// JS numbers travel to libSQL as floats: quantities are sent as integers so that arithmetic stays exact.
const int = (n: number) => BigInt(n);

const NOW = sql.raw("cast(unixepoch('subsecond') * 1000 as integer)");

// SQLite's raise() only works in triggers, and the schema may not change. changes() is the row count
// of the previous INSERT/UPDATE/DELETE of the connection: when the conditional update matched no row,
// this inserts a NULL into a NOT NULL column, the statement fails and the whole batch rolls back.
const GUARD = sql.raw("insert into stock_levels (variant_id, location_id) select null, null where changes() = 0");

/** Negative stock is allowed unless the user's membership or the company's settings forbid it (selling-rule.ts). */
export function negativeAllowed(userForbids: boolean): SQL {
  if (userForbids) return sql.raw("0");
  return sql.raw("((select prevent_negative_inventory from company_settings where id = 1) is not 1)");
}

/** Who changes stock: the user named in the ledger (none for a token or the system), and whether that user may take stock below zero. */
export interface StockAuthor {
  userId: string | null;
  /** The user's own rule (selling-rule.ts); the company's setting is read inside each write. */
  forbidsNegative: boolean;
}

/** The stock side of an actor: API tokens and the system act for the company and carry no flag of their own. */
export function stockAuthor(actor: Actor): StockAuthor {
  if (actor.kind !== "user") return { userId: null, forbidsNegative: false };
  return { userId: actor.userId, forbidsNegative: actor.preventNegativeInventory };
}

/** What a stock write needs of a Ctx: its database, its clock and the outbox of its batch. */
export type StockWriter = Pick<Ctx, "db" | "now"> & { outbox: Pick<Ctx["outbox"], "companyWhen"> };

export interface LedgerContext {
  /** stock_documents.type of the document the changes belong to (or any other source's name). */
  documentType: string;
  /** The document's id, or an SQL expression reading it inside the same batch. */
  documentId: number | SQL | null;
  author: StockAuthor;
  /** Receipts written together however few they are (a delivery's lines, whose statements per line cost most of its write). */
  together?: boolean;
}

type Guard =
  | { kind: "level" | "batch"; change: StockChange }
  | { kind: "document" }
  | { kind: "commitments"; reservations: readonly Commitment[] }
  | { kind: "condition"; error: DomainError };

/** Units a sales document reserves (positive) or gives back (negative) at a location: stock_levels.committed. */
export interface Commitment {
  variantId: number;
  locationId: number;
  delta: number;
  /** The line's field named when the reservation is refused. */
  field: string;
}

/** Statements of one atomic batch, with the guards that can abort it and what each one means. */
export class StockBatch {
  readonly items: BatchItem<"sqlite">[] = [];
  private readonly guards = new Map<number, Guard>();
  // The levels this batch changes, announced by one outbox row at the end of the batch when someone listens (level-watchers.ts).
  private readonly changedLevels = new Map<string, { variantId: number; locationId: number }>();
  private documentType: string | undefined;

  private readonly db: TenantDb;
  private readonly outbox: Pick<Ctx["outbox"], "companyWhen">;
  private readonly listening: SQL | null;

  constructor(ctx: StockWriter, watchers: readonly LevelWatcher[] = LEVEL_WATCHERS) {
    this.db = ctx.db;
    this.outbox = ctx.outbox;
    this.listening = anyListening(watchers);
  }

  add(...items: BatchItem<"sqlite">[]): this {
    this.items.push(...items);
    return this;
  }

  /** A guard statement right after a conditional write: fails the batch when that write changed nothing. */
  private guard(guard: Guard) {
    this.guards.set(this.items.length, guard);
    this.items.push(this.db.run(GUARD));
  }

  /**
   * Claims a saved document for this batch: its updated_at must still be the one read, else another
   * edit got there first and this batch fails with `conflict` (a reversal is never applied twice).
   */
  claimDocument(
    documentId: number,
    seenUpdatedAt: number,
    table: "stock_documents" | "sales_documents" | "purchase_orders" = "stock_documents",
  ): this {
    this.add(
      this.db.run(
        sql`update ${sql.identifier(table)} set updated_at = max(${NOW}, updated_at + 1) where id = ${int(documentId)} and updated_at = ${int(seenUpdatedAt)}`,
      ),
    );
    this.guard({ kind: "document" });
    return this;
  }

  /** Adds the writes of some changes, in order: batch stock, moving average cost, level, ledger row. */
  addChanges(changes: readonly StockChange[], ctx: LedgerContext): this {
    const db = this.db;
    const allowed = negativeAllowed(ctx.author.forbidsNegative);
    this.documentType ??= ctx.documentType;
    const { together, alone } = setwise(changes, ctx.together ? 1 : SETWISE_FROM);
    if (together.length) this.addTogether(together, ctx);
    for (const c of alone) {
      this.changedLevels.set(`${c.variantId}:${c.locationId}`, { variantId: c.variantId, locationId: c.locationId });
      const d = int(c.delta);
      const variantId = int(c.variantId);
      const locationId = int(c.locationId);
      const batchId = c.newBatch ?? (c.batchId === null ? null : int(c.batchId));
      if (batchId !== null) {
        const rule =
          c.expected !== undefined ? sql`quantity = ${int(c.expected)}` : d >= 0n ? sql`1` : sql`(quantity + ${d} >= 0 or ${allowed})`;
        this.add(
          db.run(sql`insert into batch_stock (batch_id, location_id) values (${batchId}, ${locationId}) on conflict do nothing`),
          db.run(
            sql`update batch_stock set quantity = quantity + ${d} where batch_id = ${batchId} and location_id = ${locationId} and ${rule}`,
          ),
        );
        if (d < 0n || c.expected !== undefined) this.guard({ kind: "batch", change: c });
      }
      if (c.unitCost !== undefined && d > 0n) this.add(db.run(movingAverageCost(variantId, d, int(c.unitCost))));
      // A count on a batch sets the batch; the level follows by the same difference under the usual rule.
      const expected = c.batchId === null ? c.expected : undefined;
      const rule = expected !== undefined ? sql`on_hand = ${int(expected)}` : d >= 0n ? sql`1` : sql`(on_hand + ${d} >= 0 or ${allowed})`;
      this.add(
        db.run(sql`insert into stock_levels (variant_id, location_id) values (${variantId}, ${locationId}) on conflict do nothing`),
        db.run(
          sql`update stock_levels set on_hand = on_hand + ${d}, updated_at = ${NOW} where variant_id = ${variantId} and location_id = ${locationId} and ${rule}`,
        ),
      );
      if (d < 0n || expected !== undefined) this.guard({ kind: "level", change: c });
      const documentId = typeof ctx.documentId === "number" ? int(ctx.documentId) : ctx.documentId;
      this.add(
        db.run(sql`insert into inventory_logs (variant_id, location_id, batch_id, quantity_before, quantity_after, change, document_type, document_id, user_id)
          select variant_id, location_id, ${batchId}, on_hand - ${d}, on_hand, ${d}, ${ctx.documentType}, ${documentId}, ${ctx.author.userId}
          from stock_levels where variant_id = ${variantId} and location_id = ${locationId}`),
      );
    }
    return this;
  }

  /**
   * Many receipts at once (an entry of hundreds of lines): the same four steps, each one statement
   * for all of them. No guard is needed (nothing is taken away), and each variant comes once, so
   * its moving average cost is computed from what it held before, as a line of its own would be.
   */
  private addTogether(changes: readonly StockChange[], ctx: LedgerContext) {
    const db = this.db;
    const documentId = typeof ctx.documentId === "number" ? int(ctx.documentId) : ctx.documentId;
    for (let at = 0; at < changes.length; at += SETWISE_ROWS) {
      const part = changes.slice(at, at + SETWISE_ROWS);
      for (const c of part) this.changedLevels.set(`${c.variantId}:${c.locationId}`, { variantId: c.variantId, locationId: c.locationId });
      // Integers only, written as literals: hundreds of rows bound one by one cost more than the statement itself.
      const literal = (n: number) => String(BigInt(n));
      const rows = (each: (c: StockChange, n: number) => number[]) =>
        sql.raw(part.map((c, n) => `(${each(c, n).map(literal).join(", ")})`).join(", "));
      const costed = part.filter((c) => c.unitCost !== undefined);
      if (costed.length) {
        const values = sql.raw(costed.map((c) => `(${[c.variantId, c.delta, c.unitCost!].map(literal).join(", ")})`).join(", "));
        const cost = averagedCost(sql.raw("d.variant_id"), sql.raw("d.added"), sql.raw("d.unit_cost"));
        this.add(
          db.run(sql`with d(variant_id, added, unit_cost) as (values ${values})
            update variants set moving_average_cost = ${cost}, updated_at = ${NOW} from d where variants.id = d.variant_id`),
        );
      }
      const values = rows((c, n) => [n, c.variantId, c.locationId, c.delta]);
      this.add(
        db.run(
          sql`insert into stock_levels (variant_id, location_id) values ${rows((c) => [c.variantId, c.locationId])} on conflict do nothing`,
        ),
        db.run(sql`with d(n, variant_id, location_id, delta) as (values ${values})
          update stock_levels set on_hand = on_hand + d.delta, updated_at = ${NOW}
          from d where stock_levels.variant_id = d.variant_id and stock_levels.location_id = d.location_id`),
        db.run(sql`with d(n, variant_id, location_id, delta) as (values ${values})
          insert into inventory_logs (variant_id, location_id, batch_id, quantity_before, quantity_after, change, document_type, document_id, user_id)
          select s.variant_id, s.location_id, null, s.on_hand - d.delta, s.on_hand, d.delta, ${ctx.documentType}, ${documentId}, ${ctx.author.userId}
          from d join stock_levels s on s.variant_id = d.variant_id and s.location_id = d.location_id order by d.n`),
      );
    }
  }

  /**
   * A rule checked inside the batch, on what the statements before it wrote: when `condition` does
   * not hold, the batch fails with `error` (a rule that concurrent batches cannot both slip past).
   */
  requireThat(condition: SQL, error: DomainError): this {
    this.guards.set(this.items.length, { kind: "condition", error });
    this.items.push(this.db.run(sql`insert into stock_levels (variant_id, location_id) select null, null where not (${condition})`));
    return this;
  }

  /**
   * Reserves or releases units (stock_levels.committed). A reservation takes no more than is
   * available (availability.ts) unless negative stock is allowed (the same rule as a removal);
   * a release never takes committed below zero. Releases are written before reservations, the
   * lines of one level added up, all levels at once: three statements and a guard whatever the
   * number of lines (a statement a line cost most of a sales order's write).
   */
  addCommitments(commitments: readonly Commitment[], ctx: { documentType: string; author: StockAuthor }): this {
    const live = commitments.filter((c) => c.delta !== 0);
    if (live.length === 0) return this;
    this.documentType ??= ctx.documentType;
    for (const c of live) this.changedLevels.set(`${c.variantId}:${c.locationId}`, { variantId: c.variantId, locationId: c.locationId });
    // Integers only, written as literals (as receipts written together are).
    const values = (list: readonly Commitment[]) =>
      sql.raw(list.map((c) => `(${[c.variantId, c.locationId, c.delta].map((n) => String(BigInt(n))).join(", ")})`).join(", "));
    const summed = (list: readonly Commitment[]) =>
      sql`(select column1 as variant_id, column2 as location_id, sum(column3) as delta from (values ${values(list)}) group by column1, column2)`;
    this.add(
      this.db.run(
        sql`insert into stock_levels (variant_id, location_id) select variant_id, location_id from ${summed(live)} where true on conflict do nothing`,
      ),
    );
    const releases = live.filter((c) => c.delta < 0);
    if (releases.length)
      this.add(
        this.db.run(sql`update stock_levels set committed = max(0, committed + d.delta), updated_at = ${NOW}
          from ${summed(releases)} as d where stock_levels.variant_id = d.variant_id and stock_levels.location_id = d.location_id`),
      );
    const reservations = live.filter((c) => c.delta > 0);
    if (reservations.length) {
      const allowed = negativeAllowed(ctx.author.forbidsNegative);
      const levels = new Set(reservations.map((c) => `${c.variantId}:${c.locationId}`)).size;
      this.add(
        this.db.run(sql`update stock_levels set committed = committed + d.delta, updated_at = ${NOW}
          from ${summed(reservations)} as d where stock_levels.variant_id = d.variant_id and stock_levels.location_id = d.location_id
          and (${availableSql()} >= d.delta or ${allowed})`),
      );
      // Every level reserved from must have taken its units, else the batch fails.
      this.guards.set(this.items.length, { kind: "commitments", reservations });
      this.items.push(this.db.run(sql`insert into stock_levels (variant_id, location_id) select null, null where changes() <> ${levels}`));
    }
    return this;
  }

  /**
   * Adds to or takes from what is expected from suppliers (stock_levels.incoming): units ordered on
   * open purchase orders and not yet received. Never below zero; no guard (nothing is taken from stock).
   */
  addIncoming(changes: readonly { variantId: number; locationId: number; delta: number }[]): this {
    const live = changes.filter((c) => c.delta !== 0);
    if (live.length === 0) return this;
    for (const c of live) this.changedLevels.set(`${c.variantId}:${c.locationId}`, { variantId: c.variantId, locationId: c.locationId });
    this.documentType ??= "purchase_order";
    const values = sql.raw(
      live.map((c) => `(${[c.variantId, c.locationId, c.delta].map((n) => String(BigInt(n))).join(", ")})`).join(", "),
    );
    const summed = sql`(select column1 as variant_id, column2 as location_id, sum(column3) as delta from (values ${values}) group by column1, column2)`;
    return this.add(
      this.db.run(
        sql`insert into stock_levels (variant_id, location_id) select variant_id, location_id from ${summed} where true on conflict do nothing`,
      ),
      this.db.run(sql`update stock_levels set incoming = max(0, incoming + d.delta), updated_at = ${NOW}
        from ${summed} as d where stock_levels.variant_id = d.variant_id and stock_levels.location_id = d.location_id`),
    );
  }

  /** How many statements the batch holds so far: the index the next one's result will have. */
  get size(): number {
    return this.items.length;
  }

  /** Names the document this batch creates: a request's idempotency key is marked with it (batch-marks). */
  creates(resource: CreatedResource): this {
    this.created = resource;
    return this;
  }

  private created: CreatedResource | undefined;

  /**
   * Runs the batch. A fired guard becomes `insufficient_stock` (or `stock_changed` for a count
   * whose level moved since it was read), naming the line's field with the quantity now available.
   */
  async run(): Promise<unknown[]> {
    if (this.items.length === 0) return [];
    if (this.changedLevels.size && this.listening)
      this.add(
        this.outbox.companyWhen(
          "stock.level_changed",
          { documentType: this.documentType!, levels: [...this.changedLevels.values()] },
          this.listening,
        ),
      );
    try {
      // The handle's pending marks go last: the guards' indexes stay those of this.items.
      return await runMarkedBatch(this.db, this.items, this.created);
    } catch (error) {
      const index = statementIndex(error);
      const guard = index === null ? undefined : this.guards.get(index);
      if (!guard) throw error;
      throw await guardError(this.db, guard);
    }
  }
}

/** The index (in the batch) of the statement that failed, when the client tells it. */
function statementIndex(error: unknown): number | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const index = (e as { statementIndex?: unknown }).statementIndex;
    if (typeof index === "number") return index;
  }
  return null;
}

async function guardError(db: TenantDb, guard: Guard): Promise<DomainError> {
  if (guard.kind === "document") return new DomainError("conflict");
  if (guard.kind === "condition") return guard.error;
  if (guard.kind === "commitments") {
    const field = await refusedReservation(db, guard.reservations);
    return new DomainError("out_of_stock_not_allowed", {}, { [field]: { code: "out_of_stock_not_allowed" } });
  }
  const c = guard.change;
  if (guard.kind === "batch") {
    const [row] = await db.all<{ quantity: number }>(
      sql`select quantity from batch_stock where batch_id = ${c.batchId} and location_id = ${c.locationId}`,
    );
    const held = Number(row?.quantity ?? 0);
    if (c.expected !== undefined) return stockChanged(c.field, held);
    return insufficient(c.field, Math.max(0, held));
  }
  const [row] = await db
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(sql`${stockLevels.variantId} = ${c.variantId} and ${stockLevels.locationId} = ${c.locationId}`);
  if (c.expected !== undefined && c.batchId === null) return stockChanged(c.field, row?.onHand ?? 0);
  // A removal takes from on hand (an order's units go with it when it ships): what it could take.
  return insufficient(c.field, countedOnHand(row?.onHand ?? 0));
}

/**
 * The line a refused reservation names: the first whose units, added to those of the lines before
 * it at the same level, pass what the level has available now (read after the batch rolled back);
 * the first line when none does any more (another write freed units meanwhile).
 */
async function refusedReservation(db: TenantDb, reservations: readonly Commitment[]): Promise<string> {
  const pairs = sql.join(
    [...new Map(reservations.map((c) => [`${c.variantId}:${c.locationId}`, c])).values()].map(
      (c) => sql`(variant_id = ${c.variantId} and location_id = ${c.locationId})`,
    ),
    sql` or `,
  );
  const rows = await db.all<{ variant_id: number; location_id: number; available: number }>(
    sql`select variant_id, location_id, ${availableSql()} as available from stock_levels where ${pairs}`,
  );
  const available = new Map(rows.map((r) => [`${r.variant_id}:${r.location_id}`, Number(r.available)]));
  const taken = new Map<string, number>();
  for (const c of reservations) {
    const key = `${c.variantId}:${c.locationId}`;
    const total = (taken.get(key) ?? 0) + c.delta;
    taken.set(key, total);
    if (total > (available.get(key) ?? 0)) return c.field;
  }
  return reservations[0]!.field;
}

function insufficient(field: string, available: number): DomainError {
  const params = { available: qty(available) };
  return new DomainError("insufficient_stock", params, { [field]: { code: "insufficient_stock", params } });
}

function stockChanged(field: string, current: number): DomainError {
  const params = { current: qty(current) };
  return new DomainError("stock_changed", params, { [field]: { code: "stock_changed", params } });
}

/** Receipts written together from this many: three statements for all of them where each line would take three of its own (one line keeps its own). */
const SETWISE_FROM = 2;
/** Rows per statement of receipts written together (four values each, well within SQLite's limit). */
const SETWISE_ROWS = 500;

/**
 * The changes that can be written together: receipts (a positive change with no batch and no
 * expected quantity) of variants that no other change of the set names; the others, in order.
 */
function setwise(changes: readonly StockChange[], from: number): { together: StockChange[]; alone: readonly StockChange[] } {
  const named = new Map<number, number>();
  for (const c of changes) named.set(c.variantId, (named.get(c.variantId) ?? 0) + 1);
  const together = changes.filter(
    (c) => c.batchId === null && c.newBatch === undefined && c.expected === undefined && c.delta > 0 && named.get(c.variantId) === 1,
  );
  if (together.length < from) return { together: [], alone: changes };
  const set = new Set(together);
  return { together, alone: changes.filter((c) => !set.has(c)) };
}

/**
 * The weighted average of the stock held (all locations, negative counted as 0) and the units added
 * at their cost, computed inside the batch so that concurrent entries compose: mac + (cost - mac) × d / (q + d),
 * rounded half away from zero with integers (SQLite turns an overflowing product into a float, far past real stock).
 * The new `moving_average_cost` of a variant, from its id, the units added and their cost (values or columns).
 */
function averagedCost(variantId: SQL | bigint, added: SQL | bigint, unitCost: SQL | bigint): SQL {
  const held = sql`max(0, coalesce((select sum(on_hand) from stock_levels where variant_id = ${variantId}), 0))`;
  const total = sql`(${held} + ${added})`;
  const num = sql`((${unitCost} - moving_average_cost) * ${added})`;
  return sql`cast(moving_average_cost + (2 * ${num} + (case when ${num} >= 0 then 1 else -1 end) * ${total}) / (2 * ${total}) as integer)`;
}

function movingAverageCost(variantId: bigint, added: bigint, unitCost: bigint): SQL {
  return sql`update variants set moving_average_cost = ${averagedCost(variantId, added, unitCost)}, updated_at = ${NOW} where id = ${variantId}`;
}
