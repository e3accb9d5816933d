import { and, eq, inArray, isNull } from "drizzle-orm";
import { controlSchema } from "../../../../db/client";
import type { Ctx } from "../../shared/ctx";
import type { Locale } from "../../shared/locale";

/** A person an alert emails, in their own language. */
export interface AlertPerson {
  id: string;
  email: string;
  firstName: string;
  language: Locale;
}

/**
 * The people among these user ids who can still be emailed for the company: active staff (not
 * store buyers) of an active account. A recipient who left since the alert was saved is skipped.
 */
export async function alertPeople(ctx: Ctx, userIds: readonly string[]): Promise<Map<string, AlertPerson>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const { memberships, users } = controlSchema;
  const rows = await ctx.control
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, ctx.actor.company.id),
        inArray(memberships.userId, ids),
        eq(memberships.active, true),
        isNull(memberships.customerId),
        eq(users.active, true),
      ),
    );
  return new Map(rows.map((r) => [r.id, { ...r, language: r.language === "fr" ? "fr" : "en" }]));
}
