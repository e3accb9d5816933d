import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../db/client";
import type { Mailer } from "../../integrations/mail/mailer";
import { DomainError } from "../shared/domain-error";
import { controlOutboxRow } from "../shared/outbox";
import { hashPassword, verifyPassword } from "./password";
import { passwordLinkPath, passwordLinkTtl, verifyPasswordLink, type PasswordLinkKind } from "./password-link";
import { passwordWithConfirmation } from "./password-rules";
import { endOtherSessions } from "./sessions";
import { formKeys, reserveOrRefuse, type AttemptLimiter } from "./sign-in-limits";

const { users } = controlSchema;

export interface PasswordResetRequestDeps {
  control: ControlDb;
  /** Public address the emailed link starts with: APP_URL, else the request's origin. */
  baseUrl: string;
  /** Counts requests per email and per address (the caller's, when known). */
  limiter?: AttemptLimiter;
  address?: string | null;
  /**
   * Runs the lookup and the outbox write after the answer (the Worker's waitUntil), so a known
   * and an unknown email answer alike and as fast; without it both are awaited.
   */
  waitUntil?: (work: Promise<unknown>) => void;
}

/** What sending a reset email needs: the mailer, and the secret that signs its link. */
export interface ResetEmailDeps {
  control: ControlDb;
  mailer: Mailer;
  /** Signs password links (SESSION_SECRET). */
  secret: string;
  now?: number;
}

export interface PasswordLinkDeps {
  control: ControlDb;
  secret: string;
  now?: number;
}

export interface PasswordResetDeps extends PasswordLinkDeps {
  pepper: string;
}

export const PasswordResetRequest = z.object({
  email: z.string({ error: "email_required" }).trim().toLowerCase().min(1, "email_required").max(320, "too_long"),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** The parts of /password-reset/{uid}/{timestamp}/{hash}[?invitation=1]. */
export const PasswordLink = z.object({
  uid: z.string().min(1).max(100),
  timestamp: z.string().regex(/^[0-9a-z]{1,12}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.enum(["reset", "invitation"]).default("reset"),
});
export type PasswordLink = z.input<typeof PasswordLink>;

export const PasswordResetCompletion = z.object({
  link: z.unknown(),
  password: z.unknown(),
  confirmation: z.unknown(),
  endOtherSessions: z.boolean().default(true),
});
export type PasswordResetCompletion = z.input<typeof PasswordResetCompletion>;

const asRecord = (raw: unknown): Record<string, unknown> =>
  typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};

/** The absolute address of an app path, keeping any path prefix of the base address. */
export function absoluteLink(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, "") + path;
}

/**
 * Emails a reset link to the account with this email (through the outbox, decisions/013).
 * Unknown and deactivated accounts get the same answer and no email, so the form does not tell
 * who has an account: past the limits, whoever the email belongs to, the request is refused
 * before anything is looked up.
 */
export async function requestPasswordReset(deps: PasswordResetRequestDeps, raw: unknown): Promise<{ sent: true }> {
  const parsed = PasswordResetRequest.safeParse(asRecord(raw));
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  const { email } = parsed.data;
  if (deps.limiter) await reserveOrRefuse(deps.limiter, formKeys("reset", email, deps.address), "rate_limited");
  const recording = recordResetEmail(deps, email);
  if (deps.waitUntil) deps.waitUntil(recording);
  else await recording;
  return { sent: true };
}

// Nothing changes on a reset request, so the outbox row has no batch to join: it is written after the answer.
async function recordResetEmail(deps: PasswordResetRequestDeps, email: string): Promise<void> {
  const user = await deps.control.query.users.findFirst({ where: eq(users.email, email) });
  if (!user || !user.active) return;
  await controlOutboxRow(deps.control, "email.password_reset", { userId: user.id, baseUrl: deps.baseUrl });
}

/**
 * Sends the reset email an outbox message asked for, with a link signed now; nothing when the
 * account is gone or deactivated since. Rejects with `reset_email_failed` when the mail server
 * does not take it (the queue then retries).
 */
export async function sendResetEmail(deps: ResetEmailDeps, input: { userId: string; baseUrl: string }): Promise<void> {
  const user = await deps.control.query.users.findFirst({ where: eq(users.id, input.userId) });
  if (!user || !user.active) return;
  const link = absoluteLink(input.baseUrl, await passwordLinkPath(deps.secret, user, "reset", deps.now));
  const hours = String(passwordLinkTtl("reset") / 3_600_000);
  try {
    await deps.mailer.send({
      to: user.email,
      locale: user.language,
      template: "password_reset",
      params: { firstName: user.firstName, link, hours },
    });
  } catch {
    throw new DomainError("reset_email_failed");
  }
}

/**
 * The active user a password link was made for, or `password_link_invalid` /
 * `password_link_expired`. A malformed link is simply invalid.
 */
export async function checkPasswordLink(deps: PasswordLinkDeps, raw: unknown) {
  const parsed = PasswordLink.safeParse(asRecord(raw));
  if (!parsed.success) throw new DomainError("password_link_invalid");
  const link = parsed.data;
  const user = await deps.control.query.users.findFirst({ where: eq(users.id, link.uid) });
  if (!user || !user.active) throw new DomainError("password_link_invalid");
  await verifyPasswordLink(
    deps.secret,
    user,
    { timestamp: link.timestamp, hash: link.hash, kind: link.kind as PasswordLinkKind },
    deps.now ?? Date.now(),
  );
  return { user, kind: link.kind };
}

/**
 * Sets the password a reset or invitation link allows. The link must still be valid; the new
 * password follows the rules and differs from the current one. Ends every session of the user
 * when asked (the browser doing this is not signed in, so none is kept).
 */
export async function completePasswordReset(deps: PasswordResetDeps, raw: unknown): Promise<{ userId: string; kind: PasswordLinkKind }> {
  const now = deps.now ?? Date.now();
  const input = PasswordResetCompletion.safeParse(asRecord(raw));
  if (!input.success) throw DomainError.fromZod(input.error);
  const { user, kind } = await checkPasswordLink(deps, input.data.link);

  const passwords = passwordWithConfirmation.safeParse({ password: input.data.password, confirmation: input.data.confirmation });
  if (!passwords.success) throw DomainError.fromZod(passwords.error);
  const { password } = passwords.data;
  if (await verifyPassword(password, user.passwordHash, deps.pepper))
    throw new DomainError("validation_failed", {}, { password: { code: "password_unchanged" } });

  // Conditional on the hash the link signed: of two submissions of one link, only one wins.
  const updated = await deps.control
    .update(users)
    .set({ passwordHash: await hashPassword(password, deps.pepper), passwordChangedAt: now })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  if (updated.rowsAffected !== 1) throw new DomainError("password_link_invalid");
  if (input.data.endOtherSessions) await endOtherSessions(deps.control, user.id, null, now);
  return { userId: user.id, kind };
}
