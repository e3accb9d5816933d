import { z } from "zod";

/**
 * The password rules of domain spec §5: at least 8 characters, a number, an uppercase letter
 * and a special character. Each failure has its own code so the form names it.
 */
export const newPassword = z
  .string({ error: "password_required" })
  .min(1, "password_required")
  .min(8, "password_too_short")
  .max(200, "password_too_long")
  .regex(/[0-9]/, "password_needs_number")
  .regex(/\p{Lu}/u, "password_needs_uppercase")
  .regex(/[^\p{L}\p{N}\s]/u, "password_needs_special");

/** A new password typed twice; both must be present and equal. */
export const passwordWithConfirmation = z
  .object({
    password: newPassword,
    confirmation: z.string({ error: "confirmation_required" }).min(1, "confirmation_required"),
  })
  .refine((v) => v.password === v.confirmation, { path: ["confirmation"], message: "password_mismatch" });
