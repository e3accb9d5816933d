import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { controlSchema } from "../../../db/client";
import { signedInUser, viewingStoreAsCustomer } from "../identity/actor";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";

const { memberships, sessions, users } = controlSchema;
export const switchCompanyInput = z.object({ company_id: z.string({ error: "required" }).trim().min(1, "required") });

/**
 * Moves the session to another company of the user, so every later request works on that
 * company's database. Skipped when it is already current or for a b2b_portal user viewing the
 * store as a customer (platform spec §5, §6); a company the user does not belong to is
 * `not_found`. API tokens belong to one company: only a signed-in user's session moves
 * (`forbidden` otherwise).
 */
export async function switchCompany(ctx: Ctx, raw: unknown): Promise<{ switched: boolean; companyId: string }> {
  const { control } = ctx;
  const actor = signedInUser(ctx.actor);
  const parsed = switchCompanyInput.safeParse(raw);
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  const companyId = parsed.data.company_id;
  if (companyId === actor.company.id || viewingStoreAsCustomer(actor)) return { switched: false, companyId: actor.company.id };
  const membership = await control.query.memberships.findFirst({
    where: and(eq(memberships.userId, actor.userId), eq(memberships.companyId, companyId), eq(memberships.active, true)),
  });
  if (!membership) throw new DomainError("not_found");
  await control.batch([
    control.update(sessions).set({ companyId }).where(eq(sessions.id, actor.sessionId)),
    control.update(users).set({ currentCompanyId: companyId }).where(eq(users.id, actor.userId)),
  ]);
  return { switched: true, companyId };
}
