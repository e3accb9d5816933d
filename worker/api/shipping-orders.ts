import { cancelShippingOrder } from "../domain/sales/cancel-shipping-order";
import { createShippingOrder } from "../domain/sales/create-shipping-order";
import { deliverShippingOrder } from "../domain/sales/deliver-shipping-order";
import { prepareShippingOrder } from "../domain/sales/prepare-shipping-order";
import { readyShippingOrder } from "../domain/sales/ready-shipping-order";
import { getShippingOrder } from "../domain/sales/get-shipping-order";
import { listShippingOrders } from "../domain/sales/list-shipping-orders";
import { CreateShippingOrderInput } from "../domain/sales/sales-schemas";
import { shipShippingOrder } from "../domain/sales/ship-shipping-order";
import { documentOperations, documentRouter } from "./document-api";
import { salesDocumentApi } from "./sales-documents";

const SHIPPING_ORDERS = salesDocumentApi({
  type: "shipping_order",
  path: "/shipping-orders",
  tag: "Shipping orders",
  what: "shipping order",
  create: CreateShippingOrderInput,
  createSummary:
    "Make a shipping order of a sales order: lines chosen by the order's line_id with a quantity (at most what remains to ship), else everything that remains; a kit ships with its components. Nothing leaves the location until it is shipped.",
  writeErrors: { 422: "Invalid input, or more than remains to ship (more_than_remaining naming lines.N.quantity)" },
  verbs: { list: listShippingOrders, create: createShippingOrder, get: getShippingOrder },
  // In this order a new shipping order can take every move.
  moves: [
    {
      name: "prepare",
      summary: "The goods are being picked and packed (from make_the_shipment or ready_to_ship)",
      verb: prepareShippingOrder,
    },
    {
      name: "ready",
      summary: "The parcel is packed and waits for the carrier (from make_the_shipment or in_preparation)",
      verb: readyShippingOrder,
    },
    {
      name: "ship",
      summary:
        "The goods leave: stock goes down at the location (the ledger) and the order's reservation with it (insufficient_stock when the company forbids negative stock)",
      verb: shipShippingOrder,
    },
    {
      name: "deliver",
      summary: "The customer received the goods; a shipping order not yet shipped is shipped in the same write (its goods leave then)",
      verb: deliverShippingOrder,
    },
    {
      name: "cancel",
      summary: "Cancel the shipping order; goods already shipped come back into stock and into the order's reservation",
      verb: cancelShippingOrder,
    },
  ],
});

export const shippingOrderOperations = documentOperations(SHIPPING_ORDERS);

/** /api/v1/shipping-orders (domain spec §3 'Shipping order'). */
export const shippingOrders = documentRouter(SHIPPING_ORDERS);
