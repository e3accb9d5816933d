import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DONE_BY_LINE_RULES } from "../documents/done-by-line";
import { entryStatus } from "../documents/statuses";
import type { SavedSalesDocument } from "../sales/sales-documents";
import type { DocumentLine } from "../sales/sales-schemas";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { PRICE_SCALE } from "../shared/money";
import { sqlList } from "../shared/sql-list";
import { storedDecimal } from "../shared/stored-figures";
import type { StockBatch } from "../stock/ledger";

/** What the deposits read of the order: its stored figures and lines. */
interface OrderFigures {
  order: Pick<SavedSalesDocument, "taxType" | "shippingCost" | "shippingTaxes">;
  lines: readonly {
    id: number;
    kind: string;
    componentOfLid: string | null;
    taxes: readonly { id: number; rate: string }[] | null;
    quantity: number | string;
    totalExclTax: number | string;
    totalInclTax: number | string;
  }[];
}

/**
 * Deposit invoices of a sales order and their deduction (decision 043). A deposit invoice bills a
 * percentage of the order, one `deposit` line per tax rate of the order (so its VAT is the order's
 * at that share) and takes no quantity of the order's lines. Every later invoice of the order
 * deducts what remains of its finalised deposits, tax rate by tax rate, with negative `deposit`
 * lines pointing at the deposit lines they deduct (`source_line_id`): at most the value it bills
 * at that rate, and everything left on the invoice that leaves nothing to invoice. A deposit is
 * never deducted twice (a rule of the invoice's batch), and a cancelled invoice's deductions free
 * the deposit again.
 */

const { salesDocuments, salesDocumentLines } = tenantSchema;

const NOT_BILLING = DONE_BY_LINE_RULES.find((r) => r.progress === "invoice")!.countsUnless;
const DRAFT = entryStatus("invoice", "default");

/** Deposit taxes as a line keeps them: simple taxes with their rates. */
type Taxes = readonly { id: number; rate: string }[];
/** One tax rate's key: its simple taxes and rates. */
const keyOf = (taxes: Taxes) =>
  [...taxes]
    .map((t) => `${t.id}:${t.rate}`)
    .sort()
    .join("|");

/** What the deduction lines of a deposit line took (negative), on invoices that still bill, as SQL. */
const deducted = (lineId: SQL) =>
  sql`(select coalesce(sum(x.price), 0) from sales_document_lines x join sales_documents xd on xd.id = x.document_id
    where x.source_line_id = ${lineId} and x.kind = 'deposit' and xd.status not in (${sqlList(NOT_BILLING)}))`;

/** The order's deposit invoices that count, as SQL (not cancelled; a draft only when `drafts`). */
const depositInvoices = (orderId: number, drafts: boolean) =>
  sql`select id from sales_documents where type = 'invoice' and is_deposit = 1 and created_from_id = ${orderId}
    and status not in (${sqlList(drafts ? NOT_BILLING : [...NOT_BILLING, DRAFT])})`;

export interface DepositLine {
  id: number;
  number: string | null;
  taxes: Taxes;
  /** What is left to deduct, 4-decimal units, in the order's tax type. */
  remaining: bigint;
}

/** The order's finalised deposits' lines with what is left to deduct of each, in their order (read in the order's billing batch). */
export const depositLinesQuery = (db: TenantDb, orderId: number) =>
  db
    .select({
      id: salesDocumentLines.id,
      number: salesDocuments.number,
      taxes: salesDocumentLines.taxes,
      remaining: sql<string>`cast(${salesDocumentLines.price} + ${deducted(sql`${salesDocumentLines.id}`)} as text)`,
    })
    .from(salesDocumentLines)
    .innerJoin(salesDocuments, eq(salesDocuments.id, salesDocumentLines.documentId))
    .where(and(sql`${salesDocuments.id} in (${depositInvoices(orderId, false)})`, eq(salesDocumentLines.kind, "deposit")))
    .orderBy(asc(salesDocuments.id), asc(salesDocumentLines.position));

export const depositLinesOf = (rows: Awaited<ReturnType<typeof depositLinesQuery>>): DepositLine[] =>
  rows.map((r) => ({
    id: r.id,
    number: r.number,
    taxes: (r.taxes ?? []).map((t) => ({ id: t.id, rate: t.rate })),
    remaining: BigInt(r.remaining),
  }));

/** What the order bills at each tax rate, in its tax type (4-decimal units): its lines' totals and its shipping. */
function valueByRate(
  billing: OrderFigures,
  share: (line: OrderFigures["lines"][number]) => bigint,
): Map<string, { taxes: Taxes; value: bigint }> {
  const { order } = billing;
  const inclusive = order.taxType === "tax_inclusive";
  const byKey = new Map<string, { taxes: Taxes; value: bigint }>();
  const add = (taxes: Taxes, value: bigint) => {
    const key = keyOf(taxes);
    const known = byKey.get(key);
    if (known) known.value += value;
    else byKey.set(key, { taxes, value });
  };
  for (const line of billing.lines) {
    if (line.componentOfLid !== null || !["variant", "pack", "kit", "service"].includes(line.kind)) continue;
    const taxes = (line.taxes ?? []).map((t) => ({ id: t.id, rate: t.rate }));
    const total = storedDecimal(inclusive ? line.totalInclTax : line.totalExclTax, PRICE_SCALE).units;
    add(taxes, (total * share(line)) / SHARE_ONE);
  }
  return byKey;
}
const SHARE_ONE = 1_000_000n;

