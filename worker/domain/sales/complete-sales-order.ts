import { moveVerb } from "./sales-verbs";

/**
 * Completes a sales order by hand (domain spec §4): no stock moves (on hand stays as it is); the
 * order no longer waits for goods, so the units it reserved are no longer committed.
 */
export const completeSalesOrder = moveVerb("sales_order", "sales_order", "completed_manually", { release: true });
