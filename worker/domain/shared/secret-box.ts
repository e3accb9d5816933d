/**
 * Secrets a company saves for outside services (its SMTP password, later its integrations'
 * tokens), sealed at rest with AES-GCM under a key of the company's own, derived by HKDF from the
 * platform's master secret: a copy of the column, or of the whole database, reveals nothing, and a
 * value sealed for one company cannot be opened for another. Decision 031.
 */
export interface SecretBox {
  seal(plain: string): Promise<string>;
  /** The plain text of a sealed value; a value saved before sealing existed comes back as it is. */
  open(stored: string): Promise<string>;
}

const PREFIX = "sealed:v1:";
const IV_BYTES = 12;

/** For callers with no master secret (the seed script in Node): any use is a bug there, and says so. */
export const NO_SECRETS: SecretBox = {
  seal: () => Promise.reject(new Error("No secret box here")),
  open: () => Promise.reject(new Error("No secret box here")),
};

function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function companyKey(masterSecret: string, companyId: string): Promise<CryptoKey> {
  const master = await crypto.subtle.importKey("raw", encoder.encode(masterSecret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("comptoir secret box v1"), info: encoder.encode(`company:${companyId}`) },
    master,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The box of one company's secrets; the master secret is read when a secret is first sealed or opened. */
export function secretBox(masterSecret: string | (() => string), companyId: string): SecretBox {
  let key: Promise<CryptoKey> | undefined;
  const keyOnce = () => (key ??= companyKey(typeof masterSecret === "string" ? masterSecret : masterSecret(), companyId));
  return {
    async seal(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyOnce(), encoder.encode(plain)));
      const out = new Uint8Array(IV_BYTES + sealed.length);
      out.set(iv);
      out.set(sealed, IV_BYTES);
      return PREFIX + toBase64Url(out);
    },
    async open(stored) {
      if (!isSealed(stored)) return stored;
      const bytes = fromBase64Url(stored.slice(PREFIX.length));
      try {
        const plain = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) },
          await keyOnce(),
          bytes.slice(IV_BYTES),
        );
        return new TextDecoder().decode(plain);
      } catch {
        // Another company's value, a changed master secret, or a damaged column: never a wrong password sent silently.
        throw new Error("a saved secret cannot be opened with this company's key (was the master secret changed?)");
      }
    },
  };
}
