import { deleteVerb } from "./sales-verbs";

/** Deletes an estimate and the sales orders made from it, giving back the stock they reserved (domain spec §4). */
export const deleteEstimate = deleteVerb("estimate");
