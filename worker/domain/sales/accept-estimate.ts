import { moveVerb } from "./sales-verbs";

/** The customer accepted the estimate (domain spec §4). */
export const acceptEstimate = moveVerb("estimate", "estimate", "accepted");
