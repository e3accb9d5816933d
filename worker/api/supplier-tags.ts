import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/supplier-tags).
export const supplierTagOperations: ApiOperation[] = [];
export const supplierTags = new Hono<ApiEnv>();
