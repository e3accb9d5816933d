import { and, asc, eq, type SQL } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../../../db/client";
import { effectiveStatus, type CompanyRef } from "../identity/actor";
import type { Ctx } from "../shared/ctx";

const { memberships, companies } = controlSchema;

export interface UserCompany {
  id: string;
  label: string;
  status: CompanyRef["status"];
  frozen: boolean;
  isAdmin: boolean;
}

/**
 * The companies the actor may work in: a user's active memberships, in the order they joined;
 * an API token (or the system) works in its own company only.
 */
export async function listUserCompanies(ctx: Ctx): Promise<UserCompany[]> {
  const { actor, control } = ctx;
  const now = ctx.now();
  if (actor.kind !== "user")
    return [
      {
        id: actor.company.id,
        label: actor.company.label,
        status: effectiveStatus(actor.company, now),
        frozen: actor.company.frozen,
        isAdmin: false,
      },
    ];
  return userCompanies(await userCompaniesQuery(control, actor.userId), now);
}

/** The query of a user's companies; the user may be named by a subquery (the session's, see session-shell.ts). */
export function userCompaniesQuery(control: ControlDb, userId: string | SQL) {
  return control
    .select({ company: companies, membership: memberships })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.active, true)))
    .orderBy(asc(memberships.createdAt));
}

export function userCompanies(rows: Awaited<ReturnType<typeof userCompaniesQuery>>, now: number): UserCompany[] {
  return rows.map(({ company, membership }) => ({
    id: company.id,
    label: company.label,
    status: effectiveStatus({ ...company, trialEndsAt: company.trialEndsAt ?? null }, now),
    frozen: company.frozen,
    isAdmin: membership.isAdmin,
  }));
}
