import { Hono } from "hono";
import { acceptEstimate } from "../domain/sales/accept-estimate";
import { createEstimate } from "../domain/sales/create-estimate";
import { deleteEstimate } from "../domain/sales/delete-estimate";
import { getEstimate } from "../domain/sales/get-estimate";
import { listEstimates } from "../domain/sales/list-estimates";
import { rejectEstimate } from "../domain/sales/reject-estimate";
import { SALES_ACCESS, salesDocumentListRegistry } from "../domain/sales/sales-documents";
import { CreateEstimateInput, UpdateEstimateInput } from "../domain/sales/sales-schemas";
import { updateEstimate } from "../domain/sales/update-estimate";
import { acknowledgementsOf, DELETE_ASKS } from "../domain/shared/acknowledgements";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { acknowledgeQuery, errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { SalesDocument } from "./schemas/sales";
import type { ApiEnv } from "./types";

const tag = "Estimates";
const VIEW = SALES_ACCESS.estimate.view;
const EDIT = SALES_ACCESS.estimate.edit;
const READ = SALES_ACCESS.estimate.read;
const LINES =
  "A line names a variant by variant_id or sku, a pack by pack_id, a service by service_id, or is free text (description alone); a kit's components are added as lines of their own. price overrides the catalogue's price for the customer";

export const estimateOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/estimates",
    tag,
    summary:
      "Estimates: filters number, date, status, customer_id, location_id, total, created; sort -id (default), number, date, total, created; search on the number",
    auth: true,
    permissions: VIEW,
    list: salesDocumentListRegistry,
    result: page(SalesDocument),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/estimates",
    tag,
    summary: `Create an estimate for a customer at a location (required); it expires estimate_expiration_days after its date when that is positive. ${LINES}`,
    auth: true,
    permissions: EDIT,
    body: CreateEstimateInput,
    result: SalesDocument,
    responses: {
      201: "Created, with its lines and totals",
      409: "The number typed is taken (document_number_taken)",
      422: "Invalid input",
      ...errors,
    },
  },
  {
    method: "get",
    path: "/estimates/{id}",
    tag,
    summary: "One estimate with its lines",
    auth: true,
    permissions: READ,
    result: SalesDocument,
    responses: { 200: "The estimate", ...errors },
  },
  {
    method: "patch",
    path: "/estimates/{id}",
    tag,
    summary: `Update an estimate; lines given replace its lines and everything is priced again. ${LINES}`,
    auth: true,
    permissions: EDIT,
    body: UpdateEstimateInput.omit({ id: true }),
    result: SalesDocument,
    responses: {
      200: "Updated",
      409: "Another edit came first (conflict), or the estimate was transformed (status_move_not_allowed)",
      422: "Invalid input",
      ...errors,
    },
  },
  {
    method: "delete",
    path: "/estimates/{id}",
    tag,
    summary: "Delete an estimate and the documents made from it, giving back the stock they reserved",
    auth: true,
    permissions: EDIT,
    query: acknowledgeQuery(DELETE_ASKS.sales_document),
    responses: { 204: "Deleted", 409: "Another edit came first (conflict)", 422: "An acknowledgement is missing", ...errors },
  },
  ...(["accept", "reject"] as const).map((move): ApiOperation => ({
    method: "post",
    path: `/estimates/{id}/${move}`,
    tag,
    summary: move === "accept" ? "The customer accepted the estimate" : "The customer refused the estimate",
    auth: true,
    permissions: EDIT,
    result: SalesDocument,
    responses: {
      200: "The estimate",
      409: "Its status does not allow it (status_move_not_allowed), or another edit came first",
      ...errors,
    },
  })),
];

/** /api/v1/estimates (domain spec §3 'Estimate'). */
export const estimates = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listEstimates(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await createEstimate(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(READ), async (c) => {
    return c.json(await getEstimate(await verbCtx(c), { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    // The id comes from the path, last: a body cannot name another record.
    return c.json(await updateEstimate(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deleteEstimate(await verbCtx(c), { id: c.req.param("id"), acknowledged: acknowledgementsOf(c.req.queries("acknowledge") ?? []) });
    return c.body(null, 204);
  })
  .post("/:id/accept", requireActor(EDIT), async (c) => {
    return c.json(await acceptEstimate(await verbCtx(c), { id: c.req.param("id") }));
  })
  .post("/:id/reject", requireActor(EDIT), async (c) => {
    return c.json(await rejectEstimate(await verbCtx(c), { id: c.req.param("id") }));
  });
