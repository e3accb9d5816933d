import { and, eq, inArray, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import type { OperationError } from "../../../db/schema/tenant/company";
import { translate } from "../../../locales";
import type { SystemActor } from "../identity/actor";
import { documentPdf, type OutputDocumentType } from "../documents/outputs";
import { GENERATE_TYPE, REMOVE_TYPE, runTestContent, runTestContentRemoval } from "../onboarding/test-content";
import { runPriceUpdate, runPriceUpdateRevert } from "../products/price-updates";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import type { Locale } from "../shared/locale";
import { EXPORT_LISTS } from "./export-lists";
import { checkMapping, mappedRows, operationErrors, rowErrors, type ImportItem, type ImportMapping, type ImportMode } from "./importer";
import { IMPORTERS } from "./importers";
import { keptErrors, operationView, saveProgress, type OperationRow, type OperationView } from "./operations";
import type { OperationStatus } from "./progress";
import { readSpreadsheet, writeCsv, writeXlsx, type ExportCell, type SpreadsheetFormat } from "./spreadsheets";

const { backgroundOperations: ops, importRecords } = tenantSchema;

/** Rows read per chunk of an export (the lists' largest page). */
export const EXPORT_PAGE = 500;
/** Records written per chunk of an import: one batch each, so a cancel or a crash never leaves half of one. */
export const IMPORT_CHUNK = 1000;
/** Records updated per chunk: each is read and checked by the update verbs before the chunk's one batch. */
export const UPDATE_CHUNK = 200;
/** Records checked per call of the verb while validating (nothing is written). */
const CHECK_CHUNK = 1000;
/** Records undone per chunk of a revert. */
const REVERT_CHUNK = 200;

/** Where an operation's changes go as they happen: its user's open menus. */
export interface OperationChannel {
  publish(userId: string, operation: OperationView): Promise<void>;
}

interface OperationUser {
  id: string;
  permissions: string[];
  language: Locale;
}

/** One run of an operation: its row as last saved, and the saves that move it on. */
class Run {
  constructor(
    readonly ctx: Ctx,
    public row: OperationRow,
    private readonly channel: OperationChannel,
  ) {}

  get result(): Record<string, unknown> {
    return this.row.result;
  }

  /** Whether the operation is still in the status this run works in (a cancel moves it out). */
  async stillRunning(): Promise<boolean> {
    const [now] = await this.ctx.db.select({ status: ops.status }).from(ops).where(eq(ops.id, this.row.id));
    return now?.status === this.row.status;
  }

  /**
   * Saves where the work stands, with the chunk's own statements in the same batch; answers
   * false when the operation left this run's status meanwhile (cancelled): nothing is saved then.
   */
  async save(change: Parameters<typeof saveProgress>[2], statements: BatchItem<"sqlite">[] = []): Promise<boolean> {
    const { db } = this.ctx;
    const update = saveProgress(db, this.row.id, change, this.ctx.now(), this.row.status);
    const results: unknown[] = statements.length
      ? await db.batch([...statements, update] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])
      : [await update];
    const [saved] = results[results.length - 1] as OperationRow[];
    if (!saved) return false;
    this.row = saved;
    await this.publish();
    return true;
  }

  async fail(errors: OperationError[], status: OperationStatus = "cancelled"): Promise<void> {
    await this.save({ status, errors: keptErrors(errors) });
  }

  async publish(): Promise<void> {
    if (!this.row.userId) return;
    try {
      await this.channel.publish(this.row.userId, operationView(this.row));
    } catch (error) {
      // The menus also poll: a missed push only delays what they show.
      console.error("operation progress not pushed", error);
    }
  }
}

/**
 * Runs an operation from where it stands, as the user who started it (their permissions, their
 * language): an export, an import or a price update in progress, or the revert of an import or of
 * a price update. A message delivered again finds the work saved chunk by chunk and goes on from there.
 */
