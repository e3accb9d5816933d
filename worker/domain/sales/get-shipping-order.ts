import { readVerb } from "./sales-verbs";

/** One shipping order with its lines. */
export const getShippingOrder = readVerb("shipping_order");
