import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/stock-entries).
export const stockEntryOperations: ApiOperation[] = [];
export const stockEntries = new Hono<ApiEnv>();
