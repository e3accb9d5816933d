import { Hono } from "hono";
import { createSeason } from "../domain/products-settings/seasons/create-season";
import { deleteSeason } from "../domain/products-settings/seasons/delete-season";
import { getSeason } from "../domain/products-settings/seasons/get-season";
import { listSeasons } from "../domain/products-settings/seasons/list-seasons";
import { SeasonInput, UpdateSeasonInput } from "../domain/products-settings/seasons/season-schemas";
import { seasonList } from "../domain/products-settings/seasons/season-shared";
import { updateSeason } from "../domain/products-settings/seasons/update-season";
import { EDIT_PRODUCTS, VIEW_PRODUCTS } from "../domain/products-settings/shared";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { Season } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

const VIEW = VIEW_PRODUCTS;
const EDIT = EDIT_PRODUCTS;
const tag = "Products settings";

export const seasonOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/seasons",
    tag,
    summary: "Seasons (list query: label__Contains; sort label, created)",
    auth: true,
    permissions: VIEW,
    list: seasonList,
    result: page(Season),
    responses: { 200: "One page of seasons", 422: "Invalid list parameters", ...errors },
  },
  {
    method: "post",
    path: "/seasons",
    tag,
    summary: "Create a season",
    auth: true,
    permissions: EDIT,
    body: SeasonInput,
    result: Season,
    responses: { 201: "Created", 409: "season_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/seasons/{id}",
    tag,
    summary: "One season",
    auth: true,
    permissions: VIEW,
    result: Season,
    responses: { 200: "The season", ...errors },
  },
  {
    method: "patch",
    path: "/seasons/{id}",
    tag,
    summary: "Rename a season",
    auth: true,
    permissions: EDIT,
    body: UpdateSeasonInput,
    result: Season,
    responses: { 200: "Updated", 409: "season_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/seasons/{id}",
    tag,
    summary: "Delete a season no product uses",
    auth: true,
    permissions: EDIT,
    responses: { 204: "Deleted", 409: "in_use: products use it", ...errors },
  },
];

/** /api/v1/seasons */
export const seasons = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await listSeasons(ctx, new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await createSeason(ctx, await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await getSeason(ctx, { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await updateSeason(ctx, await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    await deleteSeason(ctx, { id: c.req.param("id") });
    return c.body(null, 204);
  });
