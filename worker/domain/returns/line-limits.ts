import { sql, type SQL } from "drizzle-orm";
import { goodsOutStatuses } from "../documents/statuses";
import { DomainError } from "../shared/domain-error";
import { sqlList } from "../shared/sql-list";
import type { StockBatch } from "../stock/ledger";

/**
 * How much of a source line a product return, a credit note or a refund may still take (decision
 * 042). Each new line names the line it follows (`source_line_id`): a return follows an invoice's or
 * a sales order's line, a credit note an invoice's or a return's, a refund a return's. What is taken
 * counts the documents not cancelled, through one level of indirection so that no path takes a
 * line twice: returns of an order line count those made from its invoices' lines, credits of an
 * invoice line count those made from its returns' lines. Each limit is one SQL expression, read
 * before the write (to name the line in a refusal) and checked again inside the write's batch
 * (two documents made at once cannot both take the same remainder).
 */

export type FollowingType = "product_return" | "credit_note" | "refund";
export type SourceType = "invoice" | "sales_order" | "product_return";

/** The quantity of lines of documents of `type` (not cancelled) following the lines `which` selects (SQL over `l`). */
const taken = (type: FollowingType, which: SQL) =>
  sql`(select coalesce(sum(l.quantity), 0) from sales_document_lines l join sales_documents d on d.id = l.document_id
    where d.type = ${type} and d.status <> 'cancelled' and l.component_of_lid is null and ${which})`;

/** Lines of documents of `type` following the source line `line` (its id in SQL). */
const following = (type: string, line: SQL) =>
  sql`(select f.id from sales_document_lines f join sales_documents fd on fd.id = f.document_id where fd.type = ${type} and f.source_line_id = ${line})`;

/** What was shipped of an order line: its shipping orders' lines whose goods are out (shipped or delivered). */
const shippedOf = (line: SQL) =>
  sql`(select coalesce(sum(l.quantity), 0) from sales_document_lines l join sales_documents d on d.id = l.document_id
    where d.type = 'shipping_order' and d.status in (${sqlList(goodsOutStatuses("shipping_order"))}) and l.source_line_id = ${line})`;

/**
 * What remains of the source line `s` (a row of sales_document_lines aliased `s`) for a new
 * document of `type` made from a document of `source`, as SQL; null when such a document is not
 * made from such a source.
 */
export function remainingSql(type: FollowingType, source: SourceType): SQL | null {
  const line = sql`s.id`;
  if (type === "product_return" && source === "sales_order")
    // Shipped, less what was returned of it, directly or through its invoices.
    return sql`(${shippedOf(line)} - ${taken(type, sql`(l.source_line_id = ${line} or l.source_line_id in ${following("invoice", line)})`)})`;
  if (type === "product_return" && source === "invoice") return sql`(s.quantity - ${taken(type, sql`l.source_line_id = ${line}`)})`;
  if (type === "credit_note" && source === "invoice")
    // Invoiced, less what was credited of it, directly or through its returns.
    return sql`(s.quantity - ${taken(type, sql`(l.source_line_id = ${line} or l.source_line_id in ${following("product_return", line)})`)})`;
  if (type === "credit_note" && source === "product_return")
    // Returned, less what was credited of it; and never more than remains to credit of the invoice line it came from.
    return sql`min(s.quantity - ${taken(type, sql`l.source_line_id = ${line}`)},
      coalesce((select i.quantity - ${taken(type, sql`(l.source_line_id = i.id or l.source_line_id in ${following("product_return", sql`i.id`)})`)}
        from sales_document_lines i join sales_documents idoc on idoc.id = i.document_id where i.id = s.source_line_id and idoc.type = 'invoice'), s.quantity))`;
  if (type === "refund" && source === "product_return") return sql`(s.quantity - ${taken(type, sql`l.source_line_id = ${line}`)})`;
  return null;
}

/** The source document's lines that may be followed (not text, not a kit's component) with what remains of each, as SQL. */
export function remainingBySourceLine(sourceId: number, remaining: SQL): SQL {
  return sql`select s.id as id, ${remaining} as remaining from sales_document_lines s
    where s.document_id = ${BigInt(sourceId)} and s.component_of_lid is null and s.kind in ('variant', 'pack', 'kit', 'service')`;
}

/** A guard for the new document's batch: no line of the source is taken past what remained of it (else `conflict`, nothing saved). */
export function requireWithinSource(batch: StockBatch, sourceId: number, remaining: SQL): StockBatch {
  return batch.requireThat(
    sql`not exists (select 1 from sales_document_lines s where s.document_id = ${BigInt(sourceId)} and s.component_of_lid is null and ${remaining} < 0)`,
    new DomainError("conflict"),
  );
}
