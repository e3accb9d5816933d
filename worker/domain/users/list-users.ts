import { requirePermission, type Ctx } from "../shared/ctx";
import { companyStaff, MANAGE_USERS, type UserView } from "./staff";

/** The company's staff users (B2B users excluded) and the people invited who have not accepted yet, by name. */
export async function listUsers(ctx: Ctx): Promise<UserView[]> {
  requirePermission(ctx, MANAGE_USERS);
  return companyStaff(ctx.control, ctx.actor.company.id, ctx.now());
}
