import type { RequestContext } from "../../context";
import type { Mailer } from "./mailer";
import { smtpMailer } from "./smtp-mailer";

/**
 * What the verbs that send email need besides the database: the mailer, the secret that signs
 * password links, and the public address links start with (APP_URL, else this request's origin).
 */
export function mailDeps(ctx: RequestContext, request: Request): { mailer: Mailer; secret: string; baseUrl: string } {
  const settings = ctx.env.settings;
  return { mailer: smtpMailer(settings), secret: settings.SESSION_SECRET, baseUrl: settings.APP_URL ?? new URL(request.url).origin };
}
