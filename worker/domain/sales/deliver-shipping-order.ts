import { moveVerb } from "./sales-verbs";

/** The customer received the goods (they left the location when shipped). */
export const deliverShippingOrder = moveVerb("shipping_order", "shipping_order", "delivered", { from: ["shipped"] });
