import { moveVerb } from "./sales-verbs";

/** The customer refused the estimate (domain spec §4); it may be reopened or accepted later. */
export const rejectEstimate = moveVerb("estimate", "estimate", "rejected");
