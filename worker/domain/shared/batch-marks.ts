import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantDb } from "../../../db/client";
import { confirmConditionalRows } from "./outbox";

/**
 * What a write batch creates, as its verb names it: a type that can be read back as the create
 * answers it (created-resources), and the new id, SQL read inside the batch (`insertedId`).
 */
export interface CreatedResource {
  // A key of CREATED_RESOURCES (created-resources.ts), which reads every kind of record and so
  // depends on every create: a plain string here keeps the two out of an import cycle. A type
  // with no reader answers 409 on a retry; the replay test runs every create of the API.
  type: string;
  id: number | SQL;
}

/**
 * A statement that must be saved with the next write batch run on a database handle (each request
 * and each queue delivery opens its own): an idempotency key marked committed, an outbox message
 * marked done. runBatch and StockBatch.run add it; once one such batch commits, it is spent.
 */
export interface BatchMark {
  statement(db: TenantDb, created: CreatedResource | undefined): BatchItem<"sqlite">;
  /** Called once a batch carrying the mark committed. */
  written?(): void;
}

const pending = new WeakMap<object, Set<BatchMark>>();

/** Puts a mark on the handle's next write batch. */
export function holdBatchMark(db: object, mark: BatchMark): void {
  const marks = pending.get(db) ?? new Set<BatchMark>();
  marks.add(mark);
  pending.set(db, marks);
}

/** Takes a mark back (its request answered, or gave up). */
export function dropBatchMark(db: object, mark: BatchMark): void {
  pending.get(db)?.delete(mark);
}

/**
 * Runs a write batch with the handle's pending marks appended after its own statements; answers
 * the results of its own statements only (callers read them by position).
 */
export async function runMarkedBatch(
  db: TenantDb,
  statements: readonly BatchItem<"sqlite">[],
  created?: CreatedResource,
): Promise<unknown[]> {
  const marks = [...(pending.get(db) ?? [])];
  const items = [...statements, ...marks.map((m) => m.statement(db, created))];
  const results = await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  confirmConditionalRows(db, items, results);
  for (const mark of marks) {
    dropBatchMark(db, mark);
    mark.written?.();
  }
  return results.slice(0, statements.length);
}

/**
 * One insert (with its `returning`) run as a write batch that names the record it creates: its
 * rows, typed as the insert would answer them alone.
 */
export async function runCreatingInsert<T>(
  db: TenantDb,
  insert: BatchItem<"sqlite"> & PromiseLike<T>,
  created: CreatedResource,
): Promise<T> {
  const [rows] = await runMarkedBatch(db, [insert], created);
  return rows as T;
}
