import { Hono } from "hono";
import {
  CreateSavedViewInput,
  createSavedView,
  deleteSavedView,
  listSavedViews,
  SavedViewListQuery,
  UpdateSavedViewInput,
  updateSavedView,
} from "../domain/saved-views/saved-views";

import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { SavedView, SavedViewList } from "./schemas/identity";
import type { ApiEnv } from "./types";

// Views belong to a person: signed-in users only (an API token is refused by the domain with 403).
const personal = { 401: errors[401], 403: "Called with an API token, or the company is frozen" };

export const savedViewOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/saved-views",
    tag: "Saved views",
    summary: "The caller's saved views of one list (?type=services), by label",
    auth: true,
    query: SavedViewListQuery,
    result: SavedViewList,
    responses: { 200: "List", 422: "Missing or unknown list type", ...personal },
  },
  {
    method: "post",
    path: "/saved-views",
    tag: "Saved views",
    summary: "Save a view of a list (filters, columns, sort); is_default unsets the caller's other default of that list",
    auth: true,
    body: CreateSavedViewInput,
    result: SavedView,
    responses: { 201: "Saved", 409: "The caller already has a view of this list with this label", 422: "Invalid input", ...personal },
  },
  {
    method: "patch",
    path: "/saved-views/{id}",
    tag: "Saved views",
    summary: "Rename a view, change what it restores, or make it the default",
    auth: true,
    body: UpdateSavedViewInput,
    result: SavedView,
    responses: { 200: "Updated", 409: "Label already used", 422: "Invalid input", 404: "Not one of the caller's views", ...personal },
  },
  {
    method: "delete",
    path: "/saved-views/{id}",
    tag: "Saved views",
    summary: "Delete one of the caller's views",
    auth: true,
    responses: { 204: "Deleted", 404: "Not one of the caller's views", ...personal },
  },
];

/** /api/v1/saved-views: each user's saved filters, columns and sort per list. */
export const savedViews = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => {
    const items = await listSavedViews(await verbCtx(c), { type: c.req.query("type") });
    return c.json({ totalCount: items.length, items });
  })
  .post("/", requireActor(), async (c) => {
    return c.json(await createSavedView(await verbCtx(c), await jsonBody(c)), 201);
  })
  .patch("/:id", requireActor(), async (c) => {
    // The id comes from the path, last: a body cannot name another view.
    return c.json(await updateSavedView(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(), async (c) => {
    await deleteSavedView(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  });
