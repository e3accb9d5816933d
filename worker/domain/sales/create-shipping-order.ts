import { asc, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { doneByLine } from "../documents/done-by-line";
import { newDocumentNumber, numberTaken } from "../documents/numbering";
import { entryStatus } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, fieldError, parseInput } from "../shared/input";
import { qty, todayIn } from "../stock/common";
import { StockBatch, stockAuthor } from "../stock/ledger";
import { lineUnits } from "../stock/stock-rules";
import { readSalesDocument, SALES_ACCESS, type SalesDocumentView } from "./sales-documents";
import { CLOSED_ORDER_STATUSES } from "./sales-order-rules";
import { CreateShippingOrderInput } from "./sales-schemas";

const { salesDocuments, salesDocumentLines, companySettings, variants, batches } = tenantSchema;
type OrderLine = typeof salesDocumentLines.$inferSelect;

const SHIPPABLE = ["variant", "pack", "kit"];

/**
 * Makes a shipping order of a sales order: the lines chosen (an order line and a quantity, at most
 * what remains to ship of it, and for a batch-tracked variant its batch, not expired), else
 * everything that remains; a kit ships with its components.
 * Nothing leaves the location until the shipping order is shipped.
 */
export async function createShippingOrder(ctx: Ctx, input: unknown): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.shipping_order.edit);
  const parsed = parseInput(CreateShippingOrderInput, input);
  const { db } = ctx;
  const [order] = await db.select().from(salesDocuments).where(eq(salesDocuments.id, parsed.sales_order_id));
  if (!order || order.type !== "sales_order") throw fieldError("sales_order_id", "unknown_sales_order");
  if (order.status === "pending_validation" || (CLOSED_ORDER_STATUSES as readonly string[]).includes(order.status))
    throw new DomainError("status_move_not_allowed");
  const [orderLines, done, [settings]] = await Promise.all([
    db.select().from(salesDocumentLines).where(eq(salesDocumentLines.documentId, order.id)).orderBy(asc(salesDocumentLines.position)),
    doneByLine(db, order.id),
    db.select({ timezone: companySettings.timezone }).from(companySettings),
  ]);
  const variantIds = [...new Set(orderLines.flatMap((l) => (l.variantId === null ? [] : [l.variantId])))];
  const batchIds = [...new Set((parsed.lines ?? []).flatMap((c) => (c.batch_id == null ? [] : [c.batch_id])))];
  const [tracked, chosenBatches] = await Promise.all([
    db
      .select({ id: variants.id, batchTracked: variants.batchTracked, trackInventory: variants.trackInventory })
      .from(variants)
      .where(inArray(variants.id, variantIds)),
    db.select().from(batches).where(inArray(batches.id, batchIds)),
  ]);
  const today = todayIn(settings?.timezone ?? "UTC", new Date(ctx.now()));
  const fromStock = order.deliveryType === "stock_location";
  const needsBatch = (line: OrderLine) => fromStock && tracked.some((v) => v.id === line.variantId && v.batchTracked && v.trackInventory);

  const remaining = (line: OrderLine) => done.remaining("ship", line);
  const shippable = orderLines.filter((l) => SHIPPABLE.includes(l.kind) && l.componentOfLid === null);
  const partsOf = (line: OrderLine) => orderLines.filter((l) => l.componentOfLid === line.lid);
  const chosen =
    parsed.lines ?? shippable.filter((l) => remaining(l) > 0).map((l) => ({ line_id: l.id, quantity: remaining(l), batch_id: null }));
  const issues = new FieldIssues();
  if (chosen.length === 0) issues.add("lines", "required");
  const taken = new Map<number, number>();
  chosen.forEach((c, i) => {
    const at = (field: string) => (parsed.lines ? `lines.${i}.${field}` : "lines");
    const line = shippable.find((l) => l.id === c.line_id);
    if (!line) return issues.add(at("line_id"), "unknown_line");
    taken.set(line.id, (taken.get(line.id) ?? 0) + c.quantity);
    if (taken.get(line.id)! > remaining(line))
      issues.add(at("quantity"), "more_than_remaining", {
        remaining: qty(Math.max(0, remaining(line) - taken.get(line.id)! + c.quantity)),
      });
    if (partsOf(line).some(needsBatch)) return issues.add(at("batch_id"), "batch_required");
    if (!needsBatch(line)) return c.batch_id != null ? issues.add(at("batch_id"), "not_batch_tracked") : undefined;
    const batch = chosenBatches.find((b) => b.id === c.batch_id);
    if (c.batch_id == null) issues.add(at("batch_id"), "batch_required");
    else if (!batch || batch.variantId !== line.variantId) issues.add(at("batch_id"), "unknown_batch");
    else if (batch.expirationDate !== null && batch.expirationDate < today)
      issues.add(at("batch_id"), "batch_expired", { number: batch.number, expiration_date: batch.expirationDate });
  });
  issues.throwIfAny();

  // A line shipped twice (from two batches) takes a lid of its own each time.
  const seen = new Map<string, number>();
  const rows = chosen.flatMap((c) => {
    const line = shippable.find((l) => l.id === c.line_id)!;
    const n = (seen.get(line.lid) ?? 0) + 1;
    seen.set(line.lid, n);
    const lid = (base: string) => (n === 1 ? base : `${base}#${n}`);
    return [
      { line, lid: lid(line.lid), parent: null, quantity: c.quantity, batchId: c.batch_id ?? null },
      ...partsOf(line).map((part) => ({
        line: part,
        lid: lid(part.lid),
        parent: lid(line.lid),
        quantity: lineUnits(c.quantity, part.requiredQuantity),
        batchId: null,
      })),
    ];
  });
  const numbered = newDocumentNumber(db, "shipping_order", order.locationId, parsed.number);
  const copied = {
    label: order.label,
    customerId: order.customerId,
    locationId: order.locationId,
    deliveryType: order.deliveryType,
    currency: order.currency,
    exchangeRate: order.exchangeRate,
    priceLevelId: order.priceLevelId,
    taxModel: order.taxModel,
    taxType: order.taxType,
    taxPriority: order.taxPriority,
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    forTheAttentionOf: order.forTheAttentionOf,
    externalReference: order.externalReference,
    userId: stockAuthor(ctx.actor).userId,
  };
  const lineRows = rows.map(({ line, lid, parent, quantity }, position) => ({
    documentId: numbered.id as unknown as number,
    position,
    lid,
    kind: line.kind,
    componentOfLid: parent,
    variantId: line.variantId,
    packId: line.packId,
    packLabel: line.packLabel,
    sku: line.sku,
    description: line.description,
    quantity,
    units: line.kind === "pack" ? lineUnits(quantity, line.packQuantity) : quantity,
    packQuantity: line.packQuantity,
    requiredQuantity: line.requiredQuantity,
    sourceLineId: line.id,
  }));
  const insert = db
    .insert(salesDocuments)
    .values({
      ...copied,
      type: "shipping_order",
      number: numbered.number as unknown as string,
      status: entryStatus("shipping_order"),
      date: parsed.date ?? today,
      shippingDate: parsed.shipping_date ?? null,
      notes: parsed.notes !== undefined ? parsed.notes : order.notes,
      createdFromId: order.id,
      totalUnits: lineRows.filter((l) => l.componentOfLid === null).reduce((sum, l) => sum + l.units, 0),
    })
    .returning({ id: salesDocuments.id });
  // The order is claimed: a shipment made at the same time cannot ship the same remainder twice.
  const batch = new StockBatch(ctx)
    .claimDocument(order.id, order.updatedAt, "sales_documents")
    .add(...numbered.statements)
    .creates({ type: "shipping_order", id: numbered.id });
  const inserted = batch.items.length;
  batch.add(insert, db.insert(salesDocumentLines).values(lineRows));
  for (const row of rows)
    if (row.batchId !== null)
      batch.add(
        db.run(sql`insert into sales_line_batches (line_id, batch_id, quantity)
          select id, ${BigInt(row.batchId)}, units from sales_document_lines where document_id = ${numbered.id} and lid = ${row.lid}`),
      );
  let results: unknown[];
  try {
    results = await batch.run();
  } catch (error) {
    throw numberTaken("shipping_order", error, parsed.number) ?? error;
  }
  const [created] = results[inserted] as { id: number }[];
  return readSalesDocument(db, "shipping_order", created!.id);
}
