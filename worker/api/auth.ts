import type { MiddlewareHandler } from "hono";
import { resolveApiToken } from "../domain/identity/api-tokens";
import { hasPermissions, type PermissionCheck } from "../domain/identity/permissions";
import { resolveSession } from "../domain/identity/sessions";
import { DomainError } from "../domain/shared/domain-error";
import type { ApiEnv } from "./types";

/** Accepts `Authorization: Bearer <token>` (API token or session token) and sets the actor. */
export const authenticate: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header("authorization");
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (token) {
    const ctx = c.get("ctx");
    ctx.actor = (await resolveApiToken(ctx.control, token)) ?? (await resolveSession(ctx.control, token));
  }
  await next();
};

/** Demands a signed-in actor holding the given permissions; the API answers 401 or 403. */
export function requireActor(check: PermissionCheck = {}): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const actor = c.get("ctx").actor;
    if (!actor) throw new DomainError("unauthenticated");
    if (!hasPermissions(actor.permissions, check)) throw new DomainError("forbidden");
    await next();
  };
}
