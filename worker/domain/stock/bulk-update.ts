import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import { FieldIssues, MAX_UNITS, objectError, parseInput, zCalendarDate, zOptionalId, zRefIdRequired, zRequiredQuantity } from "./common";
import { requirePermission, type Ctx } from "../shared/ctx";
import { StockBatch, stockAuthor } from "./ledger";
import { linesBySku } from "./line-skus";
import { checkLocation, loadStockReferences } from "./references";
import { STOCK_DOCUMENT_ACCESS } from "./stock-access";
import { readStockDocument, type StockDocumentView } from "./stock-document-views";
import { newDocumentNumber } from "../documents/numbering";
import { insertNewLines } from "./stock-document-writes";
import type { StockChange } from "./stock-rules";

const { stockDocuments, stockLevels, batchStock } = tenantSchema;

const BulkLine = z.strictObject(
  {
    variant_id: zRefIdRequired("unknown_variant"),
    batch_id: zOptionalId("unknown_batch").optional(),
    counted: zRequiredQuantity(),
  },
  objectError,
);

export const InventoryBulkUpdateInput = z.strictObject(
  {
    location_id: zRefIdRequired("unknown_location"),
    date: zCalendarDate.optional(),
    notes: z
      .string({ error: "invalid" })
      .max(5000, "too_long")
      .nullable()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .optional(),
    lines: z
      .array(BulkLine, { error: (i) => (i.input === undefined ? "required" : "invalid") })
      .min(1, "required")
      .max(1000, "too_long"),
  },
  objectError,
);
export type InventoryBulkUpdateInput = z.input<typeof InventoryBulkUpdateInput>;

/** Checks a stock count by every rule of `bulkUpdateInventory`, writing nothing (an import's validation). */
export async function checkInventoryCount(ctx: Ctx, raw: unknown): Promise<void> {
  await plannedCount(ctx, raw);
}

/** A count read and checked: its input, references, and the change of each line from what is held now. */
async function plannedCount(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, STOCK_DOCUMENT_ACCESS.bulk_update.edit);
  const { db } = ctx;
  const author = stockAuthor(ctx.actor);
  const input = parseInput(InventoryBulkUpdateInput, await linesBySku(db, raw));
  const refs = await loadStockReferences(db, {
    now: ctx.now(),
    locationIds: [input.location_id],
    variantIds: input.lines.map((l) => l.variant_id),
    packIds: [],
    batchIds: input.lines.map((l) => l.batch_id),
  });
  const issues = new FieldIssues();
  checkLocation(refs, input.location_id, "location_id", issues, { mustBeActive: true });
  const seen = new Set<string>();
  input.lines.forEach((line, i) => {
    const at = (name: string) => `lines.${i}.${name}`;
    const variant = refs.variants.get(line.variant_id);
    if (!variant) return issues.add(at("variant_id"), "unknown_variant");
    if (variant.isKit || !variant.trackInventory) return issues.add(at("variant_id"), "untracked_variant");
    const key = `${line.variant_id}:${line.batch_id ?? ""}`;
    if (seen.has(key)) issues.add(at("variant_id"), "duplicate_line");
    seen.add(key);
    if (line.batch_id != null) {
      const batch = refs.batches.get(line.batch_id);
      if (!batch || batch.variantId !== variant.id) issues.add(at("batch_id"), "unknown_batch");
    } else if (variant.batchTracked) issues.add(at("batch_id"), "batch_required");
  });
  issues.throwIfAny();

  const variantIds = input.lines.map((l) => l.variant_id);
  const batchIds = input.lines.flatMap((l) => (l.batch_id != null ? [l.batch_id] : []));
  const [levels, held] = await db.batch([
    db
      .select({ variantId: stockLevels.variantId, onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(and(eq(stockLevels.locationId, input.location_id), inArray(stockLevels.variantId, variantIds))),
    db
      .select({ batchId: batchStock.batchId, quantity: batchStock.quantity })
      .from(batchStock)
      .where(and(eq(batchStock.locationId, input.location_id), inArray(batchStock.batchId, batchIds.length ? batchIds : [0]))),
  ]);
  const onHand = new Map(levels.map((l) => [l.variantId, l.onHand]));
  const inBatch = new Map(held.map((b) => [b.batchId, b.quantity]));
  const changes: StockChange[] = input.lines.map((line, i) => {
    const before = line.batch_id != null ? (inBatch.get(line.batch_id) ?? 0) : (onHand.get(line.variant_id) ?? 0);
    return {
      variantId: line.variant_id,
      locationId: input.location_id,
      batchId: line.batch_id ?? null,
      delta: line.counted - before,
      expected: before,
      field: `lines.${i}.counted`,
    };
  });
  if (changes.some((c) => Math.abs(c.delta) > MAX_UNITS * 1e7 * 2)) issues.add("lines", "too_large");
  issues.throwIfAny();
  return { input, refs, changes, author };
}

/**
 * Sets counted quantities at a location (a stock count). Each level (or batch) moves by the
 * difference to what was read, and only if it still holds what was read: a change made meanwhile
 * fails the whole count with `stock_changed` instead of logging a wrong difference. A line may
 * name its variant by SKU (`sku`) and its batch by number (`batch`), as the count screen types it.
 */
export async function bulkUpdateInventory(
  ctx: Ctx,
  raw: unknown,
  options: { alongside?: BatchItem<"sqlite">[] } = {},
): Promise<StockDocumentView> {
  const { input, refs, changes, author } = await plannedCount(ctx, raw);
  const { db } = ctx;
  const numbered = newDocumentNumber(db, "bulk_update", input.location_id, null, refs.numbering);
  const insert = db
    .insert(stockDocuments)
    .values({
      type: "bulk_update",
      number: numbered.number as unknown as string,
      locationId: input.location_id,
      date: input.date ?? refs.today,
      notes: input.notes ?? null,
      userId: author.userId,
    })
    .returning({ id: stockDocuments.id });
  const lines = insertNewLines(
    db,
    numbered.id,
    input.lines.map((l) => ({ variant_id: l.variant_id, batch_id: l.batch_id ?? null, quantity: l.counted })),
  );
  // Unchanged counts are recorded on the document but move nothing.
  const moving = changes.filter((c) => c.delta !== 0);
  const results = await new StockBatch(ctx)
    .add(...numbered.statements, insert, lines)
    .creates({ type: "bulk_update", id: numbered.id })
    .addChanges(moving, { documentType: "bulk_update", documentId: numbered.id, author })
    .add(...(options.alongside ?? []))
    .run();
  const [created] = results[numbered.statements.length] as { id: number }[];
  return readStockDocument(db, "bulk_update", created!.id);
}
