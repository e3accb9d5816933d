import { and, eq, isNotNull, notInArray, or, sql, type SQLWrapper } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";

const { salesDocuments, salesDocumentLines } = tenantSchema;

/** What a source document's lines are followed by: shipped, invoiced, returned, credited (sales), received (purchasing). */
export const LINE_PROGRESSES = ["ship", "invoice", "return", "credit", "receive"] as const;
export type LineProgress = (typeof LINE_PROGRESSES)[number];

/**
 * Which child documents count towards which progress of their source's lines (their lines name
 * the source line they came from), and in which statuses they do not. Data, not code: invoices,
 * product returns and deliveries add their rows with their documents.
 */
export interface DoneRule {
  progress: LineProgress;
  /** The child document's type, as its table stores it. */
  child: string;
  /** The child's statuses that count for nothing (a cancelled shipment ships nothing). */
  countsUnless: readonly string[];
}

export const DONE_BY_LINE_RULES: readonly DoneRule[] = [
  { progress: "ship", child: "shipping_order", countsUnless: ["cancelled"] },
  // An invoice bills its lines whatever its payments, until it is cancelled (or voided after that).
  { progress: "invoice", child: "invoice", countsUnless: ["cancelled", "voided"] },
  // A return takes back what was shipped or invoiced of a line until it is cancelled; a credit
  // note credits an invoice's (or a return's) line until it is cancelled.
  { progress: "return", child: "product_return", countsUnless: ["cancelled"] },
  { progress: "credit", child: "credit_note", countsUnless: ["cancelled"] },
];

/**
 * The query of what a source document's children did of each of its lines, per child type: one
 * statement, to put in the batch that reads the source. Read it with `doneByLineOf`.
 */
export function doneByLineQuery(db: TenantDb, sourceId: number | SQLWrapper, rules: readonly DoneRule[] = DONE_BY_LINE_RULES) {
  // Types and statuses as stored: the rules name documents the column's enum may not list yet.
  const counted = rules.map((rule) =>
    and(
      sql`${salesDocuments.type} = ${rule.child}`,
      rule.countsUnless.length ? notInArray(sql`${salesDocuments.status}`, [...rule.countsUnless]) : undefined,
    ),
  );
  return db
    .select({
      lineId: salesDocumentLines.sourceLineId,
      child: salesDocuments.type,
      quantity: sql<number>`sum(${salesDocumentLines.quantity})`,
    })
    .from(salesDocumentLines)
    .innerJoin(salesDocuments, eq(salesDocuments.id, salesDocumentLines.documentId))
    .where(
      and(
        // Children are found by their lines, not their created_from_id: an invoice made from a
        // shipping order bills the sales order's lines its shipment shipped.
        sql`${salesDocumentLines.sourceLineId} in (select id from sales_document_lines where document_id = ${sourceId})`,
        isNotNull(salesDocumentLines.sourceLineId),
        // No rule: nothing counts (an empty `or` would match every child).
        counted.length ? or(...counted) : sql`0 = 1`,
      ),
    )
    .groupBy(salesDocumentLines.sourceLineId, salesDocuments.type);
}

type DoneRows = Awaited<ReturnType<typeof doneByLineQuery>>;

/** What was done so far of each line of a source document, and what remains, per progress (quantities as stored). */
export interface DoneByLine {
  /** How much of the line its counted children did, for this progress. */
  done(progress: LineProgress, lineId: number): number;
  /** What remains of the line for this progress: its quantity less what was done, never below 0. */
  remaining(progress: LineProgress, line: { id: number; quantity: number }): number;
  /** Every line with something done, for this progress. */
  byLine(progress: LineProgress): Map<number, number>;
}

/** The rows of `doneByLineQuery` read through the rules they were selected with. */
export function doneByLineOf(rows: DoneRows, rules: readonly DoneRule[] = DONE_BY_LINE_RULES): DoneByLine {
  const maps = new Map<LineProgress, Map<number, number>>(LINE_PROGRESSES.map((p) => [p, new Map()]));
  for (const row of rows) {
    if (row.lineId === null) continue;
    for (const rule of rules.filter((r) => r.child === row.child)) {
      const map = maps.get(rule.progress)!;
      map.set(row.lineId, (map.get(row.lineId) ?? 0) + Number(row.quantity));
    }
  }
  const done = (progress: LineProgress, lineId: number) => maps.get(progress)!.get(lineId) ?? 0;
  return {
    done,
    remaining: (progress, line) => Math.max(0, line.quantity - done(progress, line.id)),
    byLine: (progress) => new Map(maps.get(progress)!),
  };
}

/** What was done so far of each line of a source document (a sales order's shipments, for one), in one read. */
export async function doneByLine(db: TenantDb, sourceId: number, rules: readonly DoneRule[] = DONE_BY_LINE_RULES): Promise<DoneByLine> {
  return doneByLineOf(await doneByLineQuery(db, sourceId, rules), rules);
}
