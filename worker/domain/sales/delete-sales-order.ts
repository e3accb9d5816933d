import { deleteVerb } from "./sales-verbs";

/** Deletes a sales order, giving back the stock it reserved. */
export const deleteSalesOrder = deleteVerb("sales_order");
