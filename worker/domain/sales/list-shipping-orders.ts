import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { listDocuments, type DocumentListSource } from "../documents/list-documents";
import { permits, requirePermission, type Ctx } from "../shared/ctx";
import type { ListResult } from "../shared/list-query-sql";
import { documentColumns, SALES_ACCESS, SALES_DOCUMENT_LIST, summaryView, type SalesDocumentView } from "./sales-documents";
import { listVerb } from "./sales-verbs";

const { salesDocuments, customers, locations } = tenantSchema;

/** One page of shipping orders (the list engine: filters, sort and search of salesDocumentListRegistry). */
export const listShippingOrders = listVerb("shipping_order");

/** A shipping order as its list page shows it: with the sales order it ships, for whoever may see sales orders. */
export type ShippingOrderListRow = SalesDocumentView & { sales_order: { id: number; number: string } | null };

/** The sales order a shipping order was made from, joined under a name of its own (the list's table is sales_documents too). */
const sourceOrder = alias(salesDocuments, "source_order");

/** The documents' summary row (summarySelect's) and the number of the sales order each was made from, in one query. */
function withOrderSelect(db: TenantDb) {
  return db
    .select({ doc: documentColumns, customerLabel: customers.label, locationLabel: locations.label, orderNumber: sourceOrder.number })
    .from(salesDocuments)
    .innerJoin(customers, eq(customers.id, salesDocuments.customerId))
    .innerJoin(locations, eq(locations.id, salesDocuments.locationId))
    .leftJoin(sourceOrder, and(eq(sourceOrder.id, salesDocuments.createdFromId), eq(sourceOrder.type, "sales_order")))
    .$dynamic();
}

type WithOrderRow = Awaited<ReturnType<typeof withOrderSelect>>[number];

const WITH_ORDER_LIST: DocumentListSource<WithOrderRow, ShippingOrderListRow> = {
  ...SALES_DOCUMENT_LIST,
  select: withOrderSelect,
  view: ({ orderNumber, ...row }) => {
    const view = summaryView(row);
    return {
      ...view,
      sales_order: view.created_from_id !== null && orderNumber ? { id: view.created_from_id, number: orderNumber } : null,
    };
  },
};

/**
 * The shipping order list page's one view: a page of shipping orders, each with the number of the
 * sales order it ships, read in the same query (joined), for whoever may see sales orders; others
 * get the same rows with no order.
 */
export async function shippingOrderListView(
  ctx: Ctx,
  query: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<ShippingOrderListRow>> {
  requirePermission(ctx, SALES_ACCESS.shipping_order.view);
  if (permits(ctx, SALES_ACCESS.sales_order.view)) return listDocuments(ctx.db, WITH_ORDER_LIST, "shipping_order", query);
  const list = await listDocuments(ctx.db, SALES_DOCUMENT_LIST, "shipping_order", query);
  return { ...list, items: list.items.map((d) => ({ ...d, sales_order: null })) };
}
