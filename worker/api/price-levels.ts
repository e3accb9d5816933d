import { Hono } from "hono";
import { PRICE_LEVELS } from "../domain/settings/common";
import { createPriceLevel } from "../domain/settings/price-levels/create-price-level";
import { deletePriceLevel } from "../domain/settings/price-levels/delete-price-level";
import { getPriceLevel } from "../domain/settings/price-levels/get-price-level";
import { listPriceLevelsPage } from "../domain/settings/price-levels/list-price-levels";
import { makeDefaultPriceLevel } from "../domain/settings/price-levels/make-default-price-level";
import { PriceLevelInput, UpdatePriceLevelInput } from "../domain/settings/price-levels/price-level-schemas";
import { priceLevelList } from "../domain/settings/price-levels/price-level-shared";
import { disablePriceLevel, enablePriceLevel } from "../domain/settings/price-levels/set-price-level-active";
import { updatePriceLevel } from "../domain/settings/price-levels/update-price-level";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { PriceLevel } from "./schemas/settings";
import type { ApiEnv } from "./types";

// Price levels are changed by whoever holds settings or the dedicated edit_price_levels.
const EDIT = PRICE_LEVELS;
const TAG = "Settings";
const write = {
  409: "Label taken (price_level_label_taken), a default level (default_price_level), or used by prices (in_use)",
  422: "Invalid input",
  ...errors,
};

export const priceLevelOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/price-levels",
    tag: TAG,
    auth: true,
    summary:
      "Selling and purchasing price levels, each with is_default (list parameters: filters label, type, active, is_default; sort; search)",
    list: priceLevelList,
    result: page(PriceLevel),
    responses: { 200: "One page of the list", 401: errors[401], 422: "Invalid list parameters" },
  },
  {
    method: "post",
    path: "/price-levels",
    tag: TAG,
    summary: "Add a price level",
    auth: true,
    permissions: EDIT,
    body: PriceLevelInput,
    result: PriceLevel,
    responses: { 201: "Created", ...write },
  },
  {
    method: "get",
    path: "/price-levels/{id}",
    tag: TAG,
    summary: "One price level",
    auth: true,
    result: PriceLevel,
    responses: { 200: "The price level", 401: errors[401], 403: errors[403] },
  },
  {
    method: "patch",
    path: "/price-levels/{id}",
    tag: TAG,
    summary: "Change a price level",
    auth: true,
    permissions: EDIT,
    body: UpdatePriceLevelInput,
    result: PriceLevel,
    responses: { 200: "Updated", ...write },
  },
  {
    method: "delete",
    path: "/price-levels/{id}",
    tag: TAG,
    summary: "Delete a price level (not a default, not used by prices)",
    auth: true,
    permissions: EDIT,
    responses: { 204: "Deleted", ...write },
  },
  {
    method: "post",
    path: "/price-levels/{id}/enable",
    tag: TAG,
    summary: "Activate a price level",
    auth: true,
    permissions: EDIT,
    result: PriceLevel,
    responses: { 200: "Active", ...errors },
  },
  {
    method: "post",
    path: "/price-levels/{id}/disable",
    tag: TAG,
    summary: "Deactivate a price level (not a default)",
    auth: true,
    permissions: EDIT,
    result: PriceLevel,
    responses: { 200: "Inactive", ...write },
  },
  {
    method: "post",
    path: "/price-levels/{id}/default",
    tag: TAG,
    summary: "Make it the company's default level of its type",
    auth: true,
    permissions: EDIT,
    result: PriceLevel,
    responses: { 200: "The new default", ...errors },
  },
];

/** /api/v1/price-levels: any signed-in user reads them; changes need settings or edit_price_levels. */
export const priceLevels = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json(await listPriceLevelsPage(await verbCtx(c), new URL(c.req.url).searchParams)))
  .post("/", requireActor(EDIT), async (c) => c.json(await createPriceLevel(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(), async (c) => c.json(await getPriceLevel(await verbCtx(c), { id: c.req.param("id") })))
  // The id comes from the path, last: a body cannot name another level.
  .patch("/:id", requireActor(EDIT), async (c) =>
    c.json(await updatePriceLevel(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") }))),
  )
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deletePriceLevel(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => c.json(await enablePriceLevel(await verbCtx(c), { id: c.req.param("id") })))
  .post("/:id/disable", requireActor(EDIT), async (c) => c.json(await disablePriceLevel(await verbCtx(c), { id: c.req.param("id") })))
  .post("/:id/default", requireActor(EDIT), async (c) => c.json(await makeDefaultPriceLevel(await verbCtx(c), { id: c.req.param("id") })));
