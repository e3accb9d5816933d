import { readVerb } from "./sales-verbs";

/** One estimate with its lines. */
export const getEstimate = readVerb("estimate");
