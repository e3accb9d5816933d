import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { newId, randomToken, sha256Hex } from "../shared/ids";
import { parseInput } from "../shared/input";
import { companyRef, signedInUser, type Actor } from "./actor";
import { ALL_PERMISSIONS } from "./permissions";

const { apiTokens, companies, memberships, users } = controlSchema;
// "Last used" is written at most this often, so that a busy token does not write on every call.
const LAST_USED_PRECISION_MS = 60 * 60 * 1000;
export const API_TOKEN_PREFIX = "ck_";
/** Tokens are managed with the settings permission, as the API and the settings page require. */
const MANAGE_TOKENS = { allOf: ["settings"] } as const;

/**
 * Makes a token for an external system; the clear value is returned once and never stored. Not a
 * verb: the one below and the test factory call it, before any company Ctx exists for the latter.
 */
export async function createApiToken(
  control: ControlDb,
  input: { companyId: string; label: string; permissions: string[]; createdBy: string },
) {
  const token = API_TOKEN_PREFIX + randomToken();
  const id = newId();
  await control.insert(apiTokens).values({
    id,
    companyId: input.companyId,
    label: input.label,
    permissions: input.permissions,
    createdBy: input.createdBy,
    tokenHash: await sha256Hex(token),
  });
  return { id, token };
}

/**
 * The actor of an API token: it acts with its scopes that its creator still holds in the company,
 * read in the same statement as the token. A creator disabled, gone from the company or deleted
 * ends it (`api_token_creator_inactive`), as if it were revoked until they come back.
 */
export async function resolveApiToken(control: ControlDb, token: string): Promise<Actor | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await control
    .select({
      token: apiTokens,
      company: companies,
      creatorActive: users.active,
      membershipActive: memberships.active,
      creatorPermissions: memberships.permissions,
    })
    .from(apiTokens)
    .innerJoin(companies, eq(companies.id, apiTokens.companyId))
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .leftJoin(memberships, and(eq(memberships.userId, apiTokens.createdBy), eq(memberships.companyId, apiTokens.companyId)))
    .where(and(eq(apiTokens.tokenHash, await sha256Hex(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  const creatorId = row.token.createdBy;
  if (!creatorId || !row.creatorActive || !row.membershipActive || !row.creatorPermissions)
    throw new DomainError("api_token_creator_inactive");
  const now = Date.now();
  if (row.token.lastUsedAt === null || row.token.lastUsedAt < now - LAST_USED_PRECISION_MS)
    await control
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, now - LAST_USED_PRECISION_MS))));
  const held = new Set(row.creatorPermissions);
  return {
    kind: "api_token",
    tokenId: row.token.id,
    creatorId,
    permissions: row.token.permissions.filter((p) => held.has(p)),
    company: companyRef(row.company),
  };
}

export const ApiTokenInput = z.object({
  label: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  permissions: z
    .array(z.enum(ALL_PERMISSIONS, { error: "unknown_permission" }), { error: "invalid" })
    .max(ALL_PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
});
export type ApiTokenInput = z.input<typeof ApiTokenInput>;

/** A token as listed: never its value, which only its creator saw once. */
export interface ApiTokenView {
  id: string;
  label: string;
  permissions: string[];
  created_at: number;
  created_by: string | null;
  last_used_at: number | null;
}

/**
 * A person creates a token for the company they act in, holding only permissions they hold
 * themselves. Tokens cannot make tokens: a leaked one must not be able to outlive its revocation.
 */
export async function createCompanyApiToken(ctx: Ctx, raw: unknown): Promise<ApiTokenView & { token: string }> {
  requirePermission(ctx, MANAGE_TOKENS);
  const actor = signedInUser(ctx.actor);
  const input = parseInput(ApiTokenInput, raw);
  if (input.permissions.some((p) => !actor.permissions.includes(p)))
    throw new DomainError("validation_failed", {}, { permissions: { code: "permission_not_held" } });
  const { id, token } = await createApiToken(ctx.control, { companyId: actor.company.id, ...input, createdBy: actor.userId });
  const [created] = await tokensOf(ctx.control, actor.company.id, id);
  return { ...created!, token };
}

/** The company's tokens still in force, newest first. */
export async function listApiTokens(ctx: Ctx): Promise<ApiTokenView[]> {
  requirePermission(ctx, MANAGE_TOKENS);
  return tokensOf(ctx.control, ctx.actor.company.id);
}

// The company's tokens still in force, newest first (or the one with `id`).
async function tokensOf(control: ControlDb, companyId: string, id?: string): Promise<ApiTokenView[]> {
  const rows = await control
    .select({ token: apiTokens, firstName: users.firstName, lastName: users.lastName })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.companyId, companyId), isNull(apiTokens.revokedAt), id ? eq(apiTokens.id, id) : undefined))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(({ token, firstName, lastName }) => ({
    id: token.id,
    label: token.label,
    permissions: token.permissions,
    created_at: token.createdAt,
    created_by: firstName !== null ? `${firstName} ${lastName ?? ""}`.trim() : null,
    last_used_at: token.lastUsedAt,
  }));
}

/** Revokes a token of the company at once; `not_found` for another company's or a revoked one. */
export async function revokeApiToken(ctx: Ctx, input: { id: string }): Promise<void> {
  requirePermission(ctx, MANAGE_TOKENS);
  const result = await ctx.control
    .update(apiTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(apiTokens.id, input.id), eq(apiTokens.companyId, ctx.actor.company.id), isNull(apiTokens.revokedAt)));
  if (result.rowsAffected !== 1) throw new DomainError("not_found");
}
