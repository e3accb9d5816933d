import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/suppliers).
export const supplierOperations: ApiOperation[] = [];
export const suppliers = new Hono<ApiEnv>();
