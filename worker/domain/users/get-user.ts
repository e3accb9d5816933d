import type { Ctx } from "../shared/ctx";
import { requireSelfOrManager, staffUser, type UserView } from "./staff";

/**
 * One staff user of the company, or someone invited there; `not_found` for anyone else (another
 * company's, or a B2B user). One's own record needs no permission, anyone else's needs settings.
 */
export async function getUser(ctx: Ctx, input: { id: string }): Promise<UserView> {
  requireSelfOrManager(ctx, input.id);
  return staffUser(ctx, input.id);
}
