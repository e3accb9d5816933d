import { Hono } from "hono";
import { SETTINGS } from "../domain/settings/common";
import { createLocation } from "../domain/settings/locations/create-location";
import { deleteLocation } from "../domain/settings/locations/delete-location";
import { getLocation } from "../domain/settings/locations/get-location";
import { listLocationsPage } from "../domain/settings/locations/list-locations-page";
import { LocationInput, UpdateLocationInput } from "../domain/settings/locations/location-schemas";
import { locationList } from "../domain/settings/locations/location-shared";
import { disableLocation, enableLocation } from "../domain/settings/locations/set-location-active";
import { updateLocation } from "../domain/settings/locations/update-location";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { Location } from "./schemas/settings";
import type { ApiEnv } from "./types";

const TAG = "Settings";
const read = { 200: "The location", 401: errors[401], 403: errors[403] };
const write = { 409: "Label taken, or the last active location (last_active_location)", 422: "Invalid input", ...errors };

export const locationOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/locations",
    tag: TAG,
    auth: true,
    summary: "The company's stores and warehouses (list parameters: filters label, type, active, shipping, city, country; sort; search)",
    list: locationList,
    result: page(Location),
    responses: { 200: "One page of the list", 401: errors[401], 422: "Invalid list parameters" },
  },
  {
    method: "post",
    path: "/locations",
    tag: TAG,
    summary: "Add a store or warehouse",
    auth: true,
    permissions: SETTINGS,
    body: LocationInput,
    result: Location,
    responses: { 201: "Created", ...write },
  },
  { method: "get", path: "/locations/{id}", tag: TAG, summary: "One location", auth: true, result: Location, responses: read },
  {
    method: "patch",
    path: "/locations/{id}",
    tag: TAG,
    summary: "Change a location",
    auth: true,
    permissions: SETTINGS,
    body: UpdateLocationInput,
    result: Location,
    responses: { 200: "Updated", ...write },
  },
  {
    method: "delete",
    path: "/locations/{id}",
    tag: TAG,
    summary: "Delete a location (never the last active one)",
    auth: true,
    permissions: SETTINGS,
    responses: { 204: "Deleted", 409: "The last active location", ...errors },
  },
  {
    method: "post",
    path: "/locations/{id}/enable",
    tag: TAG,
    summary: "Activate a location",
    auth: true,
    permissions: SETTINGS,
    result: Location,
    responses: { 200: "Active", ...errors },
  },
  {
    method: "post",
    path: "/locations/{id}/disable",
    tag: TAG,
    summary: "Deactivate a location (never the last active one)",
    auth: true,
    permissions: SETTINGS,
    result: Location,
    responses: { 200: "Inactive", 409: "The last active location", ...errors },
  },
];

/** /api/v1/locations: any signed-in user reads them (other screens pick locations); changes need settings. */
export const locations = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json(await listLocationsPage(await verbCtx(c), new URL(c.req.url).searchParams)))
  .post("/", requireActor(SETTINGS), async (c) => c.json(await createLocation(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(), async (c) => c.json(await getLocation(await verbCtx(c), { id: c.req.param("id") })))
  // The id comes from the path, last: a body cannot name another location.
  .patch("/:id", requireActor(SETTINGS), async (c) =>
    c.json(await updateLocation(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") }))),
  )
  .delete("/:id", requireActor(SETTINGS), async (c) => {
    await deleteLocation(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(SETTINGS), async (c) => c.json(await enableLocation(await verbCtx(c), { id: c.req.param("id") })))
  .post("/:id/disable", requireActor(SETTINGS), async (c) => c.json(await disableLocation(await verbCtx(c), { id: c.req.param("id") })));
