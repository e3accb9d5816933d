import { and, asc, eq, isNull } from "drizzle-orm";
import { controlSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { ALERTS } from "./alert-schemas";

export interface AlertRecipientChoice {
  id: string;
  name: string;
}

/** The users an alert may email: the company's active staff, by name. */
export async function alertRecipientChoices(ctx: Ctx): Promise<AlertRecipientChoice[]> {
  requirePermission(ctx, ALERTS);
  const { memberships, users } = controlSchema;
  const rows = await ctx.control
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, ctx.actor.company.id),
        eq(memberships.active, true),
        isNull(memberships.customerId),
        eq(users.active, true),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() || r.email }));
}
