import { eq } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../../../db/client";
import type { Mailer } from "../../integrations/mail/mailer";
import { DomainError } from "../shared/domain-error";
import { passwordLinkPath, passwordLinkTtl } from "./password-link";
import { absoluteLink } from "./password-reset";

const { users } = controlSchema;

export interface InvitationDeps {
  control: ControlDb;
  mailer: Mailer;
  /** Signs password links (SESSION_SECRET). */
  secret: string;
  /** Public address the emailed link starts with: APP_URL, else the request's origin. */
  baseUrl: string;
}

type InvitationEmail = { userId: string; companyLabel: string; inviterName: string; message?: string | null };

/**
 * Emails an invited user, in their language, a link to choose their password
 * (/password-reset/…?invitation=1). The link works once and lives longer than a reset link.
 */
export function sendInvitation(deps: InvitationDeps, input: InvitationEmail): Promise<void> {
  return mailInvitation(deps, input, "invitation");
}

/**
 * Emails someone who already has an account, in their language, that a company invites them:
 * the link opens their pending invitations (/invitations), to accept or decline once signed in.
 */
export function sendCompanyInvitation(deps: InvitationDeps, input: InvitationEmail): Promise<void> {
  return mailInvitation(deps, input, "company_invitation");
}

/** The page where a signed-in user sees the invitations waiting for them. */
export const INVITATIONS_PATH = "/invitations";

async function mailInvitation(deps: InvitationDeps, input: InvitationEmail, template: "invitation" | "company_invitation"): Promise<void> {
  const user = await deps.control.query.users.findFirst({ where: eq(users.id, input.userId) });
  if (!user) throw new DomainError("not_found");
  const path = template === "invitation" ? await passwordLinkPath(deps.secret, user, "invitation") : INVITATIONS_PATH;
  // Both kinds live as long: the password link of a new account, the invitation of an existing one.
  const days = String(passwordLinkTtl("invitation") / 86_400_000);
  const params = {
    firstName: user.firstName,
    link: absoluteLink(deps.baseUrl, path),
    days,
    companyLabel: input.companyLabel,
    inviterName: input.inviterName,
    ...(input.message ? { message: input.message } : {}),
  };
  try {
    await deps.mailer.send({ to: user.email, locale: user.language, template, params });
  } catch {
    throw new DomainError("invitation_email_failed");
  }
}
