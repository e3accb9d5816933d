import { eq } from "drizzle-orm";
import { controlSchema } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { signedInUser } from "./actor";

/** Lets the signed-in user out of /setup: their send_to_wizard flag is cleared. */
export async function finishOnboarding(ctx: Ctx): Promise<void> {
  const user = signedInUser(ctx.actor);
  await ctx.control.update(controlSchema.users).set({ sendToWizard: false }).where(eq(controlSchema.users.id, user.userId));
}
