import { moveVerb } from "./sales-verbs";

/** Validates an order placed from the store: pending_validation becomes pending (domain spec §4). */
export const validateSalesOrder = moveVerb("sales_order", "sales_order", "pending", { from: ["pending_validation"] });
