import { and, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { runCascade } from "../documents/cascades";
import { newDocumentNumber, numberTaken } from "../documents/numbering";
import { entryStatus } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, parseInput, recordId } from "../shared/input";
import { QUANTITY_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { isUnique } from "../stock/batch-views";
import { todayIn } from "../stock/common";
import { StockBatch, stockAuthor } from "../stock/ledger";
import { lineUnits, type StockChange } from "../stock/stock-rules";
import { listStockDocuments } from "../stock/list-stock-documents";
import {
  readStockDocument,
  writtenStockDocumentReads,
  writtenStockDocumentView,
  type StockDocumentView,
} from "../stock/stock-document-views";
import { CreateDeliveryInput } from "./purchase-order-schemas";
import { deliveryCascadeDocument, isOpen, receivingStatus } from "./purchase-stock";

/**
 * Deliveries (domain spec §3 'Purchase order, delivery'; decision 045): goods received for a
 * purchase order, all or part of what remains, into a location. One batch writes the delivery, its
 * lines, the new batches, the receipts through the ledger (moving average cost from the order's net
 * unit price in the default currency), the order lines' received units (never past what was
 * ordered, checked in the batch), the incoming stock and the order's status.
 */

const { purchaseOrders, purchaseOrderLines, stockDocuments, stockDocumentLines, variants, batches, locations, companySettings } =
  tenantSchema;

const EXCHANGE_RATE_SCALE = 100_000_000n;
const UNIT_SCALE = 10_000_000n;

/** The cost of one variant unit in the default currency at 4 decimals: the line's total without tax, net of discounts, at the order's rate. */
function receivedUnitCost(totalExclTax: number, units: number, exchangeRate: number): number {
  if (units <= 0) return 0;
  const num = BigInt(totalExclTax) * UNIT_SCALE * EXCHANGE_RATE_SCALE;
  const den = BigInt(units) * BigInt(exchangeRate);
  // Half away from zero.
  const q = (2n * num + (num >= 0n ? den : -den)) / (2n * den);
  return Number(q);
}

/** Whole-or-part packs (at 7 decimals, rounded down) that some variant units make: exact in integers, whatever their size. */
function packsOf(units: number, packQuantity: number): number {
  return Number((BigInt(units) * UNIT_SCALE) / BigInt(packQuantity));
}

export async function createDelivery(ctx: Ctx, input: unknown): Promise<StockDocumentView> {
  requirePermission(ctx, DOCUMENT_ACCESS.delivery.edit);
  const parsed = parseInput(CreateDeliveryInput, input);
  const { db } = ctx;
  const orderId = parsed.purchase_order_id;
  const batchIds = [...new Set((parsed.lines ?? []).flatMap((l) => (l.batch_id ? [l.batch_id] : [])))];
  // One round trip: the order, its lines with their variants, the batches named, the location, the company's calendar.
  const [[order], lines, namedBatches, location, [settings]] = await db.batch([
    db.select().from(purchaseOrders).where(eq(purchaseOrders.id, orderId)),
    db
      .select({ line: purchaseOrderLines, batchTracked: variants.batchTracked, trackInventory: variants.trackInventory })
      .from(purchaseOrderLines)
      .leftJoin(variants, eq(variants.id, purchaseOrderLines.variantId))
      .where(eq(purchaseOrderLines.documentId, orderId)),
    db.select().from(batches).where(inArray(batches.id, batchIds)),
    db
      .select({ id: locations.id, active: locations.active })
      .from(locations)
      .where(eq(locations.id, parsed.location_id ?? 0)),
    db.select({ timezone: companySettings.timezone }).from(companySettings).where(eq(companySettings.id, 1)),
  ]);
  if (!order) throw new DomainError("validation_failed", {}, { purchase_order_id: { code: "unknown_purchase_order" } });
  if (!isOpen(order.status)) throw new DomainError("purchase_order_closed");
  const locationId = parsed.location_id ?? order.locationId;
  const issues = new FieldIssues();
  if (parsed.location_id !== undefined && !location[0]?.active) issues.add("location_id", "unknown_location");
  const today = todayIn(settings?.timezone ?? "UTC", new Date(ctx.now()));
  const receivable = lines.filter((l) => l.line.kind === "variant" || l.line.kind === "pack");
  const remainingOf = (l: (typeof lines)[number]["line"]) => Math.max(0, l.units - l.receivedUnits);
  // Without lines: everything that remains, each line whole (a batch-tracked one needs its batch named).
  const wanted =
    parsed.lines ??
    receivable
      .filter((l) => remainingOf(l.line) > 0)
      .map((l) => ({
        line_id: l.line.id,
        quantity: l.line.kind === "pack" ? packsOf(remainingOf(l.line), l.line.packQuantity) : remainingOf(l.line),
        batch_id: undefined,
        batch_number: undefined,
        expiration_date: undefined,
      }))
      .filter((l) => l.quantity > 0);
  if (wanted.length === 0) throw new DomainError("nothing_to_receive");

  interface Receipt {
    lineId: number;
    variantId: number;
    units: number;
    stocked: boolean;
    unitCost: number;
    batchId: number | null;
    newBatch: { number: string; expirationDate: string | null } | null;
    field: string;
  }
  const receipts: Receipt[] = [];
  const taken = new Map<number, number>();
  wanted.forEach((w, i) => {
    const at = (f: string) => (parsed.lines ? `lines.${i}.${f}` : "lines");
    const found = receivable.find((l) => l.line.id === w.line_id);
    if (!found) return issues.add(at("line_id"), "unknown_line");
    const { line } = found;
    const units = lineUnits(w.quantity, line.kind === "pack" ? line.packQuantity : null);
    const total = (taken.get(line.id) ?? 0) + units;
    taken.set(line.id, total);
    if (total > remainingOf(line)) {
      const packs = line.kind === "pack" ? packsOf(remainingOf(line), line.packQuantity) : remainingOf(line);
      issues.add(at("quantity"), "more_than_remaining", { remaining: storedDecimal(packs, QUANTITY_SCALE).toString() });
    }
    let batchId: number | null = null;
    let newBatch: Receipt["newBatch"] = null;
    const stocked = line.stocked && Boolean(found.trackInventory);
    if (found.batchTracked && stocked) {
      if (w.batch_id) {
        const batch = namedBatches.find((b) => b.id === w.batch_id && b.variantId === line.variantId);
        if (!batch) issues.add(at("batch_id"), "unknown_batch");
        else if (batch.expirationDate !== null && batch.expirationDate < today)
          issues.add(at("batch_id"), "batch_expired", { number: batch.number, expiration_date: batch.expirationDate });
        else batchId = batch.id;
      } else if (w.batch_number) {
        if (w.expiration_date && w.expiration_date < today)
          issues.add(at("expiration_date"), "batch_expired", { number: w.batch_number, expiration_date: w.expiration_date });
        newBatch = { number: w.batch_number, expirationDate: w.expiration_date ?? null };
      } else issues.add(at("batch_number"), "batch_required");
    } else if (w.batch_id || w.batch_number) issues.add(at(w.batch_id ? "batch_id" : "batch_number"), "not_batch_tracked");
    receipts.push({
      lineId: line.id,
      variantId: line.variantId!,
      units,
      stocked,
      unitCost: receivedUnitCost(line.totalExclTax, line.units, order.exchangeRate),
      batchId,
      newBatch,
      field: at("quantity"),
    });
  });
  issues.throwIfAny();

  const numbered = newDocumentNumber(db, "delivery", locationId, parsed.number);
  const author = stockAuthor(ctx.actor);
  const batch = new StockBatch(ctx)
    .add(...numbered.statements)
    // The order must still be open when the delivery is written (a cancel may have come first).
    .requireThat(
      sql`(select status from purchase_orders where id = ${BigInt(order.id)}) in ('pending', 'in_progress')`,
      new DomainError("purchase_order_closed"),
    )
    .add(
      db.insert(stockDocuments).values({
        type: "delivery",
        number: numbered.number as unknown as string,
        locationId,
        date: parsed.date ?? today,
        notes: parsed.notes ?? null,
        purchaseOrderId: order.id,
        status: entryStatus("delivery"),
        userId: author.userId,
      }),
    )
    .creates({ type: "delivery", id: numbered.id });
  // New batches, each number once per variant (the unique index refuses one that exists: duplicate_batch).
  const made = new Map<string, { variantId: number; number: string; expirationDate: string | null }>();
  for (const r of receipts) if (r.newBatch) made.set(`${r.variantId}:${r.newBatch.number}`, { variantId: r.variantId, ...r.newBatch });
  if (made.size) batch.add(db.insert(batches).values([...made.values()]));
  const batchOf = (r: Receipt) =>
    r.newBatch ? sql`(select id from batches where variant_id = ${BigInt(r.variantId)} and number = ${r.newBatch.number})` : null;
  batch.add(
    db.insert(stockDocumentLines).values(
      receipts.map((r) => ({
        documentId: numbered.id as unknown as number,
        variantId: r.variantId,
        batchId: (batchOf(r) ?? r.batchId) as number | null,
        quantity: r.units,
        unitCost: r.unitCost,
        purchaseOrderLineId: r.lineId,
      })),
    ),
  );
  // Never past what was ordered, whatever other deliveries run at once: one update of every line
  // received, each only while it stays within its order line; any line left out fails the batch.
  const received = sql.raw([...taken].map(([lineId, units]) => `(${BigInt(lineId)}, ${BigInt(units)})`).join(", "));
  batch.add(
    db.run(sql`update purchase_order_lines set received_units = received_units + d.column2
      from (values ${received}) as d where purchase_order_lines.id = d.column1 and received_units + d.column2 <= units`),
  );
  batch.requireThat(
    sql`changes() = ${BigInt(taken.size)}`,
    new DomainError("validation_failed", {}, { [receipts[0]!.field]: { code: "more_than_remaining", params: { remaining: "0" } } }),
  );
  const changes: StockChange[] = receipts
    .filter((r) => r.stocked)
    .map((r) => ({
      variantId: r.variantId,
      locationId,
      batchId: r.batchId,
      ...(r.newBatch ? { newBatch: batchOf(r)! } : {}),
      delta: r.units,
      unitCost: r.unitCost,
      field: r.field,
    }));
  batch.addChanges(changes, { documentType: "delivery", documentId: numbered.id, author, together: true });
  batch.addIncoming(
    receipts.filter((r) => r.stocked).map((r) => ({ variantId: r.variantId, locationId: order.locationId, delta: -r.units })),
  );
  batch.add(db.run(receivingStatus(sql`${BigInt(order.id)}`)));
  const readsAt = batch.size;
  const reads = writtenStockDocumentReads(db, numbered.id);
  batch.add(...reads);
  let results: unknown[];
  try {
    results = await batch.run();
  } catch (error) {
    const taken = numberTaken("delivery", error, parsed.number);
    if (taken) throw taken;
    if (made.size && isUnique(error)) {
      const i = receipts.findIndex((r) => r.newBatch);
      throw new DomainError("duplicate_batch", {}, { [parsed.lines ? `lines.${i}.batch_number` : "lines"]: { code: "duplicate_batch" } });
    }
    throw error;
  }
  return writtenStockDocumentView(results.slice(readsAt, readsAt + reads.length));
}

/** Cancels a delivery: its goods leave stock again and its order expects them again (cascades.ts). */
export async function cancelDelivery(ctx: Ctx, input: { id: unknown }): Promise<StockDocumentView> {
  requirePermission(ctx, DOCUMENT_ACCESS.delivery.edit);
  const { db } = ctx;
  const id = recordId(input.id);
  const [doc] = await db
    .select()
    .from(stockDocuments)
    .where(and(eq(stockDocuments.id, id), eq(stockDocuments.type, "delivery")));
  if (!doc) throw new DomainError("not_found");
  await runCascade(ctx, "delivery", "cancel", deliveryCascadeDocument(doc));
  return readStockDocument(db, "delivery", id);
}

export async function getDelivery(ctx: Ctx, input: { id: unknown }): Promise<StockDocumentView> {
  requirePermission(ctx, DOCUMENT_ACCESS.delivery.read);
  return readStockDocument(ctx.db, "delivery", input.id);
}

/** One page of deliveries (the stock documents' list: filters number, date, location_id, purchase_order_id, created). */
export async function listDeliveries(ctx: Ctx, query: URLSearchParams | Record<string, unknown>) {
  return listStockDocuments(ctx, { kind: "delivery", query });
}
