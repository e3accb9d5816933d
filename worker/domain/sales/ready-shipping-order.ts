import { moveVerb } from "./sales-verbs";

/** The parcel is packed and waits for the carrier; no stock moves until it is shipped. */
export const readyShippingOrder = moveVerb("shipping_order", "shipping_order", "ready_to_ship");
