import { tenantSchema, type TenantDb } from "../../../db/client";
import { listDocuments } from "../documents/list-documents";
import {
  readSalesDocumentRow,
  salesDocumentListRegistry,
  summarySelect,
  summaryView,
  type SalesDocumentView,
  type SavedSalesDocument,
} from "../sales/sales-documents";
import type { ListResult } from "../shared/list-query-sql";
import { currencyDecimals, PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import type { FollowingType } from "./line-limits";

/**
 * How product returns, credit notes and refunds read: a sales document with what its type adds
 * (domain spec §3): whether a return puts its goods back in stock, what a credit note applied and
 * has left to apply, what a refund pays back (its total and its discrepancy).
 */
export interface FollowView extends SalesDocumentView {
  /** Product returns: the returned goods go back into stock at its location once received. */
  add_in_inventory: boolean;
  /** Credit notes: what was applied to invoices, and what remains to apply. */
  amount_credited: string;
  remaining_to_credit: string;
  /** Refunds: paid back on top of the lines (negative: held back); amount = total + discrepancy. */
  discrepancy: string;
  amount: string;
}

export function followView(view: SalesDocumentView, doc: SavedSalesDocument): FollowView {
  const money = (units: number | string | bigint) => storedDecimal(units, PRICE_SCALE).round(currencyDecimals(doc.currency)).toString();
  return {
    ...view,
    add_in_inventory: doc.addInInventory,
    amount_credited: money(doc.amountCredited),
    remaining_to_credit: money(doc.remainingToCredit),
    discrepancy: money(doc.discrepancy),
    amount: money(BigInt(storedDecimal(doc.total, PRICE_SCALE).units) + BigInt(doc.discrepancy)),
  };
}

export async function readFollow(db: TenantDb, type: FollowingType, rawId: unknown): Promise<FollowView> {
  const { view, doc } = await readSalesDocumentRow(db, type, rawId);
  return followView(view, doc);
}

/** One page of a type's documents: the sales documents' filters and sorts. */
export function listFollows(
  db: TenantDb,
  type: FollowingType,
  query: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<FollowView>> {
  return listDocuments(
    db,
    {
      registry: salesDocumentListRegistry,
      type: tenantSchema.salesDocuments.type,
      select: summarySelect,
      view: (row) => followView(summaryView(row), row.doc),
    },
    type,
    query,
  );
}
