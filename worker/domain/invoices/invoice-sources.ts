import { and, asc, eq, isNull, notInArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { doneByLineOf, doneByLineQuery, DONE_BY_LINE_RULES, type DoneByLine } from "../documents/done-by-line";
import { lineColumns, type SavedSalesDocument } from "../sales/sales-documents";
import type { DocumentFields, DocumentLine, SalesLineInput } from "../sales/sales-schemas";
import { DomainError } from "../shared/domain-error";
import { FieldIssues } from "../shared/input";
import { PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { qty } from "../stock/common";
import type { StockBatch } from "../stock/ledger";
import { deductionLines, depositLinesOf, depositLinesQuery, type DepositLine } from "./deposits";

/**
 * What an invoice of a sales order (directly or through one of its shipping orders) bills: each
 * line at most what remains to invoice of it (documents/done-by-line.ts), at the order's prices.
 * An order may be billed by several partial invoices; its amounts that are not per unit are
 * spread over them (decision record): a line's amount discount in proportion to the quantity
 * billed, the global discount (as an amount) and the shipping in proportion to the value of the
 * goods billed, each share rounded down to the cent, and the invoice that leaves nothing to
 * invoice takes what the earlier ones left, so that the invoices of an order add up to it. A
 * percentage discount is the same percentage on every invoice.
 */

const { salesDocuments, salesDocumentLines } = tenantSchema;

/** The statuses in which an invoice bills nothing (done-by-line's rule for invoices). */
const NOT_BILLING = DONE_BY_LINE_RULES.find((r) => r.progress === "invoice")!.countsUnless;

/** Lines that bill an amount: a text line only follows. */
const BILLABLE = ["variant", "pack", "kit", "service"];

type OrderLine = Awaited<ReturnType<typeof orderLinesQuery>>[number];

const orderLinesQuery = (db: TenantDb, orderId: number) =>
  db
    .select(lineColumns)
    .from(salesDocumentLines)
    .where(eq(salesDocumentLines.documentId, orderId))
    .orderBy(asc(salesDocumentLines.position));

/** The invoices that bill an order (made from it or from one of its shipping orders), as SQL. */
const billingInvoices = (orderId: number) =>
  sql`select id from sales_documents where type = 'invoice' and status not in (${sql.join(
    NOT_BILLING.map((s) => sql`${s}`),
    sql`, `,
  )}) and (created_from_id = ${orderId} or created_from_id in (select id from sales_documents where type = 'shipping_order' and created_from_id = ${orderId}))`;

/** What the order's earlier invoices took of its amounts: global discounts given as amounts, shipping, each line's amount discount. */
function earlierShares(db: TenantDb, orderId: number) {
  return [
    db
      .select({
        globalDiscount: sql<string>`coalesce(sum(case when ${salesDocuments.globalDiscountType} = 'amount' then ${salesDocuments.globalDiscount} else 0 end), 0)`,
        shipping: sql<string>`coalesce(sum(${salesDocuments.shippingCost}), 0)`,
      })
      .from(salesDocuments)
      .where(sql`${salesDocuments.id} in (${billingInvoices(orderId)})`),
    db
      .select({ lineId: salesDocumentLines.sourceLineId, discount: sql<string>`coalesce(sum(${salesDocumentLines.discount}), 0)` })
      .from(salesDocumentLines)
      .where(
        and(
          sql`${salesDocumentLines.documentId} in (${billingInvoices(orderId)})`,
          eq(salesDocumentLines.discountType, "amount"),
          isNull(salesDocumentLines.componentOfLid),
        ),
      )
      .groupBy(salesDocumentLines.sourceLineId),
  ] as const;
}

/** What an invoice of the order needs to know of it: its lines, what was invoiced of each, what earlier invoices took. */
export interface OrderBilling {
  order: SavedSalesDocument;
  lines: OrderLine[];
  done: DoneByLine;
  earlierGlobalDiscount: bigint;
  earlierShipping: bigint;
  earlierLineDiscounts: Map<number, bigint>;
  /** The order's finalised deposits' lines and what is left to deduct of each (deposits.ts). */
  deposits: DepositLine[];
}

/** The order's billing facts, in one round trip. */
export async function readOrderBilling(db: TenantDb, order: SavedSalesDocument): Promise<OrderBilling> {
  const [totals, lineDiscounts] = earlierShares(db, order.id);
  const [lines, done, [earlier], discounts, deposits] = await db.batch([
    orderLinesQuery(db, order.id),
    doneByLineQuery(db, order.id),
    totals,
    lineDiscounts,
    depositLinesQuery(db, order.id),
  ]);
  return {
    order,
    lines,
    done: doneByLineOf(done),
    earlierGlobalDiscount: units(earlier?.globalDiscount ?? 0),
    earlierShipping: units(earlier?.shipping ?? 0),
    earlierLineDiscounts: new Map(discounts.flatMap((d) => (d.lineId === null ? [] : [[d.lineId, units(d.discount)] as const]))),
    deposits: depositLinesOf(deposits),
  };
}

/** A figure stored at 4 decimals, as its units. */
const units = (value: number | string) => storedDecimal(value, PRICE_SCALE).units;
/** Rounded down to the cent (4-decimal units, a multiple of 100). */
const downToCent = (value: bigint) => (value / 100n) * 100n;
const max0 = (value: bigint) => (value < 0n ? 0n : value);
const text = (value: bigint) => storedDecimal(value, PRICE_SCALE).toString();

/** The order's lines that bill (not text, not a kit's component). */
export const billableLines = (billing: OrderBilling) => billing.lines.filter((l) => l.componentOfLid === null && BILLABLE.includes(l.kind));

/** What remains to invoice of an order line (quantity units). */
export const remainingToInvoice = (billing: OrderBilling, line: OrderLine) =>
  billing.done.remaining("invoice", { id: line.id, quantity: Number(line.quantity) });

/**
 * The quantities chosen by order line id (`lines.N` named in errors when the caller chose them),
 * checked against what remains to invoice of each.
 */
export function checkChosen(
  billing: OrderBilling,
  chosen: readonly { line_id: number; quantity: number }[],
  named: boolean,
): Map<number, number> {
  const issues = new FieldIssues();
  const taken = new Map<number, number>();
  const billable = billableLines(billing);
  chosen.forEach((c, i) => {
    const at = (field: string) => (named ? `lines.${i}.${field}` : "lines");
    const line = billable.find((l) => l.id === c.line_id);
    if (!line) return issues.add(at("line_id"), "unknown_line");
    const remaining = remainingToInvoice(billing, line);
    const before = taken.get(line.id) ?? 0;
    taken.set(line.id, before + c.quantity);
    if (before + c.quantity > remaining)
      issues.add(at("quantity"), "more_than_remaining_to_invoice", { remaining: qty(Math.max(0, remaining - before)) });
  });
  if (taken.size === 0 || [...taken.values()].every((q) => q === 0)) issues.add("lines", "nothing_to_invoice");
  issues.throwIfAny();
  return taken;
}

/** Everything that remains to invoice of the order, by line id. */
export function allRemaining(billing: OrderBilling): { line_id: number; quantity: number }[] {
  return billableLines(billing)
    .map((l) => ({ line_id: l.id, quantity: remainingToInvoice(billing, l) }))
    .filter((c) => c.quantity > 0);
}

/**
 * A new document's line following a saved one (an invoice of an order line, a return or a credit
 * note of an invoice line): the same product at the same price, for `quantity`, with `discount`.
 */
export function lineTaken(
  line: Pick<OrderLine, "lid" | "kind" | "variantId" | "packId" | "serviceId" | "description" | "price" | "discountType">,
  quantity: number,
  discount: string,
): SalesLineInput {
  return {
    lid: line.lid,
    variant_id: line.kind === "service" ? null : line.variantId,
    pack_id: line.packId,
    service_id: line.serviceId,
    description: line.description,
    quantity,
    price: storedDecimal(line.price, PRICE_SCALE),
    discount,
    discount_type: line.discountType,
  };
}

/**
 * The invoice's fields and lines for these quantities of the order's lines, the order's amounts
 * spread as the module says, and (unless it is a deposit invoice) the order's deposits deducted
 * as deposits.ts says, each line described by `deductionLabel(deposit invoice number)`.
 */
export function invoiceOfOrder(
  billing: OrderBilling,
  taken: ReadonlyMap<number, number>,
  deductionLabel: ((number: string) => string) | null = null,
): { fields: DocumentFields; sourceLineOf: (lid: string) => number | null } {
  const { order } = billing;
  const billable = billableLines(billing);
  const completes = billable.every((l) => remainingToInvoice(billing, l) - (taken.get(l.id) ?? 0) <= 0);
  let valueAll = 0n;
  let valueBilled = 0n;
  const lines: DocumentLine[] = [];
  for (const line of billing.lines) {
    if (line.componentOfLid !== null) continue;
    if (line.kind === "text") {
      lines.push({ lid: line.lid, description: line.description });
      continue;
    }
    if (!BILLABLE.includes(line.kind)) continue;
    const ordered = BigInt(Number(line.quantity));
    const value = units(line.total);
    valueAll += value;
    const quantity = taken.get(line.id) ?? 0;
    if (quantity <= 0) continue;
    if (ordered > 0n) valueBilled += (value * BigInt(quantity)) / ordered;
    let discount = storedDecimal(line.discount, PRICE_SCALE).toString();
    if (line.discountType === "amount") {
      const whole = units(line.discount);
      const last = quantity >= remainingToInvoice(billing, line);
      const share = last
        ? max0(whole - (billing.earlierLineDiscounts.get(line.id) ?? 0n))
        : ordered > 0n
          ? downToCent((whole * BigInt(quantity)) / ordered)
          : 0n;
      discount = text(share);
    }
    lines.push(lineTaken(line, quantity, discount));
  }
  const spread = (whole: bigint, earlier: bigint) =>
    completes ? max0(whole - earlier) : valueAll > 0n ? downToCent((whole * valueBilled) / valueAll) : 0n;
  const globalDiscount =
    order.globalDiscountType === "amount"
      ? text(spread(units(order.globalDiscount), billing.earlierGlobalDiscount))
      : storedDecimal(order.globalDiscount, PRICE_SCALE).toString();
  const byLid = new Map(billing.lines.map((l) => [l.lid, l.id]));
  if (deductionLabel) {
    const deducted = deductionLines(billing, taken, billing.deposits, completes, deductionLabel);
    lines.push(...deducted.lines);
    for (const [lid, id] of deducted.sourceOf) byLid.set(lid, id);
  }
  return {
    fields: {
      label: order.label,
      notes: order.notes,
      internal_notes: order.internalNotes,
      terms: order.terms,
      external_reference: order.externalReference,
      for_the_attention_of: order.forTheAttentionOf,
      document_tax_ids: order.documentTaxIds,
      global_discount: globalDiscount,
      global_discount_type: order.globalDiscountType,
      shipping_cost: storedDecimal(spread(units(order.shippingCost), billing.earlierShipping), PRICE_SCALE),
      lines,
    },
    sourceLineOf: (lid) => byLid.get(lid) ?? null,
  };
}

/**
 * A rule checked in the invoice's batch, after its lines are written: no line of the order is
 * billed past its quantity by its invoices (two invoices made at once cannot both take the same
 * remainder; the later one fails with `conflict`, saving nothing).
 */
export function requireWithinOrder(batch: StockBatch, orderId: number): StockBatch {
  return batch.requireThat(
    sql`not exists (select 1 from sales_document_lines s where s.document_id = ${orderId} and s.component_of_lid is null
      and s.quantity < (select coalesce(sum(l.quantity), 0) from sales_document_lines l
        where l.source_line_id = s.id and l.component_of_lid is null and l.document_id in (${billingInvoices(orderId)})))`,
    new DomainError("conflict"),
  );
}

/** What a shipping order shipped of each order line, and what invoices made from it billed of each (quantity units). */
export async function readShipmentBilling(
  db: TenantDb,
  shipmentId: number,
): Promise<{ shipped: Map<number, number>; billed: Map<number, number> }> {
  const [shipped, billed] = await db.batch([
    db
      .select({ lineId: salesDocumentLines.sourceLineId, quantity: sql<number>`sum(${salesDocumentLines.quantity})` })
      .from(salesDocumentLines)
      .where(and(eq(salesDocumentLines.documentId, shipmentId), isNull(salesDocumentLines.componentOfLid)))
      .groupBy(salesDocumentLines.sourceLineId),
    db
      .select({ lineId: salesDocumentLines.sourceLineId, quantity: sql<number>`sum(${salesDocumentLines.quantity})` })
      .from(salesDocumentLines)
      .innerJoin(salesDocuments, eq(salesDocuments.id, salesDocumentLines.documentId))
      .where(
        and(
          eq(salesDocuments.type, "invoice"),
          eq(salesDocuments.createdFromId, shipmentId),
          notInArray(salesDocuments.status, [...NOT_BILLING]),
          isNull(salesDocumentLines.componentOfLid),
        ),
      )
      .groupBy(salesDocumentLines.sourceLineId),
  ]);
  const map = (rows: { lineId: number | null; quantity: number }[]) =>
    new Map(rows.flatMap((r) => (r.lineId === null ? [] : [[r.lineId, Number(r.quantity)] as const])));
  return { shipped: map(shipped), billed: map(billed) };
}

/** The same rule for a shipping order: its invoices bill no order line past what it shipped of it. */
export function requireWithinShipment(batch: StockBatch, shipmentId: number): StockBatch {
  return batch.requireThat(
    sql`not exists (select 1 from (select source_line_id as sid, sum(quantity) as shipped from sales_document_lines
        where document_id = ${shipmentId} and component_of_lid is null group by source_line_id) s
      where s.shipped < (select coalesce(sum(l.quantity), 0) from sales_document_lines l join sales_documents d on d.id = l.document_id
        where d.type = 'invoice' and d.created_from_id = ${shipmentId} and d.status not in (${sql.join(
          NOT_BILLING.map((st) => sql`${st}`),
          sql`, `,
        )}) and l.source_line_id = s.sid and l.component_of_lid is null))`,
    new DomainError("conflict"),
  );
}
