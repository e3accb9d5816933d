import { Hono } from "hono";
import { CreateBatchInput, UpdateBatchInput } from "../domain/stock/batch-schemas";
import { batchListRegistry } from "../domain/stock/batch-views";
import { createBatch } from "../domain/stock/create-batch";
import { getBatch } from "../domain/stock/get-batch";
import { listBatches } from "../domain/stock/list-batches";
import { listUnallocatedBatchStock } from "../domain/stock/list-unallocated-batch-stock";
import { updateBatch } from "../domain/stock/update-batch";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { Batch, UnallocatedBatchStockList } from "./schemas/stock";
import type { ApiEnv } from "./types";

// Batches belong to products (the Products and services menu): the products permissions; the
// batch_tracking flag is the module's (worker/domain/identity/module-flags.ts).
const VIEW = { allOf: ["view_products"] } as const;
const EDIT = { allOf: ["edit_products"] } as const;

export const batchOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/batches",
    tag: "Batches",
    summary:
      "Batches: filters variant_id, product_id, number, barcode, expiration_date, created; sort number (default), expiration_date, sku, created; search on the number",
    auth: true,
    permissions: VIEW,
    list: batchListRegistry,
    result: page(Batch),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/batches",
    tag: "Batches",
    summary: "Create a batch of a batch-tracked variant",
    auth: true,
    permissions: EDIT,
    body: CreateBatchInput,
    result: Batch,
    responses: { 201: "Created", 409: "The number is already a batch of the variant (duplicate_batch)", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/batches/unallocated",
    tag: "Batches",
    summary: "Unallocated negative batch stock: batches holding less than nothing in a location",
    auth: true,
    permissions: VIEW,
    result: UnallocatedBatchStockList,
    responses: { 200: "Every such batch and location", ...errors },
  },
  {
    method: "get",
    path: "/batches/{id}",
    tag: "Batches",
    summary: "One batch with its stock per location",
    auth: true,
    permissions: VIEW,
    result: Batch,
    responses: { 200: "The batch", ...errors },
  },
  {
    method: "patch",
    path: "/batches/{id}",
    tag: "Batches",
    summary: "Update a batch; a new expiration date makes an expired batch usable again",
    auth: true,
    permissions: EDIT,
    body: UpdateBatchInput,
    result: Batch,
    responses: { 200: "Updated", 409: "duplicate_batch", 422: "Invalid input", ...errors },
  },
];

/** /api/v1/batches: lots of batch-tracked variants, with expiration dates. */
export const batches = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listBatches(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await createBatch(await verbCtx(c), await jsonBody(c)), 201);
  })
  // GET /unallocated is read here: a literal beside a parameter is a path Hono's RegExpRouter refuses (worker/index.ts).
  .get("/:id", requireActor(VIEW), async (c) => {
    const id = c.req.param("id");
    if (id === "unallocated") return c.json(await listUnallocatedBatchStock(await verbCtx(c)));
    return c.json(await getBatch(await verbCtx(c), { id }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    return c.json(await updateBatch(await verbCtx(c), { ...(await jsonBody(c)), id: c.req.param("id") }));
  });
