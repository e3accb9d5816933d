import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { SalesLineRow } from "../sales/sales-lines";
import { FieldIssues } from "../shared/input";
import type { StockBatch } from "../stock/ledger";
import type { StockChange } from "../stock/stock-rules";
import type { Source } from "./made-from";

/**
 * The batches a return's goods go back into (domain spec §5: a batch-tracked variant's stock is
 * the sum of its batches'). Each chosen line of a batch-tracked variant names its batch
 * (`lines.N.batch_id`), else takes the one batch its units were shipped from, when the shipping
 * orders of its source took them from one batch only; several batches (or none known) and no
 * batch named is `batch_required`. One source line chosen twice with two batches splits its units
 * between them. The new return line keeps its batches in sales_line_batches, as a shipping order's
 * line does, so that receiving it later and cancelling it move the same batches.
 * Kit components are not split by batch here: they come back as the kit's units, without a batch.
 */

const { variants, batches } = tenantSchema;

export interface ReturnedLine {
  line_id: number;
  quantity: number;
  batch_id?: number | null | undefined;
}

/** Per source line id: the batches its returned units go into, with the quantity (the caller's quantity unit) of each. */
export type BatchSplits = Map<number, { batchId: number; quantity: number }[]>;

/** The batches shipping orders (not cancelled) took a source line's units from, whether it is an order's line, a shipment's or an invoice's of either. */
function shippedBatchesSql(lineIds: readonly number[]): SQL {
  const ids = sql.join(
    lineIds.map((id) => sql`${BigInt(id)}`),
    sql`, `,
  );
  return sql`with s(id, up) as (select id, source_line_id from sales_document_lines where id in (${ids}))
    select distinct s.id as source_line_id, b.batch_id as batch_id
    from s
    join sales_document_lines x on x.id in (s.id, s.up) or x.source_line_id in (s.id, s.up)
    join sales_documents d on d.id = x.document_id and d.type = 'shipping_order' and d.status <> 'cancelled'
    join sales_line_batches b on b.line_id = x.id`;
}

/** Checks and completes the chosen lines' batches; throws `validation_failed` naming `lines.N.batch_id`. */
export async function returnBatches(db: TenantDb, source: Source, chosen: readonly ReturnedLine[] | undefined): Promise<BatchSplits> {
  const named = chosen !== undefined;
  const list: readonly ReturnedLine[] =
    chosen ?? [...source.remaining].filter(([, q]) => q > 0).map(([line_id, quantity]) => ({ line_id, quantity }));
  const lineById = new Map(source.lines.map((l) => [l.id, l]));
  const variantIds = [...new Set(source.lines.map((l) => l.variantId).filter((v): v is number => v !== null))];
  const given = [...new Set(list.map((c) => c.batch_id).filter((b): b is number => b !== null && b !== undefined))];
  const lineIds = [...new Set(list.map((c) => c.line_id).filter((id) => lineById.has(id)))];
  if (variantIds.length === 0 || lineIds.length === 0) return new Map();
  const [tracked, named_batches, shipped] = await db.batch([
    db
      .select({ id: variants.id, batchTracked: variants.batchTracked, trackInventory: variants.trackInventory })
      .from(variants)
      .where(inArray(variants.id, variantIds)),
    db
      .select({ id: batches.id, variantId: batches.variantId })
      .from(batches)
      .where(inArray(batches.id, given.length ? given : [-1])),
    db.all<{ source_line_id: number; batch_id: number }>(shippedBatchesSql(lineIds)),
  ]);
  const byVariant = new Map(tracked.map((v) => [v.id, v]));
  const batchOf = new Map(named_batches.map((b) => [b.id, b]));
  const shippedFrom = Map.groupBy(shipped, (r) => Number(r.source_line_id));
  const issues = new FieldIssues();
  const splits: BatchSplits = new Map();
  list.forEach((c, i) => {
    const at = named ? `lines.${i}.batch_id` : "lines";
    const line = lineById.get(c.line_id);
    // An unknown line is checkChosen's to name; a line without a variant (a service) has no batch.
    if (!line || line.variantId === null || (line.kind !== "variant" && line.kind !== "pack")) {
      if (c.batch_id != null) issues.add(at, "not_batch_tracked");
      return;
    }
    const variant = byVariant.get(line.variantId);
    const batched = variant !== undefined && variant.trackInventory && variant.batchTracked;
    let batchId: number | null = null;
    if (c.batch_id != null) {
      const batch = batchOf.get(c.batch_id);
      if (!batched) return issues.add(at, "not_batch_tracked");
      if (!batch || batch.variantId !== line.variantId) return issues.add(at, "unknown_batch");
      batchId = batch.id;
    } else if (batched) {
      const from = shippedFrom.get(line.id) ?? [];
      if (from.length !== 1) return issues.add(at, "batch_required");
      batchId = Number(from[0]!.batch_id);
    }
    if (batchId !== null) splits.set(line.id, [...(splits.get(line.id) ?? []), { batchId, quantity: c.quantity }]);
  });
  issues.throwIfAny();
  return splits;
}

