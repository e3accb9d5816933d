import { moveVerb } from "./sales-verbs";

/** The goods are being picked and packed (from "to ship", or back from "ready to ship"); no stock moves yet. */
export const prepareShippingOrder = moveVerb("shipping_order", "shipping_order", "in_preparation");
