import { Hono } from "hono";
import { listLocations } from "../domain/settings/list-locations";
import { requireActor } from "./auth";
import type { ApiEnv } from "./types";

/** GET /api/v1/locations: the company's stores and warehouses. */
export const locations = new Hono<ApiEnv>().get("/", requireActor(), async (c) => {
  const items = await listLocations(await c.get("ctx").tenant());
  return c.json({ totalCount: items.length, items });
});
