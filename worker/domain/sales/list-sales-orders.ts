import { listVerb } from "./sales-verbs";

/** One page of sales orders (the list engine: filters, sort and search of salesDocumentListRegistry). */
export const listSalesOrders = listVerb("sales_order");
