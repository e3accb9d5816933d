import { Hono } from "hono";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints.
export const users = new Hono<ApiEnv>();
