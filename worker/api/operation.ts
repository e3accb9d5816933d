import type { z } from "zod";
import type { PermissionCheck } from "../domain/identity/permissions";

/** One documented operation. `permissions` is what the isolation test checks against. */
export interface ApiOperation {
  method: "get" | "post" | "patch" | "put" | "delete";
  path: string;
  tag: string;
  summary: string;
  /** false for calls made without a token (health, password reset). */
  auth: boolean;
  permissions?: PermissionCheck;
  /** A signed-in user may call it on their own id without the permissions. */
  selfAllowed?: boolean;
  body?: z.ZodType;
  responses: Record<number, string>;
}

/** The usual error answers of a guarded route, to spread into `responses`. */
export const errors = {
  401: "No valid token",
  403: "A permission is missing, or the company is frozen",
  404: "Not found in the caller's company",
};
