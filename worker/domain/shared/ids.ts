const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

/** The last id's time and random digits: an id of the same millisecond takes the next random part. */
let lastTime = -1;
let lastRandom: number[] = [];

/**
 * Time-ordered random ids (48-bit millisecond time + 80 random bits, 26 characters), so rows
 * created later sort later. Ids made in the same millisecond by this isolate take the previous
 * id's random part plus one, as ULID's monotonic mode does: two rows written one after the other
 * in the same millisecond still sort in the order they were made (the outbox sends oldest first).
 * An id is a name, never a secret (those come from `randomToken`): the first id of a millisecond
 * is unguessable, the next ones follow it.
 */
export function newId(now = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = alphabet[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let digits: number[] | null = null;
  if (now === lastTime) {
    // The next random part: the last one plus one (a carry past the last digit starts afresh).
    digits = [...lastRandom];
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === 31) digits[i--] = 0;
    if (i >= 0) digits[i]! += 1;
    else digits = null;
  }
  if (digits === null) digits = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b % 32);
  lastTime = now;
  lastRandom = digits;
  let rest = "";
  for (const d of digits) rest += alphabet[d];
  return time + rest;
}

/** A random secret for tokens, as URL-safe base64 of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
const hex = (bytes: Uint8Array) => {
  let text = "";
  for (const b of bytes) text += HEX[b]!;
  return text;
};

export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/** HMAC-SHA-256 of `text` under `secret`, in hexadecimal. */
export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text))));
}

/** Compares a signature with the expected one through digests of both, so the time taken says nothing about it. */
export async function sameSignature(secret: string, expected: string, given: string): Promise<boolean> {
  const [a, b] = await Promise.all([hmacSha256Hex(secret, expected), hmacSha256Hex(secret, given)]);
  return a === b;
}
