import { sql } from "drizzle-orm";
import { keptSelect, type ControlDb } from "../../../db/client";
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
  const [actor, companies, invitations] = await Promise.all([
    resolveAccessTokenHash(control, hash, now),
    readCompanies(control, { hash, now }),
    readInvitations(control, { hash, now }),
  ]);
  return { actor, shell: { companies: userCompanies(companies, now), invitations: invitationViews(invitations) } };
}

// Read at every page: built once per isolate, the token's hash and the time filled in at each call.
const hash = sql.placeholder("hash") as unknown as string;
const now = sql.placeholder("now") as unknown as number;
const readCompanies = keptSelect((control: ControlDb) => userCompaniesQuery(control, accessTokenUserId(control, hash, now)));
const readInvitations = keptSelect((control: ControlDb) => invitationsQuery(control, accessTokenUserId(control, hash, now), now));
