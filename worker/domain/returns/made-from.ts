import { asc, eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { lineTaken } from "../invoices/invoice-sources";
import { lineColumns, type SavedSalesDocument } from "../sales/sales-documents";
import type { DocumentFields, SalesLineInput } from "../sales/sales-schemas";
import { DomainError } from "../shared/domain-error";
import { FieldIssues } from "../shared/input";
import { PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { qty } from "../stock/common";
import type { StockBatch } from "../stock/ledger";
import { remainingBySourceLine, remainingSql, requireWithinSource, type FollowingType, type SourceType } from "./line-limits";

/**
 * A document made from another's lines (a return of an invoice or an order, a credit note of an
 * invoice or a return, a refund of a return): the lines chosen (the source's line ids, each at most
 * what remains of it, line-limits.ts), else everything that remains, at the source's prices (decision 042).
 * A line's amount discount follows the quantity taken; a percentage discount, and a percentage
 * global discount, are the same; a global discount given as an amount follows the value taken.
 * No shipping is carried: what was shipped is not returned.
 */

const { salesDocumentLines } = tenantSchema;

type SourceLine = Awaited<ReturnType<typeof sourceLinesQuery>>[number];

const sourceLinesQuery = (db: TenantDb, id: number) =>
  db.select(lineColumns).from(salesDocumentLines).where(eq(salesDocumentLines.documentId, id)).orderBy(asc(salesDocumentLines.position));

export interface Source {
  doc: SavedSalesDocument;
  kind: SourceType;
  lines: SourceLine[];
  /** What remains of each line that may be followed (quantity units), by line id. */
  remaining: Map<number, number>;
  /** The SQL of what remains of a source line `s`, for the batch's guard. */
  remainingSql: ReturnType<typeof remainingSql> & object;
}

/** The source's lines and what remains of each for a new document of `type`, in one round trip. */
export async function readSource(db: TenantDb, type: FollowingType, doc: SavedSalesDocument, kind: SourceType): Promise<Source> {
  const remaining = remainingSql(type, kind);
  if (!remaining) throw new DomainError("status_move_not_allowed");
  const [lines, rows] = await db.batch([
    sourceLinesQuery(db, doc.id),
    db.all<{ id: number; remaining: number | string }>(remainingBySourceLine(doc.id, remaining)),
  ]);
  return {
    doc,
    kind,
    lines,
    remaining: new Map(rows.map((r) => [Number(r.id), Math.max(0, Number(r.remaining))])),
    remainingSql: remaining,
  };
}

export interface Chosen {
  line_id: number;
  quantity: number;
}

/** The quantities chosen by line id, checked against what remains of each (`lines.N` named when the caller chose them). */
export function checkChosen(
  source: Source,
  chosen: readonly Chosen[] | undefined,
  nothing: "nothing_to_return" | "nothing_to_credit" | "nothing_to_refund",
): Map<number, number> {
  const named = chosen !== undefined;
  const list = chosen ?? [...source.remaining].filter(([, q]) => q > 0).map(([line_id, quantity]) => ({ line_id, quantity }));
  const issues = new FieldIssues();
  const taken = new Map<number, number>();
  list.forEach((c, i) => {
    const at = (field: string) => (named ? `lines.${i}.${field}` : "lines");
    const remaining = source.remaining.get(c.line_id);
    if (remaining === undefined) return issues.add(at("line_id"), "unknown_line");
    const before = taken.get(c.line_id) ?? 0;
    taken.set(c.line_id, before + c.quantity);
    if (before + c.quantity > remaining)
      issues.add(at("quantity"), "more_than_remaining", { remaining: qty(Math.max(0, remaining - before)) });
  });
  if ([...taken.values()].every((q) => q === 0)) issues.add("lines", nothing);
  issues.throwIfAny();
  return taken;
}

const units = (value: number | string) => storedDecimal(value, PRICE_SCALE).units;
const text = (value: bigint) => storedDecimal(value, PRICE_SCALE).toString();
const downToCent = (value: bigint) => (value / 100n) * 100n;

/** The new document's fields and lines for these quantities of the source's lines. */
export function fieldsFromSource(
  source: Source,
  taken: ReadonlyMap<number, number>,
): { fields: DocumentFields; sourceLineOf: (lid: string) => number | null } {
  const { doc } = source;
  let valueAll = 0n;
  let valueTaken = 0n;
  const lines: SalesLineInput[] = [];
  for (const line of source.lines) {
    // A deposit deducted is money, not goods: a return or a credit follows the goods (decision 043).
    if (line.componentOfLid !== null || line.kind === "text" || line.kind === "deposit") continue;
    const whole = BigInt(Number(line.quantity));
    const value = units(line.total);
    valueAll += value;
    const quantity = taken.get(line.id) ?? 0;
    if (quantity <= 0) continue;
    if (whole > 0n) valueTaken += (value * BigInt(quantity)) / whole;
    const discount =
      line.discountType === "amount"
        ? text(whole > 0n ? downToCent((units(line.discount) * BigInt(quantity)) / whole) : 0n)
        : storedDecimal(line.discount, PRICE_SCALE).toString();
    lines.push(lineTaken(line, quantity, discount));
  }
  const globalDiscount =
    doc.globalDiscountType === "amount"
      ? text(valueAll > 0n ? downToCent((units(doc.globalDiscount) * valueTaken) / valueAll) : 0n)
      : storedDecimal(doc.globalDiscount, PRICE_SCALE).toString();
  const byLid = new Map(source.lines.map((l) => [l.lid, l.id]));
  return {
    fields: {
      label: doc.label,
      external_reference: doc.externalReference,
      for_the_attention_of: doc.forTheAttentionOf,
      document_tax_ids: doc.documentTaxIds,
      global_discount: globalDiscount,
      global_discount_type: doc.globalDiscountType,
      shipping_cost: null,
      lines,
    },
    sourceLineOf: (lid) => byLid.get(lid) ?? null,
  };
}

/** The batch's guard: no line of the source taken past what remained of it. */
export const guardSource = (source: Source) => (batch: StockBatch) => requireWithinSource(batch, source.doc.id, source.remainingSql);
