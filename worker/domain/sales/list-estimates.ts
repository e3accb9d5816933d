import { listVerb } from "./sales-verbs";

/** One page of estimates (the list engine: filters, sort and search of salesDocumentListRegistry). */
export const listEstimates = listVerb("estimate");
