import type { Context, MiddlewareHandler } from "hono";
import { ctxFromRequest } from "../ctx";
import type { Ctx } from "../domain/shared/ctx";
import { assertMayAct, assertMayWrite } from "../domain/identity/actor";
import { resolveApiToken } from "../domain/identity/api-tokens";
import { hasPermissions, type PermissionCheck } from "../domain/identity/permissions";
import { resolveAccessToken } from "../domain/identity/sessions";
import { DomainError } from "../domain/shared/domain-error";
import type { ApiEnv } from "./types";

/** Accepts `Authorization: Bearer <token>` (an API token or an OAuth access token) and sets the actor. */
export const authenticate: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header("authorization");
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (token) {
    const ctx = c.get("ctx");
    ctx.actor = (await resolveApiToken(ctx.control, token)) ?? (await resolveAccessToken(ctx.control, token));
  }
  await next();
};

/**
 * Demands a signed-in actor holding the given permissions: 401 without one, then the verbs' own
 * gate (assertMayAct: 403 when the company is frozen; B2B users reach only store endpoints), then,
 * for a call that writes, a company that may be written (402 with the account's state otherwise,
 * decision 049). `readOnlyOk` marks the few writes that stay open (switching company).
 */
export function requireActor(
  check: PermissionCheck = {},
  options: { b2b?: boolean; readOnlyOk?: boolean } = {},
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const actor = c.get("ctx").actor;
    if (!actor) throw new DomainError("unauthenticated");
    assertMayAct(actor, options.b2b ? "anywhere" : "back_office");
    if (!options.readOnlyOk && !READS.has(c.req.method)) assertMayWrite(actor);
    if (!hasPermissions(actor.permissions, check)) throw new DomainError("forbidden");
    await next();
  };
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The verb's Ctx of an API call: handlers are `verb(await verbCtx(c), input)`. */
export function verbCtx(c: Context<ApiEnv>): Promise<Ctx> {
  return ctxFromRequest(c.get("ctx"));
}
