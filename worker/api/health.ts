import { Hono } from "hono";
import type { ApiEnv } from "./types";

/** GET /api/v1/health: whether the control database answers, and how fast. */
export const health = new Hono<ApiEnv>().get("/", async (c) => {
  const started = Date.now();
  try {
    await c.get("ctx").control.$client.execute("SELECT 1");
    return c.json({ status: "ok", database: "up", latency_ms: Date.now() - started });
  } catch (error) {
    console.error("health check failed", error);
    return c.json({ status: "degraded", database: "down" }, 503);
  }
});
