import { and, asc, eq, isNull } from "drizzle-orm";
import { controlSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { ACCOUNT_REPRESENTATIVES } from "./alert-schemas";

export interface AccountRepresentativeView {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
}

/**
 * The company's account representatives (users of type accountRepresentative, platform spec §6),
 * active or not, for the settings page that lists them; customers and alerts name them.
 */
export async function listAccountRepresentatives(ctx: Ctx): Promise<AccountRepresentativeView[]> {
  requirePermission(ctx, ACCOUNT_REPRESENTATIVES);
  const { memberships, users } = controlSchema;
  const rows = await ctx.control
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      member: memberships.active,
      user: users.active,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, ctx.actor.company.id),
        eq(memberships.userType, "accountRepresentative"),
        isNull(memberships.customerId),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({ id: r.id, first_name: r.firstName, last_name: r.lastName, email: r.email, active: r.member && r.user }));
}
