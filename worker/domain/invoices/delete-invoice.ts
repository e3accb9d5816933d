import { deleteVerb } from "../sales/sales-verbs";

/** Deletes a draft invoice (domain spec §4: only drafts; 'invoices_not_deletable' lists the others), once acknowledged. */
export const deleteInvoice = deleteVerb("invoice");
