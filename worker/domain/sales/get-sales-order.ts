import { readVerb } from "./sales-verbs";

/** One sales order with its lines. */
export const getSalesOrder = readVerb("sales_order");
