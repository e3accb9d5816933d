import { Hono, type Context } from "hono";
import { z } from "zod";
import { translate } from "../../locales";
import { refreshSession, signIn, type TokenPair } from "../domain/identity/sessions";
import { isDomainError, type ErrorCode } from "../domain/shared/domain-error";
import { mediaType } from "../media-type";
import { limitDeps } from "../web-session";
import type { ApiEnv } from "./types";

const passwordGrant = z.object({
  grant_type: z.literal("password"),
  username: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
const refreshGrant = z.object({
  grant_type: z.literal("refresh_token"),
  refresh_token: z.string().min(1),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
const tokenRequest = z.discriminatedUnion("grant_type", [passwordGrant, refreshGrant]);

/** RFC 6749 §5.2 error answer, with our code and a translated description. */
function oauthError(c: Context<ApiEnv>, status: 400 | 401 | 429, error: string, code: ErrorCode, params: Record<string, unknown> = {}) {
  c.header("cache-control", "no-store");
  return c.json({ error, error_description: translate(c.get("ctx").locale, `error.${code}`, params), code }, status);
}

function tokenAnswer(c: Context<ApiEnv>, pair: TokenPair) {
  c.header("cache-control", "no-store");
  c.header("pragma", "no-cache");
  return c.json({
    access_token: pair.accessToken,
    refresh_token: pair.refreshToken,
    token_type: pair.tokenType,
    expires_in: pair.expiresIn,
  });
}

async function readBody(c: Context<ApiEnv>): Promise<unknown> {
  if (mediaType(c.req.header("content-type")) === "application/json") return c.req.json().catch(() => null);
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}

/** `Authorization: Basic` as [client id, secret]; `malformed` when it is not base64 of "id:secret". */
function basicCredentials(header: string | undefined): [string, string] | "malformed" | null {
  const encoded = header?.match(/^Basic\s+(\S+)$/i)?.[1];
  if (!encoded) return null;
  let decoded: string;
  try {
    decoded = atob(encoded);
  } catch {
    return "malformed";
  }
  const colon = decoded.indexOf(":");
  return colon < 0 ? "malformed" : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/**
 * POST /oauth2/token (platform spec §7): `password` and `refresh_token` grants, JSON or form
 * encoded. The first-party client may be public (no secret configured); when a secret is set
 * it must match.
 */
export const oauthToken = new Hono<ApiEnv>().post("/", async (c) => {
  const ctx = c.get("ctx");
  const parsed = tokenRequest.safeParse(await readBody(c));
  if (!parsed.success) return oauthError(c, 400, "invalid_request", "oauth_invalid_request");
  const input = parsed.data;
  const { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET } = ctx.env.settings;
  const basic = basicCredentials(c.req.header("authorization"));
  const [basicId, basicSecret] = Array.isArray(basic) ? basic : [];
  const clientId = input.client_id ?? basicId;
  const clientSecret = input.client_secret ?? basicSecret;
  const wrongClient = (clientId && clientId !== OAUTH_CLIENT_ID) || (OAUTH_CLIENT_SECRET && clientSecret !== OAUTH_CLIENT_SECRET);
  if (basic === "malformed" || wrongClient) {
    c.header("www-authenticate", 'Basic realm="oauth2"');
    return oauthError(c, 401, "invalid_client", "oauth_invalid_client");
  }
  try {
    if (input.grant_type === "password") {
      const pair = await signIn(
        { control: ctx.control, pepper: ctx.env.settings.PASSWORD_PEPPER, ...limitDeps(ctx, c.req.raw) },
        { email: input.username ?? input.email ?? "", password: input.password ?? "" },
      );
      return tokenAnswer(c, pair);
    }
    return tokenAnswer(c, await refreshSession(ctx.control, input.refresh_token));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "login_required") return oauthError(c, 400, "invalid_request", error.code);
    if (error.code === "login_rate_limited") {
      c.header("retry-after", String(error.params.seconds ?? 60));
      return oauthError(c, 429, "invalid_grant", error.code, error.params);
    }
    return oauthError(c, 400, "invalid_grant", error.code, error.params);
  }
});
