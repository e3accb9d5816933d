import { cancelDelivery, createDelivery, getDelivery, listDeliveries } from "../domain/purchasing/deliveries";
import { CreateDeliveryInput, CreatePurchaseOrderInput, UpdatePurchaseOrderInput } from "../domain/purchasing/purchase-order-schemas";
import { getPurchaseOrder, listPurchaseOrders, purchaseOrderListRegistry } from "../domain/purchasing/purchase-order-views";
import {
  cancelPurchaseOrder,
  completePurchaseOrder,
  createPurchaseOrder,
  updatePurchaseOrder,
} from "../domain/purchasing/purchase-order-writes";
import { stockDocumentListRegistry } from "../domain/stock/stock-document-views";
import type { Ctx } from "../domain/shared/ctx";
import { documentApi, documentOperations, documentRouter, type DocumentRoute } from "./document-api";
import { errors } from "./operation";
import { documentOutputRoutes } from "./sales-documents";
import { page } from "./schemas/common";
import { PurchaseOrder } from "./schemas/purchasing";
import { StockDocument } from "./schemas/stock";

const writeErrors = {
  409: "Another edit came first (conflict), the number typed is taken (document_number_taken), or the order is closed (purchase_order_closed, status_move_not_allowed)",
  422: "Invalid input, named by field: unknown supplier, location, variant or tax; a kit (kit_not_purchasable); a line below what was received (below_received)",
};

function move<V>(
  name: string,
  summary: string,
  verb: (ctx: Ctx, input: { id: string }) => Promise<V>,
  result: typeof PurchaseOrder | typeof StockDocument,
): DocumentRoute {
  return {
    method: "post",
    path: `/{id}/${name}`,
    access: "edit",
    doc: {
      summary,
      result,
      responses: {
        200: "The document",
        409: "The move is not allowed from its status (status_move_not_allowed), or another edit came first (conflict)",
        ...errors,
      },
    },
    handle: async (c, ctx) => c.json(await verb(ctx, { id: c.req.param("id")! })),
  };
}

const PURCHASE_ORDERS = documentApi({
  type: "purchase_order",
  path: "/purchase-orders",
  tag: "Purchase orders",
  verbs: {
    list: listPurchaseOrders,
    create: createPurchaseOrder,
    get: getPurchaseOrder,
    update: updatePurchaseOrder,
  },
  docs: {
    list: {
      summary:
        "Purchase orders: filters number, date, expected_date, status, supplier_id, location_id, total, created; sort -id (default), number, date, expected_date, total, created; search on the number",
      list: purchaseOrderListRegistry,
      result: page(PurchaseOrder),
      responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
    },
    create: {
      summary:
        "Create a purchase order to a supplier for a location: lines priced from the supplier's price level (else the company's default purchasing level) in the supplier's currency, no customer discount; its stocked units count as incoming at the location until received",
      body: CreatePurchaseOrderInput,
      result: PurchaseOrder,
      responses: { 201: "Created, with its lines", ...writeErrors, ...errors },
    },
    get: {
      summary: "One purchase order with its lines (ordered, received and remaining units)",
      result: PurchaseOrder,
      responses: { 200: "The order", ...errors },
    },
    update: {
      summary: "Change an open order (pending or in progress): lines priced again; a line keeps what was received of it",
      body: UpdatePurchaseOrderInput.omit({ id: true }),
      result: PurchaseOrder,
      responses: { 200: "Updated", ...writeErrors, ...errors },
    },
  },
  outputs: documentOutputRoutes("purchase_order", "purchase order"),
  moves: [
    move(
      "complete",
      "Complete the order by hand: what was not received is no longer expected; stock does not change",
      completePurchaseOrder,
      PurchaseOrder,
    ),
    move("cancel", "Cancel the order and its deliveries (their goods leave stock again), in one write", cancelPurchaseOrder, PurchaseOrder),
  ],
});

const DELIVERIES = documentApi({
  type: "delivery",
  path: "/deliveries",
  tag: "Deliveries",
  verbs: { list: listDeliveries, create: createDelivery, get: getDelivery },
  docs: {
    list: {
      summary: "Deliveries: filters number, date, location_id, purchase_order_id, created; sort -id (default), number, date, created",
      list: stockDocumentListRegistry,
      result: page(StockDocument),
      responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
    },
    create: {
      summary:
        "Receive goods of an open purchase order (all that remains without lines, else the lines named, in the line's unit), into its location or another; batch-tracked variants name a batch (batch_id) or a new one (batch_number, expiration_date). Moving average costs follow the order's net unit prices in the default currency",
      body: CreateDeliveryInput,
      result: StockDocument,
      responses: {
        201: "Received: the delivery with its lines (variant units)",
        409: "The order is completed or cancelled (purchase_order_closed), the batch number exists for the variant (duplicate_batch), or the delivery number is taken",
        422: "Invalid input: more than remains to receive (more_than_remaining), an expired batch (batch_expired), a batch missing (batch_required), nothing left to receive (nothing_to_receive)",
        ...errors,
      },
    },
    get: { summary: "One delivery with its lines", result: StockDocument, responses: { 200: "The delivery", ...errors } },
  },
  moves: [
    move("cancel", "Cancel the delivery: its goods leave stock again and its order expects them again", cancelDelivery, StockDocument),
  ],
});

export const purchaseOrderOperations = documentOperations(PURCHASE_ORDERS);
export const deliveryOperations = documentOperations(DELIVERIES);

/** /api/v1/purchase-orders (domain spec §3 'Purchase order'). */
export const purchaseOrders = documentRouter(PURCHASE_ORDERS);
/** /api/v1/deliveries: goods received for purchase orders. */
export const deliveries = documentRouter(DELIVERIES);
