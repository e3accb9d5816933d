import { requirePermission, type Ctx } from "../../shared/ctx";
import { fieldError, parseInput, SETTINGS } from "../common";
import { SendSmtpTestEmailInput } from "./smtp-settings-schemas";

/**
 * Asks for a test email through the company's SMTP settings, to the signed-in user (or the
 * address given): it leaves through the outbox, so it goes once the queue's consumer sends it.
 */
export async function sendSmtpTestEmail(ctx: Ctx, raw: unknown = {}): Promise<{ to: string }> {
  requirePermission(ctx, SETTINGS);
  const input = parseInput(SendSmtpTestEmailInput, raw);
  const to = input.to ?? (ctx.actor.kind === "user" ? ctx.actor.email : null);
  // An API token has no mailbox of its own.
  if (!to) throw fieldError("to", "required");
  // The greeting names the user when the email is theirs, else its address.
  const firstName = ctx.actor.kind === "user" && ctx.actor.email === to ? ctx.actor.firstName : to;
  await ctx.outbox.company("email.smtp_test", { to, firstName, language: ctx.locale });
  return { to };
}
