import { moveVerb } from "./sales-verbs";

/** Cancels a sales order: the units it reserved are given back in the same batch (domain spec §4). */
export const cancelSalesOrder = moveVerb("sales_order", "sales_order", "cancelled", { release: true });
