import type { ControlDb } from "../../../db/client";
import { userCompanies, userCompaniesQuery, type UserCompany } from "../companies/list-user-companies";
import { invitationsQuery, invitationViews, type InvitationView } from "../users/company-invitations";
import type { UserActor } from "./actor";
import { accessTokenUserId, resolveAccessTokenHash } from "./sessions";

/** What every back-office page shows of the signed-in user besides the page: their companies and invitations. */
export interface SessionShell {
  companies: UserCompany[];
  invitations: InvitationView[];
}

/**
 * The user of an access token (by its hash) and the shell of the pages they see, read together:
 * the shell's reads name the user by the token's subquery, so they need not wait for the token's
 * check, and a request's client sends the three in one round trip (db/read-batching.ts). A dead
 * token reads an empty shell.
 */
export async function resolveSessionWithShell(
  control: ControlDb,
  hash: string,
  now: number,
): Promise<{ actor: UserActor | null; shell: SessionShell }> {
  const userId = accessTokenUserId(control, hash, now);
  const [actor, companies, invitations] = await Promise.all([
    resolveAccessTokenHash(control, hash, now),
    userCompaniesQuery(control, userId),
    invitationsQuery(control, userId, now),
  ]);
  return { actor, shell: { companies: userCompanies(companies, now), invitations: invitationViews(invitations) } };
}
