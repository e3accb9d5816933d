import { and, eq, isNull } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../../../db/client";
import { newId, randomToken, sha256Hex } from "../shared/ids";
import { companyRef, type Actor } from "./actor";

const { apiTokens, companies } = controlSchema;
export const API_TOKEN_PREFIX = "ck_";

/** Creates a token for an external system; the clear value is returned once and never stored. */
export async function createApiToken(
  control: ControlDb,
  input: { companyId: string; label: string; permissions: string[]; createdBy?: string },
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

export async function resolveApiToken(control: ControlDb, token: string): Promise<Actor | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await control
    .select({ token: apiTokens, company: companies })
    .from(apiTokens)
    .innerJoin(companies, eq(companies.id, apiTokens.companyId))
    .where(and(eq(apiTokens.tokenHash, await sha256Hex(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  return {
    kind: "api_token",
    tokenId: row.token.id,
    permissions: row.token.permissions,
    company: companyRef(row.company),
  };
}