/** A priced return line's units split over its batches (the last batch takes what rounding leaves); none when it has no batches. */
function unitsByBatch(line: SalesLineRow, split: readonly { batchId: number; quantity: number }[]): { batchId: number; units: number }[] {
  const whole = split.reduce((n, s) => n + s.quantity, 0);
  const merged = new Map<number, number>();
  const all = line.units ?? 0;
  let left = all;
  split.forEach((s, i) => {
    const units = i === split.length - 1 ? left : Math.floor((all * s.quantity) / whole);
    left -= units;
    merged.set(s.batchId, (merged.get(s.batchId) ?? 0) + units);
  });
  return [...merged].filter(([, units]) => units > 0).map(([batchId, units]) => ({ batchId, units }));
}

/**
 * The stock changes of a return's priced lines as they come back at `locationId`: a batch-tracked
 * line's units into its batches, any other stocked line's (and kit components') without a batch.
 * `sourceLineOf` gives the source line a new line follows (by lid).
 */
export function returnedChanges(
  lines: readonly SalesLineRow[],
  sourceLineOf: (lid: string) => number | null,
  splits: BatchSplits,
  locationId: number,
): StockChange[] {
  let top = -1;
  return lines.flatMap((l): StockChange[] => {
    if (l.componentOfLid === null) top++;
    if (l.variantId === null || l.variantId === undefined || !l.committedUnits) return [];
    const field = `lines.${top}.quantity`;
    const source = l.componentOfLid === null ? sourceLineOf(l.lid) : null;
    const split = source === null ? undefined : splits.get(source);
    if (!split) return [{ variantId: l.variantId, locationId, batchId: null, delta: l.committedUnits, field }];
    return unitsByBatch(l, split).map((b) => ({ variantId: l.variantId!, locationId, batchId: b.batchId, delta: b.units, field }));
  });
}

/** The new return's lines' batches, written in its batch (the line found by its document and source line). */
export function addLineBatches(
  db: TenantDb,
  batch: StockBatch,
  documentId: SQL,
  lines: readonly SalesLineRow[],
  sourceLineOf: (lid: string) => number | null,
  splits: BatchSplits,
): void {
  for (const l of lines) {
    if (l.componentOfLid !== null) continue;
    const source = sourceLineOf(l.lid);
    const split = source === null ? undefined : splits.get(source);
    if (!split) continue;
    for (const b of unitsByBatch(l, split))
      batch.add(
        db.run(sql`insert into sales_line_batches (line_id, batch_id, quantity)
          select id, ${BigInt(b.batchId)}, ${BigInt(b.units)} from sales_document_lines where document_id = ${documentId} and lid = ${l.lid}`),
      );
  }
}

/** What a return form offers a batch-tracked line: the variant's batches (newest first) and the one batch it shipped from, if one; by source line id. */
export async function batchChoices(
  db: TenantDb,
  source: Source,
): Promise<Map<number, { batches: { id: number; number: string; expiration_date: string | null }[]; shipped: number | null }>> {
  const lines = source.lines.filter(
    (l) => l.variantId !== null && (l.kind === "variant" || l.kind === "pack") && source.remaining.has(l.id),
  );
  const variantIds = [...new Set(lines.map((l) => l.variantId!))];
  if (variantIds.length === 0) return new Map();
  const [tracked, known, shipped] = await db.batch([
    db
      .select({ id: variants.id })
      .from(variants)
      .where(and(inArray(variants.id, variantIds), eq(variants.batchTracked, true), eq(variants.trackInventory, true))),
    db
      .select({ id: batches.id, variantId: batches.variantId, number: batches.number, expirationDate: batches.expirationDate })
      .from(batches)
      .where(inArray(batches.variantId, variantIds))
      .orderBy(desc(batches.id)),
    db.all<{ source_line_id: number; batch_id: number }>(shippedBatchesSql(lines.map((l) => l.id))),
  ]);
  const batched = new Set(tracked.map((v) => v.id));
  const ofVariant = Map.groupBy(known, (b) => b.variantId);
  const shippedFrom = Map.groupBy(shipped, (r) => Number(r.source_line_id));
  const choices = new Map<number, { batches: { id: number; number: string; expiration_date: string | null }[]; shipped: number | null }>();
  for (const l of lines) {
    if (!batched.has(l.variantId!)) continue;
    const from = shippedFrom.get(l.id) ?? [];
    choices.set(l.id, {
      batches: (ofVariant.get(l.variantId!) ?? []).map((b) => ({ id: b.id, number: b.number, expiration_date: b.expirationDate })),
      shipped: from.length === 1 ? Number(from[0]!.batch_id) : null,
    });
  }
  return choices;
}
