import { hmacSha256Hex, randomToken, sameSignature } from "../shared/ids";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account keeps `v1:<login>:<nonce>:<signature>`. Presented again for that
 * login, its failures count against the device, not against the account (docs/decisions/008).
 */
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

// A key of its own, derived from the session secret, so no other signature can pass for one.
const deviceKey = (secret: string) => hmacSha256Hex(secret, "comptoir device cookies v1");

/** A fresh device cookie value for this login (a new nonce each sign-in). */
export async function issueDeviceCookie(secret: string, login: string): Promise<string> {
  const nonce = randomToken(16);
  return `v1:${login}:${nonce}:${await hmacSha256Hex(await deviceKey(secret), `${login}:${nonce}`)}`;
}

/** The nonce of a device cookie signed for this login, or null (absent, forged, another login's). */
export async function trustedDevice(secret: string, cookie: string | undefined, login: string): Promise<string | null> {
  const parts = cookie?.split(":");
  if (!parts || parts.length < 4 || parts[0] !== "v1") return null;
  // The login may hold colons; the nonce and the signature never do.
  const signature = parts.pop()!;
  const nonce = parts.pop()!;
  if (parts.slice(1).join(":") !== login || !nonce) return null;
  const expected = await hmacSha256Hex(await deviceKey(secret), `${login}:${nonce}`);
  return (await sameSignature(secret, expected, signature)) ? nonce : null;
}
