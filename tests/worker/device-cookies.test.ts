import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { trustedDevice } from "../../worker/domain/identity/device-cookies";
import { signIn } from "../../worker/domain/identity/sessions";
import { attemptLimiter } from "../../worker/durable-objects/sign-in-throttle";
import type { Bindings } from "../../worker/env";
import { addUser, control, makeCompany } from "../support/factories";

const bindings = env as unknown as Record<string, string>;
const limiter = attemptLimiter((env as unknown as Bindings).SIGN_IN_THROTTLE);
const secret = bindings.SESSION_SECRET!;
const pepper = bindings.PASSWORD_PEPPER!;

/** One page sign-in: ok with the new device cookie, or the refusal's code. */
function attempt(email: string, password: string, cookie?: string) {
  return signIn({ control, pepper, limiter, device: { cookie, secret } }, { email, password }).then(
    (session) => ({ ok: true as const, deviceCookie: session.deviceCookie! }),
    (error: { code?: string }) => ({ ok: false as const, code: error.code }),
  );
}

async function lockForUntrustedClients(email: string) {
  for (let i = 0; i < 5; i++) expect(await attempt(email, `Wrong-${i}!A`)).toEqual({ ok: false, code: "login_invalid" });
}

async function ownerWithDevice() {
  const company = await makeCompany();
  const owner = await addUser(company.companyId);
  const first = await attempt(owner.email, owner.password);
  if (!first.ok) throw new Error(`the first sign-in failed: ${first.code}`);
  return { ...owner, company, device: first.deviceCookie };
}

describe("device cookies", () => {
  it("gives a browser that signs in a cookie naming the account that only the server can sign", async () => {
    const owner = await ownerWithDevice();
    expect(owner.device.startsWith(`v1:${owner.email}:`)).toBe(true);
    expect(await trustedDevice(secret, owner.device, owner.email)).toBeTruthy();
    const [, , nonce, signature] = owner.device.split(":");
    expect(await trustedDevice(secret, `v1:${owner.email}:${nonce}x:${signature}`, owner.email)).toBeNull();
    expect(await trustedDevice(secret, `v1:someone-else@example.test:${nonce}:${signature}`, "someone-else@example.test")).toBeNull();
    expect(await trustedDevice(`${secret}-other`, owner.device, owner.email)).toBeNull();
  });

  it("lets the owner's browser, which signed in before, sign in while wrong passwords from elsewhere lock the account", async () => {
    const owner = await ownerWithDevice();
    await lockForUntrustedClients(owner.email);
    expect(await attempt(owner.email, owner.password)).toEqual({ ok: false, code: "login_rate_limited" });
    const trusted = await attempt(owner.email, owner.password, owner.device);
    expect(trusted).toMatchObject({ ok: true });
    // Each sign-in renews the cookie with a new nonce.
    expect((trusted as { deviceCookie: string }).deviceCookie).not.toBe(owner.device);
  });

  it("counts a trusted browser's failures against that browser only: after 5 it is locked, the account stays open", async () => {
    const owner = await ownerWithDevice();
    for (let i = 0; i < 5; i++)
      expect(await attempt(owner.email, `Wrong-${i}!A`, owner.device)).toEqual({ ok: false, code: "login_invalid" });
    expect(await attempt(owner.email, owner.password, owner.device)).toEqual({ ok: false, code: "login_rate_limited" });
    expect((await attempt(owner.email, owner.password)).ok).toBe(true);
  });

  it("holds a browser showing another account's cookie, or a tampered one, by the account's lock", async () => {
    const owner = await ownerWithDevice();
    const stranger = await addUser(owner.company.companyId);
    const strangers = await attempt(stranger.email, stranger.password);
    await lockForUntrustedClients(owner.email);
    expect(await attempt(owner.email, owner.password, strangers.ok ? strangers.deviceCookie : undefined)).toEqual({
      ok: false,
      code: "login_rate_limited",
    });
    const tampered = owner.device.replace(/:(.)([^:]*)$/, (_, c: string, rest: string) => `:${c === "a" ? "b" : "a"}${rest}`);
    expect(await attempt(owner.email, owner.password, tampered)).toEqual({ ok: false, code: "login_rate_limited" });
  });
});
