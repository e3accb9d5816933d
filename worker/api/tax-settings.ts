import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/tax-settings).
export const taxSettingsOperations: ApiOperation[] = [];
export const taxSettings = new Hono<ApiEnv>();