/** Down to the cent (4-decimal units). */
const downToCent = (units: bigint) => (units / 100n) * 100n;
const price = (units: bigint) => Decimal.of(units, PRICE_SCALE).toString();

/**
 * A deposit invoice's lines: `percentage` % of what the order bills at each tax rate (its shipping
 * with its own taxes), each rounded down to the cent; `label(rate)` describes each line.
 */
export function depositLines(billing: OrderFigures, percentage: Decimal, label: string): DocumentLine[] {
  const rates = valueByRate(billing, () => SHARE_ONE);
  const { order } = billing;
  const shipping = storedDecimal(order.shippingCost, PRICE_SCALE).units;
  if (shipping > 0n) {
    const taxes = (order.shippingTaxes ?? []).map((t) => ({ id: t.id, rate: t.rate }));
    const key = keyOf(taxes);
    const known = rates.get(key);
    if (known) known.value += shipping;
    else rates.set(key, { taxes, value: shipping });
  }
  const percent = percentage.round(2).units; // hundredths of a percent
  const lines: DocumentLine[] = [];
  for (const { taxes, value } of rates.values()) {
    const amount = downToCent((value * percent) / 10_000n);
    if (amount <= 0n) continue;
    lines.push({ lid: `deposit-${lines.length + 1}`, description: label, deposit: { price: price(amount), taxes } });
  }
  if (lines.length === 0) throw new DomainError("validation_failed", {}, { deposit_percentage: { code: "nothing_to_invoice" } });
  return lines;
}

/**
 * The deduction lines of a new invoice of the order: per tax rate, what remains of the deposits at
 * that rate, at most what the invoice bills at it (all of it when the invoice `completes` the order).
 * `taken` is the quantity billed by order line id; `label(number)` describes each line.
 */
export function deductionLines(
  billing: OrderFigures,
  taken: ReadonlyMap<number, number>,
  deposits: readonly DepositLine[],
  completes: boolean,
  label: (number: string) => string,
): { lines: DocumentLine[]; sourceOf: Map<string, number> } {
  const billed = valueByRate(billing, (line) => {
    const ordered = BigInt(Number(line.quantity));
    const quantity = BigInt(taken.get(line.id) ?? 0);
    return ordered > 0n ? (quantity * SHARE_ONE) / ordered : 0n;
  });
  const lines: DocumentLine[] = [];
  const sourceOf = new Map<string, number>();
  for (const deposit of deposits) {
    if (deposit.remaining <= 0n) continue;
    const room = billed.get(keyOf(deposit.taxes));
    const cap = completes ? deposit.remaining : downToCent(room?.value ?? 0n);
    const amount = deposit.remaining < cap ? deposit.remaining : cap;
    if (amount <= 0n) continue;
    if (room) room.value -= amount;
    const lid = `deposit-deducted-${deposit.id}`;
    sourceOf.set(lid, deposit.id);
    lines.push({ lid, description: label(deposit.number ?? ""), deposit: { price: price(-amount), taxes: deposit.taxes } });
  }
  return { lines, sourceOf };
}

/** A rule of the batch: no deposit line of the order is deducted past its amount (two invoices made at once). */
export function requireDepositsWithin(batch: StockBatch, orderId: number): StockBatch {
  return batch.requireThat(
    sql`not exists (select 1 from sales_document_lines l where l.kind = 'deposit' and l.document_id in (${depositInvoices(orderId, true)})
      and l.price + ${deducted(sql`l.id`)} < 0)`,
    new DomainError("conflict"),
  );
}

/** A rule of the batch: the order's deposit invoices bill at most its total. */
export function requireDepositsWithinOrder(batch: StockBatch, orderId: number): StockBatch {
  return batch.requireThat(
    sql`(select coalesce(sum(total), 0) from sales_documents where id in (${depositInvoices(orderId, true)}))
      <= (select total from sales_documents where id = ${orderId})`,
    new DomainError("validation_failed", {}, { deposit_percentage: { code: "deposits_past_order_total" } }),
  );
}

/** The deduction lines of an invoice that still count: a deposit invoice deducted by them cannot be cancelled. */
export async function deductedBy(db: TenantDb, depositInvoice: SavedSalesDocument): Promise<string[]> {
  if (!depositInvoice.isDeposit) return [];
  const rows = await db
    .selectDistinct({ number: salesDocuments.number, id: salesDocuments.id })
    .from(salesDocumentLines)
    .innerJoin(salesDocuments, eq(salesDocuments.id, salesDocumentLines.documentId))
    .where(
      and(
        eq(salesDocumentLines.kind, "deposit"),
        sql`${salesDocumentLines.sourceLineId} in (select id from sales_document_lines where document_id = ${depositInvoice.id})`,
        sql`${salesDocuments.status} not in (${sqlList(NOT_BILLING)})`,
      ),
    );
  return rows.map((r) => r.number ?? `#${r.id}`);
}
