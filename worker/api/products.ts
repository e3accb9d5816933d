import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/products).
export const productOperations: ApiOperation[] = [];
export const products = new Hono<ApiEnv>();
