import { Hono } from "hono";
import { z } from "zod";
import { EDIT_PRODUCT_PRICES } from "../domain/products/price-access";
import {
  getPriceUpdate,
  PRICE_CHANGE_KINDS,
  PRICE_ROUNDINGS,
  PriceUpdateInput,
  revertPriceUpdate,
  startPriceUpdate,
  type PriceUpdateView,
} from "../domain/products/price-updates";
import { OPERATION_STATUSES } from "../domain/operations/progress";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { answer, decimal, id, timestamp } from "./schemas/common";
import type { ApiEnv } from "./types";

const TAG = "Products";
const count = (description: string) => z.int().meta({ description });

const OperationMessage = z.union([
  z.string(),
  z.object({
    message: z.string(),
    row: z.number().optional(),
    column: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
]);

export const PriceUpdate = answer<PriceUpdateView>()(
  { id: "PriceUpdate", description: "A bulk change of the prices of one level and currency, run in the background, and its revert" },
  z.object({
    id,
    batch_id: z.string().meta({ description: "The operation's id in the operations menu and its live channel" }),
    label: z.string(),
    status: z.enum(OPERATION_STATUSES),
    progress: z.int().meta({ description: "0 to 100" }),
    errors: z.array(OperationMessage),
    price_level_id: id,
    currency_id: id,
    change: z.enum(PRICE_CHANGE_KINDS),
    value: decimal.meta({ description: "The percentage or the amount added (negative lowers prices)" }),
    rounding: z.enum(PRICE_ROUNDINGS),
    skip_missing: z.boolean(),
    query: z.string().meta({ description: "The products list's query (search and filters) that selects the variants" }),
    supplier_id: id.nullable(),
    variants: count("Variants the filter selected"),
    changed: count("Prices changed"),
    created: count("Prices created for variants that had none (skip_missing false, an amount)"),
    unchanged: count("Prices the change and rounding left as they were"),
    skipped: count("Variants without a price in that level and currency, left alone"),
    reverted: count("Prices put back by the revert"),
    kept: count("Prices the revert left alone: changed since the update"),
    revertable: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const priceUpdateOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/price-updates",
    tag: TAG,
    summary:
      "Change the prices of one level and currency by a percentage or an amount, with a rounding, for the variants the products list's query (and a supplier) selects: run in the background, never under 0",
    auth: true,
    permissions: EDIT_PRODUCT_PRICES,
    body: PriceUpdateInput,
    result: PriceUpdate,
    responses: { 201: "Started", 422: "Invalid input (the field named)", ...errors },
  },
  {
    method: "get",
    path: "/price-updates/{id}",
    tag: TAG,
    summary: "One price update: its progress and counts",
    auth: true,
    permissions: EDIT_PRODUCT_PRICES,
    result: PriceUpdate,
    responses: { 200: "The price update", ...errors },
  },
  {
    method: "post",
    path: "/price-updates/{id}/revert",
    tag: TAG,
    summary:
      "Put the old prices back, in the background, where each price still holds what the update wrote (one changed since is left alone and counted)",
    auth: true,
    permissions: EDIT_PRODUCT_PRICES,
    result: PriceUpdate,
    responses: { 200: "Revert started", 409: "Still running, or reverted already (operation_not_revertable)", ...errors },
  },
];

/** /api/v1/price-updates: bulk price changes and their reverts. */
export const priceUpdates = new Hono<ApiEnv>()
  .post("/", requireActor(EDIT_PRODUCT_PRICES), async (c) => c.json(await startPriceUpdate(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(EDIT_PRODUCT_PRICES), async (c) => c.json(await getPriceUpdate(await verbCtx(c), { id: c.req.param("id") })))
  .post("/:id/revert", requireActor(EDIT_PRODUCT_PRICES), async (c) =>
    c.json(await revertPriceUpdate(await verbCtx(c), { id: c.req.param("id") })),
  );
