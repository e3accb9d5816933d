import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { OperationError } from "../../../db/schema/tenant/company";
import { signedInUser } from "../identity/actor";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { companyOutboxRowNaming } from "../shared/outbox";
import { IMPORTERS } from "./importers";
import { isExport, type OperationStatus } from "./progress";

const { backgroundOperations: ops } = tenantSchema;

/** The operations menus show this many, newest first (platform spec §7: page 0, size 10, id descending). */
export const OPERATIONS_SHOWN = 10;
/** At most this many errors are kept on an operation; the last one says how many more there were. */
export const MAX_OPERATION_ERRORS = 200;

export type OperationRow = typeof ops.$inferSelect;

/** An operation as the menus show it (platform spec §3 Background operation). */
export interface OperationView {
  id: number;
  batch_id: string;
  label: string;
  type: string;
  status: OperationStatus;
  progress: number;
  errors: OperationError[];
  created: number;
  /** When it last changed (the live channel's lag is measured from it). */
  updated: number;
  /** Completed with a file to download (an export). */
  downloadable: boolean;
  /** An import that can still be undone: one that created records and updated none (an update keeps no earlier values). */
  revertable: boolean;
  /** What the operation did (rows read, records created and updated, stock cells left aside by updates), for the import history. */
  result: { rows?: number; created?: number; updated?: number; kept?: number; stock_ignored?: number };
  file_name: string | null;
}

export function operationView(row: OperationRow): OperationView {
  const result = row.result as OperationView["result"];
  return {
    id: row.id,
    batch_id: row.batchId,
    label: row.label,
    type: row.type,
    status: row.status,
    progress: row.progress,
    errors: row.errors,
    created: row.createdAt,
    updated: row.updatedAt,
    downloadable: row.status === "completed" && row.fileKey !== null,
    revertable:
      row.type === "import" &&
      // An import whose kind can be undone (not a stock count: the levels have moved since).
      Boolean(IMPORTERS[String(row.params.kind)]?.revert) &&
      (row.status === "completed" || row.status === "cancelled") &&
      (result.created ?? 0) > 0 &&
      !result.updated,
    result: {
      rows: result.rows,
      created: result.created,
      kept: result.kept,
      ...(result.updated !== undefined ? { updated: result.updated } : {}),
      ...(result.stock_ignored ? { stock_ignored: result.stock_ignored } : {}),
    },
    file_name: row.fileName,
  };
}

/** What starts an operation: its kind of work and what that work needs to run (again, after a crash). */
export interface NewOperation {
  type: "export" | "export_bulk_pdf" | "import" | "test_content" | "test_content_removal";
  label: string;
  params: Record<string, unknown>;
}

/**
 * Records an operation for the signed-in user and, in the same batch, the outbox message that
 * hands it to the jobs queue: an operation is never saved without its work, nor the reverse.
 */
export async function startOperation(ctx: Ctx, input: NewOperation): Promise<OperationView> {
  const user = signedInUser(ctx.actor);
  const batchId = ctx.newId();
  const params = { ...input.params, user: { id: user.userId, permissions: user.permissions, language: user.language } };
  const [inserted] = (await ctx.db.batch([
    ctx.db
      .insert(ops)
      .values({ batchId, label: input.label, type: input.type, userId: user.userId, params, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning(),
    companyOutboxRowNaming(ctx.db, "operation.run", sql`json_object('batchId', ${batchId})`),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [OperationRow[]];
  return operationView(inserted[0]!);
}

/** The signed-in user's latest operations, newest first. */
export async function listOperations(ctx: Ctx, options: { type?: string } = {}): Promise<OperationView[]> {
  const user = signedInUser(ctx.actor);
  const rows = await ctx.db
    .select()
    .from(ops)
    .where(and(eq(ops.userId, user.userId), options.type ? eq(ops.type, options.type) : undefined))
    .orderBy(desc(ops.id))
    .limit(OPERATIONS_SHOWN);
  return rows.map(operationView);
}

/** One of the signed-in user's operations; another's is not found. */
export async function ownOperation(ctx: Ctx, batchId: unknown): Promise<OperationRow> {
  const user = signedInUser(ctx.actor);
  if (typeof batchId !== "string" || batchId.length === 0 || batchId.length > 64) throw new DomainError("not_found");
  const [row] = await ctx.db
    .select()
    .from(ops)
    .where(and(eq(ops.batchId, batchId), eq(ops.userId, user.userId)))
    .limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

/**
 * Cancels a running operation: the work stops before its next chunk (each chunk is written in one
 * batch, so none is left half-written). Only an operation in progress can be cancelled.
 */
export async function cancelOperation(ctx: Ctx, batchId: unknown): Promise<OperationView> {
  const row = await ownOperation(ctx, batchId);
  const [updated] = await ctx.db
    .update(ops)
    .set({ status: "cancelled", updatedAt: ctx.now() })
    .where(and(eq(ops.id, row.id), eq(ops.status, "in_progress")))
    .returning();
  if (!updated) throw new DomainError("operation_not_running");
  return operationView(updated);
}

/** Undoes an import (what it created and nothing else has used since), in the background. */
export async function revertOperation(ctx: Ctx, batchId: unknown): Promise<OperationView> {
  const row = await ownOperation(ctx, batchId);
  if (!operationView(row).revertable) throw new DomainError("operation_not_revertable");
  const [updated] = (await ctx.db.batch([
    ctx.db
      .update(ops)
      .set({ status: "revert_in_progress", progress: 0, updatedAt: ctx.now() })
      .where(and(eq(ops.id, row.id), sql`${ops.status} in ('completed', 'cancelled')`))
      .returning(),
    companyOutboxRowNaming(ctx.db, "operation.run", sql`json_object('batchId', ${row.batchId})`),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [OperationRow[]];
  if (!updated[0]) throw new DomainError("operation_not_revertable");
  return operationView(updated[0]);
}

/** The file of a completed export, for its download. */
export async function operationDownload(ctx: Ctx, batchId: unknown): Promise<{ key: string; name: string }> {
  const row = await ownOperation(ctx, batchId);
  if (row.status !== "completed" || !row.fileKey) throw new DomainError("not_found");
  return { key: row.fileKey, name: row.fileName ?? "export" };
}

/** The statement that saves where the work stands (progress, result, errors); status only moves as the row allows. */
export function saveProgress(
  db: TenantDb,
  id: number,
  change: {
    progress?: number;
    result?: Record<string, unknown>;
    status?: OperationStatus;
    errors?: OperationError[];
    fileKey?: string;
    fileName?: string;
  },
  now: number,
  from: OperationStatus,
) {
  return db
    .update(ops)
    .set({ ...change, updatedAt: now })
    .where(and(eq(ops.id, id), eq(ops.status, from)))
    .returning();
}

/** Kept errors: the first MAX_OPERATION_ERRORS, then one saying how many more (its count as a param). */
export function keptErrors(errors: OperationError[]): OperationError[] {
  if (errors.length <= MAX_OPERATION_ERRORS) return errors;
  return [
    ...errors.slice(0, MAX_OPERATION_ERRORS),
    { message: "operation_more_errors", params: { count: errors.length - MAX_OPERATION_ERRORS } },
  ];
}

export { isExport };
