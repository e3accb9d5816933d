import { Hono } from "hono";
import {
  createSeason,
  deleteSeason,
  getSeason,
  listSeasons,
  seasonList,
  updateSeason,
  SeasonInput,
  UpdateSeasonInput,
} from "../domain/products-settings/seasons";
import { requireActor } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { Season } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

const VIEW = { allOf: ["view_products"] } as const;
const EDIT = { allOf: ["edit_products"] } as const;
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
    const db = await c.get("ctx").tenant();
    return c.json(await listSeasons(db, new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await createSeason(db, await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await getSeason(db, c.req.param("id")));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await updateSeason(db, c.req.param("id"), await jsonBody(c)));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    await deleteSeason(db, c.req.param("id"));
    return c.body(null, 204);
  });