export async function runOperation(system: Ctx, batchId: string, channel: OperationChannel): Promise<void> {
  const [row] = await system.db.select().from(ops).where(eq(ops.batchId, batchId)).limit(1);
  if (!row) return;
  const user = row.params.user as OperationUser;
  const actor: SystemActor = {
    kind: "system",
    company: system.actor.company,
    permissions: user.permissions,
    source: `operation:${batchId}`,
  };
  const run = new Run({ ...system, actor, locale: user.language }, row, channel);
  try {
    if (row.status === "in_progress" && row.type === "export") await runExport(run);
    else if (row.status === "in_progress" && row.type === "export_bulk_pdf") await runBulkPdf(run);
    else if (row.status === "in_progress" && row.type === "import") await runImport(run);
    else if (row.status === "in_progress" && row.type === "price_update") await runPriceUpdate(run);
    else if (row.status === "revert_in_progress" && row.type === "price_update") await runPriceUpdateRevert(run);
    else if (row.status === "in_progress" && row.type === GENERATE_TYPE) await runTestContent(run);
    else if (row.status === "in_progress" && row.type === REMOVE_TYPE) await runTestContentRemoval(run);
    else if (row.status === "revert_in_progress") await revertImport(run);
  } catch (error) {
    // A refusal of the domain ends the operation with its message; anything else is retried by the queue.
    if (!(error instanceof DomainError)) throw error;
    await run.fail([{ message: error.code, ...(Object.keys(error.params).length ? { params: error.params } : {}) }]);
  }
}

interface ExportParams {
  list: string;
  query: string;
  columns: { key: string; label: string }[];
  format: SpreadsheetFormat;
}

const partKey = (run: Run, page: number) => `operations/${run.row.batchId}/part-${page}.json`;

/** An export: the list page by page into parts in the files bucket, then one file made of them. */
async function runExport(run: Run): Promise<void> {
  const params = run.row.params as unknown as ExportParams;
  const list = EXPORT_LISTS[params.list];
  if (!list) throw new DomainError("not_found");
  const columns = params.columns.filter((c) => c.key in list.columns);
  let { next = 0, rows = 0, total } = run.result as { next?: number; rows?: number; total?: number };
  for (;;) {
    if (!(await run.stillRunning())) return;
    const query = new URLSearchParams(params.query);
    query.set("page", String(next));
    query.set("page_size", String(EXPORT_PAGE));
    if (total === undefined) query.set("total_count", "true");
    else query.delete("total_count");
    const page = await list.run(run.ctx, query);
    total ??= page.totalCount ?? 0;
    const cells: ExportCell[][] = list.sheet
      ? (await list.sheet(run.ctx, page.items)).rows
      : page.items.map((item) => columns.map((c) => list.columns[c.key]!(item, run.ctx.locale)));
    await run.ctx.files.put(partKey(run, next), new TextEncoder().encode(JSON.stringify(cells)));
    next += 1;
    rows += page.items.length;
    if (page.items.length < EXPORT_PAGE) break;
    // The last tenth is the file's assembly.
    if (!(await run.save({ progress: Math.min(90, Math.floor((rows / Math.max(total, 1)) * 90)), result: { next, rows, total } }))) return;
  }
  const all: ExportCell[][] = [];
  for (let page = 0; page < next; page++) {
    const part = await run.ctx.files.get(partKey(run, page));
    if (part) all.push(...(JSON.parse(await new Response(part.body).text()) as ExportCell[][]));
  }
  const title = translate(run.ctx.locale, list.title);
  const header = list.sheet ? (await list.sheet(run.ctx, [])).header : columns.map((c) => c.label);
  const bytes = params.format === "csv" ? writeCsv(header, all) : writeXlsx(header, all, title);
  const fileName = `${title}-${new Date(run.ctx.now()).toISOString().slice(0, 10)}.${params.format}`;
  const fileKey = await run.ctx.files.put(`exports/${run.row.batchId}.${params.format}`, bytes, {
    httpMetadata: {
      contentType: params.format === "csv" ? "text/csv" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    },
  });
  await run.save({ status: "completed", progress: 100, fileKey, fileName, result: { next, rows, total } });
  for (let page = 0; page < next; page++) await run.ctx.files.delete(partKey(run, page));
}

/** Documents rendered per chunk of a bulk PDF. */
const PDF_CHUNK = 10;

/**
 * A bulk PDF: the documents' PDFs rendered a chunk at a time into parts in the files bucket, then
 * their pages copied into one PDF. A document deleted since is said in the errors and left out.
 */
