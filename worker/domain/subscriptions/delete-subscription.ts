import { deleteVerb } from "../sales/sales-verbs";

/**
 * Deletes a subscription with the invoices it made, once acknowledged; only drafts may be deleted,
 * so one that made a finalised invoice is refused, listing it (invoices_not_deletable, cascades.ts).
 */
export const deleteSubscription = deleteVerb("subscription");
