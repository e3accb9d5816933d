import { asc, eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { STATUS_MACHINES } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, fieldError, parseInput } from "../shared/input";
import { qty, todayIn } from "../stock/common";
import { StockBatch, stockAuthor } from "../stock/ledger";
import { lineUnits } from "../stock/stock-rules";
import {
  newSalesNumber,
  readSalesDocument,
  SALES_ACCESS,
  salesNumberTaken,
  shippedByLine,
  type SalesDocumentView,
} from "./sales-documents";
import { CLOSED_ORDER_STATUSES } from "./sales-order-rules";
import { CreateShippingOrderInput } from "./sales-schemas";

const { salesDocuments, salesDocumentLines, companySettings } = tenantSchema;

const SHIPPABLE = ["variant", "pack", "kit"];

/**
 * Makes a shipping order of a sales order: the lines chosen (an order line and a quantity, at most
 * what remains to ship of it), else everything that remains; a kit ships with its components.
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
  const [orderLines, shipped, [settings]] = await Promise.all([
    db.select().from(salesDocumentLines).where(eq(salesDocumentLines.documentId, order.id)).orderBy(asc(salesDocumentLines.position)),
    shippedByLine(db, order.id),
    db.select({ timezone: companySettings.timezone }).from(companySettings),
  ]);
  const remaining = (line: (typeof orderLines)[number]) => line.quantity - (shipped.get(line.id) ?? 0);
  const shippable = orderLines.filter((l) => SHIPPABLE.includes(l.kind) && l.componentOfLid === null);
  const chosen = parsed.lines ?? shippable.filter((l) => remaining(l) > 0).map((l) => ({ line_id: l.id, quantity: remaining(l) }));
  const issues = new FieldIssues();
  if (chosen.length === 0) issues.add("lines", "required");
  chosen.forEach((c, i) => {
    const line = shippable.find((l) => l.id === c.line_id);
    if (!line) issues.add(`lines.${i}.line_id`, "unknown_line");
    else if (c.quantity > remaining(line))
      issues.add(`lines.${i}.quantity`, "more_than_remaining", { remaining: qty(Math.max(0, remaining(line))) });
  });
  issues.throwIfAny();

  const rows = chosen.flatMap((c) => {
    const line = shippable.find((l) => l.id === c.line_id)!;
    const parts = orderLines.filter((l) => l.componentOfLid === line.lid);
    return [
      { line, quantity: c.quantity },
      ...parts.map((part) => ({ line: part, quantity: lineUnits(c.quantity, part.requiredQuantity) })),
    ];
  });
  const numbered = newSalesNumber(db, "shipping_order", order.locationId, parsed.number);
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
  const lineRows = rows.map(({ line, quantity }, position) => ({
    documentId: numbered.id as unknown as number,
    position,
    lid: line.lid,
    kind: line.kind,
    componentOfLid: line.componentOfLid,
    variantId: line.variantId,
    packId: line.packId,
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
      status: STATUS_MACHINES.shipping_order.initial,
      date: parsed.date ?? todayIn(settings?.timezone ?? "UTC", new Date(ctx.now())),
      shippingDate: parsed.shipping_date ?? null,
      notes: parsed.notes !== undefined ? parsed.notes : order.notes,
      createdFromId: order.id,
      totalUnits: lineRows.filter((l) => l.componentOfLid === null).reduce((sum, l) => sum + l.units, 0),
    })
    .returning({ id: salesDocuments.id });
  // The order is claimed: a shipment made at the same time cannot ship the same remainder twice.
  const batch = new StockBatch(ctx).claimDocument(order.id, order.updatedAt, "sales_documents").add(...numbered.statements);
  const inserted = batch.items.length;
  batch.add(insert, db.insert(salesDocumentLines).values(lineRows));
  let results: unknown[];
  try {
    results = await batch.run();
  } catch (error) {
    throw salesNumberTaken(error, parsed.number) ?? error;
  }
  const [created] = results[inserted] as { id: number }[];
  return readSalesDocument(db, "shipping_order", created!.id);
}