async function runBulkPdf(run: Run): Promise<void> {
  const params = run.row.params as { type: OutputDocumentType; ids: number[]; title: string };
  const { files } = run.ctx;
  const pdfPart = (n: number) => `operations/${run.row.batchId}/part-${n}.pdf`;
  let { next = 0, missing = [] } = run.result as { next?: number; missing?: number[] };
  const chunks = Math.ceil(params.ids.length / PDF_CHUNK);
  for (; next < chunks;) {
    if (!(await run.stillRunning())) return;
    const merged = await PDFDocument.create();
    for (const id of params.ids.slice(next * PDF_CHUNK, (next + 1) * PDF_CHUNK)) {
      let bytes: Uint8Array;
      try {
        ({ bytes } = await documentPdf(run.ctx, { type: params.type, id }));
      } catch (error) {
        if (!(error instanceof DomainError && error.code === "not_found")) throw error;
        missing = [...missing, id];
        continue;
      }
      const one = await PDFDocument.load(bytes);
      for (const page of await merged.copyPages(one, one.getPageIndices())) merged.addPage(page);
    }
    await files.put(pdfPart(next), await merged.save());
    next += 1;
    if (!(await run.save({ progress: Math.min(90, Math.floor((next / chunks) * 90)), result: { next, missing } }))) return;
  }
  const all = await PDFDocument.create();
  for (let n = 0; n < chunks; n++) {
    const part = await files.get(pdfPart(n));
    if (!part) continue;
    const doc = await PDFDocument.load(new Uint8Array(await new Response(part.body).arrayBuffer()));
    for (const page of await all.copyPages(doc, doc.getPageIndices())) all.addPage(page);
  }
  const title = translate(run.ctx.locale, params.title);
  const fileKey = await files.put(`exports/${run.row.batchId}.pdf`, await all.save(), { httpMetadata: { contentType: "application/pdf" } });
  await run.save({
    status: "completed",
    progress: 100,
    fileKey,
    fileName: `${title}-${new Date(run.ctx.now()).toISOString().slice(0, 10)}.pdf`,
    result: { next, missing, rows: params.ids.length - missing.length },
    errors: missing.length ? [{ message: "bulk_pdf_missing", params: { count: missing.length } }] : [],
  });
  for (let n = 0; n < chunks; n++) await files.delete(pdfPart(n));
}

interface ImportParams {
  kind: string;
  fileKey: string;
  fileName: string;
  format: SpreadsheetFormat;
  mapping: ImportMapping;
  /** Absent from imports started before modes existed: they only created. */
  mode?: ImportMode;
}

