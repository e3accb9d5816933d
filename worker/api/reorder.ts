import { Hono } from "hono";
import { z } from "zod";
import { DOCUMENT_ACCESS } from "../domain/documents/document-types";
import { backorderNeeds, placeBackorder, PlaceBackorderInput, type BackorderNeeds } from "../domain/purchasing/backorder";
import {
  OrderReorderInput,
  orderReorder,
  reorderSuggestions,
  ReorderSuggestionsInput,
  type OrdersMade,
  type ReorderSuggestions,
} from "../domain/purchasing/reorder";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { answer, decimal, id, Reference } from "./schemas/common";
import { PurchaseOrder } from "./schemas/purchasing";
import type { ApiEnv } from "./types";

const VIEW = DOCUMENT_ACCESS.purchase_order.view;
const EDIT = DOCUMENT_ACCESS.purchase_order.edit;

const units = (description: string) => decimal.meta({ description });
const DefaultSupplier = Reference.nullable().meta({
  description: "The variant's supplier, else the one it was last ordered from; null when neither is known",
});

const ReorderSuggestionsAnswer = answer<ReorderSuggestions>()(
  {
    id: "ReorderSuggestions",
    description: "Stock levels whose available plus incoming units are under their reorder point, by location then variant",
  },
  z.object({
    items: z.array(
      z.object({
        id: id.meta({ description: "The stock level" }),
        variant_id: id,
        sku: z.string(),
        label: z.string(),
        product_label: z.string(),
        location_id: id,
        location: Reference,
        on_hand: decimal,
        committed: decimal,
        available: decimal,
        incoming: decimal,
        reorder_point: decimal,
        suggested_quantity: units("reorder_point − (available + incoming): what brings the level back to its reorder point"),
        supplier: DefaultSupplier,
      }),
    ),
    next: z.string().nullable().meta({ description: "The `after` of the next page; null on the last one" }),
  }),
);

const BackorderNeedsAnswer = answer<BackorderNeeds>()(
  {
    id: "BackorderNeeds",
    description:
      "What open sales orders reserve beyond the stock of their location and what is incoming, per variant and location; the open purchase orders to add to; the suppliers",
  },
  z.object({
    items: z.array(
      z.object({
        variant_id: id,
        sku: z.string(),
        label: z.string(),
        product_label: z.string(),
        location_id: id,
        location: Reference,
        on_hand: units("On hand, a negative level counting as 0"),
        committed: decimal,
        incoming: decimal,
        quantity: units("committed − on hand − incoming: the units to order"),
        supplier: DefaultSupplier,
        sales_orders: z.array(z.object({ id, number: z.string().nullable(), committed: decimal })),
      }),
    ),
    open_orders: z.array(z.object({ id, number: z.string(), supplier_id: id, location_id: id, status: z.string() })),
    suppliers: z.array(Reference),
  }),
);

const OrdersMadeAnswer = answer<OrdersMade>()(
  { id: "PurchaseOrdersMade", description: "The purchase orders a reorder or a backorder made or added to, with their lines" },
  z.object({ purchase_orders: z.array(PurchaseOrder) }),
);

export const reorderOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/reorder",
    tag: "Purchase orders",
    summary:
      "Stock levels to reorder (available + incoming under the reorder point), of one location or all, with the quantity suggested and the default supplier; paged by cursor (`after`), without a total",
    auth: true,
    permissions: VIEW,
    query: ReorderSuggestionsInput,
    result: ReorderSuggestionsAnswer,
    responses: { 200: "One page of levels", ...errors },
  },
  {
    method: "post",
    path: "/reorder",
    tag: "Purchase orders",
    summary:
      "Order a reorder selection: one new purchase order per supplier, all for one location. Without lines, every level of the location to reorder at its suggested quantity from its default supplier",
    auth: true,
    permissions: EDIT,
    body: OrderReorderInput,
    result: OrdersMadeAnswer,
    responses: {
      200: "The orders made",
      422: "Lines of another location (reorder_same_location), no supplier (no_supplier_selected), nothing to order (no_product_for_purchase_order), no level to reorder (no_product_below_reorder_point), or invalid input named by field",
      ...errors,
    },
  },
  {
    method: "get",
    path: "/backorder",
    tag: "Purchase orders",
    summary:
      "What open sales orders reserve beyond the stock of their location and what is incoming (up to 500 rows, by location then variant), with the sales orders concerned, the default supplier, the open purchase orders and the suppliers",
    auth: true,
    permissions: VIEW,
    result: BackorderNeedsAnswer,
    responses: { 200: "The needs", ...errors },
  },
  {
    method: "post",
    path: "/backorder",
    tag: "Purchase orders",
    summary:
      "Order the backorder lines: grouped by supplier and location, each added to the open purchase order it names (of that supplier and location) or made into a new order",
    auth: true,
    permissions: EDIT,
    body: PlaceBackorderInput,
    result: OrdersMadeAnswer,
    responses: {
      200: "The orders added to, then those made",
      409: "An order changed meanwhile (conflict)",
      422: "A line without supplier (no_supplier_selected), nothing to order (no_product_for_purchase_order), an order not open or not of the line's supplier and location (purchase_order_closed, unknown_purchase_order), or invalid input named by field",
      ...errors,
    },
  },
];

/** /api/v1/reorder: levels under their reorder point, and the purchase orders made of them. */
export const reorder = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => c.json(await reorderSuggestions(await verbCtx(c), c.req.query())))
  .post("/", requireActor(EDIT), async (c) => c.json(await orderReorder(await verbCtx(c), await jsonBody(c))));

/** /api/v1/backorder: what open sales orders miss, and the purchase orders that fill it. */
export const backorder = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => c.json(await backorderNeeds(await verbCtx(c))))
  .post("/", requireActor(EDIT), async (c) => c.json(await placeBackorder(await verbCtx(c), await jsonBody(c))));
