import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/customer-tags).
export const customerTagOperations: ApiOperation[] = [];
export const customerTags = new Hono<ApiEnv>();
