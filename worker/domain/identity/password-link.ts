import { DomainError } from "../shared/domain-error";
import { hmacSha256Hex as sign, sameSignature } from "../shared/ids";

/** How long a password link (reset or invitation) stays valid. */
export const PASSWORD_LINK_TTL_MS = 2 * 60 * 60 * 1000;
export const INVITATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The path of a password link: /password-reset/{uid}/{timestamp}/{hash}. The hash signs the
 * user, the time and the current password hash, so the link stops working once the password
 * changes (it works once) or after its time to live.
 */
export type PasswordLinkKind = "reset" | "invitation";

/** Invitation links live longer; the kind is signed, so a reset link cannot pass for one. */
export function passwordLinkTtl(kind: PasswordLinkKind): number {
  return kind === "invitation" ? INVITATION_LINK_TTL_MS : PASSWORD_LINK_TTL_MS;
}

export async function passwordLinkPath(
  secret: string,
  user: { id: string; passwordHash: string },
  kind: PasswordLinkKind = "reset",
  now = Date.now(),
): Promise<string> {
  const timestamp = now.toString(36);
  const hash = await sign(secret, `${kind}.${user.id}.${timestamp}.${user.passwordHash}`);
  return `/password-reset/${encodeURIComponent(user.id)}/${timestamp}/${hash}${kind === "invitation" ? "?invitation=1" : ""}`;
}

/**
 * Throws `password_link_invalid` unless the link was made for this user, kind and current
 * password, or `password_link_expired` once its time to live has passed.
 */
export async function verifyPasswordLink(
  secret: string,
  user: { id: string; passwordHash: string },
  link: { timestamp: string; hash: string; kind: PasswordLinkKind },
  now = Date.now(),
): Promise<void> {
  const issuedAt = parseInt(link.timestamp, 36);
  const ttlMs = passwordLinkTtl(link.kind);
  const expected = await sign(secret, `${link.kind}.${user.id}.${link.timestamp}.${user.passwordHash}`);
  if (!(await sameSignature(secret, expected, link.hash)) || !Number.isFinite(issuedAt) || issuedAt > now + 60_000)
    throw new DomainError("password_link_invalid");
  if (now - issuedAt > ttlMs) throw new DomainError("password_link_expired");
}
