import { and, asc, eq } from "drizzle-orm";
import { controlSchema } from "../../../db/client";
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
  const rows = await control
    .select({ company: companies, membership: memberships })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, actor.userId), eq(memberships.active, true)))
    .orderBy(asc(memberships.createdAt));
  return rows.map(({ company, membership }) => ({
    id: company.id,
    label: company.label,
    status: effectiveStatus({ ...company, trialEndsAt: company.trialEndsAt ?? null }, now),
    frozen: company.frozen,
    isAdmin: membership.isAdmin,
  }));
}
