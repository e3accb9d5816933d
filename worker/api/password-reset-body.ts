import { z } from "zod";

/** POST /api/v1/password-reset/confirm: the link's parts and the new password. */
export const ConfirmBody = z.object({
  uid: z.string({ error: "required" }),
  timestamp: z.string({ error: "required" }),
  hash: z.string({ error: "required" }),
  invitation: z.boolean().optional(),
  // Checked by the verb, which names each rule a password breaks.
  password: z.unknown(),
  confirmation: z.unknown(),
  end_other_sessions: z.boolean().optional(),
});