const slices = (items: ImportItem[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * An import: every row checked first (nothing written if one is wrong), then written chunk by
 * chunk through the verbs: the new records first, then the updates (only what differs).
 */
async function runImport(run: Run): Promise<void> {
  const params = run.row.params as unknown as ImportParams;
  const mode = params.mode ?? "create";
  const importer = IMPORTERS[params.kind];
  if (!importer) throw new DomainError("not_found");
  const object = await run.ctx.files.get(params.fileKey);
  if (!object) return run.fail([{ message: "import_file_expired" }]);
  const sheet = await readSpreadsheet(params.format, new Uint8Array(await new Response(object.body).arrayBuffer()));
  const columns = await importer.columns(run.ctx);
  const mappingErrors = checkMapping(params.mapping, columns, sheet[0]!.length, mode);
  if (mappingErrors.length) return run.fail(operationErrors(mappingErrors));
  const mapped = mappedRows(sheet, params.mapping, columns);
  const plan = await importer.plan(run.ctx, mapped.rows, { mode, operationId: run.row.id });
  const errors = [...mapped.errors, ...plan.errors];
  const creates = plan.items.filter((i) => !i.update);
  const updates = plan.items.filter((i) => i.update);
  const saved = run.result as { next?: number; created?: number; updated?: number; checked?: boolean };
  let { next = 0, created = 0, updated = 0, checked = false } = saved;
  const rows = sheet.length - 1;
  const summary = () => ({ next, created, updated, checked, rows, ...(plan.stockIgnored ? { stock_ignored: plan.stockIgnored } : {}) });

  if (!checked) {
    // Every record through the verbs' own rules, nothing written; the first fifth of the bar.
    if (!errors.length) {
      for (const chunk of slices(creates, CHECK_CHUNK))
        try {
          await importer.check(
            run.ctx,
            chunk.map((i) => i.input),
          );
        } catch (error) {
          errors.push(...rowErrors(error, chunk, plan.columns, false));
        }
      for (const chunk of slices(updates, CHECK_CHUNK))
        try {
          await importer.checkUpdates!(run.ctx, chunk);
        } catch (error) {
          errors.push(...rowErrors(error, chunk, plan.columns, false));
        }
    }
    if (errors.length) return run.fail(operationErrors(errors));
    checked = true;
    if (!(await run.save({ progress: 20, result: summary() }))) return;
  }

  const { db } = run.ctx;
  // Each chunk is new records or updates, never both: one batch each, with its marker.
  const chunks = [
    ...slices(creates, importer.chunkSize ?? IMPORT_CHUNK).map((items) => ({ items, update: false })),
    ...slices(updates, UPDATE_CHUNK).map((items) => ({ items, update: true })),
  ];
  for (; next < chunks.length;) {
    if (!(await run.stillRunning())) return;
    const chunk = chunks[next]!;
    // A chunk written before a crash is not written again (its own record says it was).
    const [done] = await db
      .select({ id: importRecords.id })
      .from(importRecords)
      .where(and(eq(importRecords.operationId, run.row.id), eq(importRecords.entity, "chunk"), eq(importRecords.entityId, next)));
    let made = 0;
    let changed = 0;
    if (!done) {
      const records = {
        operationId: run.row.id,
        marker: db.run(sql`insert into import_records (operation_id, entity, entity_id) values (${run.row.id}, 'chunk', ${next})`),
      };
      try {
        if (chunk.update) changed = (await importer.writeUpdates!(run.ctx, chunk.items, records)).updated;
        else {
          const written = await importer.write(run.ctx, chunk.items, records);
          made = written.ids.length;
          if (written.stockDocumentIds.length)
            await db
              .insert(importRecords)
              .values(
                written.stockDocumentIds.map((entityId) => ({ operationId: run.row.id, entity: "stock_document" as const, entityId })),
              );
        }
      } catch (error) {
        // Someone changed the data since the check (a sku taken meanwhile): the import stops here, its chunks so far kept.
        if (!(error instanceof DomainError)) throw error;
        return run.fail(operationErrors(rowErrors(error, chunk.items, plan.columns, false)));
      }
    }
    next += 1;
    created += made;
    updated += changed;
    const last = next >= chunks.length;
    const progress = 20 + Math.floor((next / chunks.length) * 80);
    if (
      !(await run.save({
        progress: last ? 100 : Math.min(99, progress),
        result: summary(),
        ...(last ? { status: "completed" as const } : {}),
      }))
    )
      return;
  }
  if (chunks.length === 0) await run.save({ status: "completed", progress: 100, result: summary() });
}

/**
 * The revert of an import: what it created is deleted where nothing else has used it since (its
 * own stock entries go with it); what is kept is counted and said.
 */
async function revertImport(run: Run): Promise<void> {
  const { db } = run.ctx;
  const importer = IMPORTERS[(run.row.params as unknown as ImportParams).kind];
  const entity = importer?.entity;
  if (!importer?.revert || !entity || entity === "stock_document") throw new DomainError("operation_not_revertable");
  const ids = (
    await db
      .select({ id: importRecords.entityId })
      .from(importRecords)
      .where(and(eq(importRecords.operationId, run.row.id), eq(importRecords.entity, entity)))
  ).map((r) => r.id);
  const stockDocuments = (
    await db
      .select({ id: importRecords.entityId })
      .from(importRecords)
      .where(and(eq(importRecords.operationId, run.row.id), eq(importRecords.entity, "stock_document")))
  ).map((r) => r.id);
  let kept = (run.result.kept as number | undefined) ?? 0;
  let done = (run.result.reverted as number | undefined) ?? 0;
  for (let at = 0; at < ids.length; at += REVERT_CHUNK) {
    if (!(await run.stillRunning())) return;
    const chunk = ids.slice(at, at + REVERT_CHUNK);
    const outcome = await importer.revert(run.ctx, chunk, stockDocuments);
    kept += outcome.kept.length;
    done += outcome.deleted.length;
    const forget = db
      .delete(importRecords)
      .where(
        and(eq(importRecords.operationId, run.row.id), eq(importRecords.entity, entity), inArray(importRecords.entityId, outcome.deleted)),
      );
    const progress = Math.floor((Math.min(at + REVERT_CHUNK, ids.length) / Math.max(ids.length, 1)) * 99);
    if (!(await run.save({ progress, result: { ...run.result, kept, reverted: done } }, outcome.deleted.length ? [forget] : []))) return;
  }
  await run.save({
    status: "reverted",
    progress: 100,
    result: { ...run.result, kept, reverted: done },
    errors: kept ? [{ message: "import_revert_kept", params: { count: kept } }] : [],
  });
}
