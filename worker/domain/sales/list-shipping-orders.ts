import { listVerb } from "./sales-verbs";

/** One page of shipping orders (the list engine: filters, sort and search of salesDocumentListRegistry). */
export const listShippingOrders = listVerb("shipping_order");
