import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/product-tags).
export const productTagOperations: ApiOperation[] = [];
export const productTags = new Hono<ApiEnv>();
