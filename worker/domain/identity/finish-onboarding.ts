import { eq } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../../../db/client";

/** Lets a user out of /setup: the send_to_wizard flag is cleared. */
export async function finishOnboarding(control: ControlDb, userId: string): Promise<void> {
  await control.update(controlSchema.users).set({ sendToWizard: false }).where(eq(controlSchema.users.id, userId));
}
