import { and, asc, eq } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../../../db/client";
import { effectiveStatus } from "../identity/actor";

const { memberships, companies } = controlSchema;

/** The companies a user may work in (active memberships), in the order they joined. */
export async function listUserCompanies(control: ControlDb, userId: string, now = Date.now()) {
  const rows = await control
    .select({ company: companies, membership: memberships })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.active, true)))
    .orderBy(asc(memberships.createdAt));
  return rows.map(({ company, membership }) => ({
    id: company.id,
    label: company.label,
    status: effectiveStatus({ ...company, trialEndsAt: company.trialEndsAt ?? null }, now),
    frozen: company.frozen,
    isAdmin: membership.isAdmin,
  }));
}
