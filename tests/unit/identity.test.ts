import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { passwordLinkPath, verifyPasswordLink, PASSWORD_LINK_TTL_MS } from "../../worker/domain/identity/password-link";
import { newPassword, passwordWithConfirmation } from "../../worker/domain/identity/password-rules";
import {
  ACCOUNT_LIMITS,
  ADDRESS_LIMITS,
  LIMITS,
  pruneFailures,
  reserveAttempt,
  retryAfterMs,
} from "../../worker/domain/identity/sign-in-limits";
import { effectiveStatus, type CompanyRef } from "../../worker/domain/identity/actor";
import { kebabCase, pageUrl } from "../../worker/guards";

describe("failed sign-in limits", () => {
  const now = 10_000_000;
  it("allows the fifth failure within a minute and blocks the sixth until the first is a minute old", () => {
    const four = [now - 50_000, now - 40_000, now - 30_000, now - 20_000];
    expect(retryAfterMs(four, ACCOUNT_LIMITS, now)).toBe(0);
    const five = [...four, now - 10_000];
    expect(retryAfterMs(five, ACCOUNT_LIMITS, now)).toBe(10_000);
    expect(retryAfterMs(five, ACCOUNT_LIMITS, now + 10_000)).toBe(0);
  });

  it("blocks after 50 failures in an hour even when spread thinly", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => now - 3_500_000 + i * 70_000);
    expect(retryAfterMs(fifty.slice(0, 49), ACCOUNT_LIMITS, now)).toBe(0);
    expect(retryAfterMs(fifty, ACCOUNT_LIMITS, now)).toBe(100_000);
  });

  it("is wider per address than per account", () => {
    const six = Array.from({ length: 6 }, (_, i) => now - i * 1000);
    expect(retryAfterMs(six, ACCOUNT_LIMITS, now)).toBeGreaterThan(0);
    expect(retryAfterMs(six, ADDRESS_LIMITS, now)).toBe(0);
  });

  it("never asks to wait longer than an hour, and forgets failures older than an hour", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: now - 7_200_000, max: now }), { maxLength: 300 }), (failures) => {
        const wait = retryAfterMs(failures, ACCOUNT_LIMITS, now);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(3_600_000);
        expect(retryAfterMs(pruneFailures(failures, now), ACCOUNT_LIMITS, now)).toBe(wait);
      }),
    );
  });
});

describe("reserving an attempt", () => {
  const now = 10_000_000;
  const attempts = (times: number[]) => times.map((at, i) => ({ id: `a${i}`, at }));

  it("counts the attempt when the limits allow it and refuses the sixth within a minute", () => {
    const four = attempts([now - 40_000, now - 30_000, now - 20_000, now - 10_000]);
    const fifth = reserveAttempt(four, ACCOUNT_LIMITS, now, "fifth");
    expect(fifth).toEqual({ allowed: true, attempts: [...four, { id: "fifth", at: now }] });
    expect(reserveAttempt(fifth.allowed ? fifth.attempts : [], ACCOUNT_LIMITS, now, "sixth")).toEqual({
      allowed: false,
      retryAfterMs: 20_000,
    });
  });

  it("refuses without counting, so a locked key tried again and again is not locked any longer", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: now - 7_200_000, max: now }), { maxLength: 120 }),
        fc.constantFrom(...Object.values(LIMITS)),
        fc.integer({ min: 0, max: 30 }),
        (times, limits, tries) => {
          let current = attempts(times);
          let wait = -1;
          for (let i = 0; i < tries; i++) {
            const result = reserveAttempt(current, limits, now, `try${i}`);
            if (result.allowed) current = result.attempts;
            else if (wait === -1) wait = result.retryAfterMs;
            // Once refused, the wait stays what it was: refusals add nothing.
            else expect(result.retryAfterMs).toBe(wait);
          }
        },
      ),
    );
  });
});

describe("password rules", () => {
  const codeOf = (password: string) => newPassword.safeParse(password).error?.issues[0]?.message ?? null;
  it.each([
    ["", "password_required"],
    ["Ab1!", "password_too_short"],
    ["Abcdefgh!", "password_needs_number"],
    ["abcdefg1!", "password_needs_uppercase"],
    ["Abcdefg12", "password_needs_special"],
    ["Écrire-2026", null],
    ["Bonjour-2026!", null],
  ])("%j gives %s", (password, code) => {
    expect(codeOf(password)).toBe(code);
  });

  it("names the confirmation when it differs or is missing", () => {
    expect(passwordWithConfirmation.safeParse({ password: "Bonjour-2026!", confirmation: "Bonjour-2027!" }).error?.issues[0]).toMatchObject(
      {
        path: ["confirmation"],
        message: "password_mismatch",
      },
    );
    expect(passwordWithConfirmation.safeParse({ password: "Bonjour-2026!", confirmation: "" }).error?.issues[0]?.message).toBe(
      "confirmation_required",
    );
  });
});

describe("password links", () => {
  const secret = "a-secret-of-at-least-thirty-two-characters";
  const user = { id: "u1", passwordHash: "pbkdf2$1" };
  const parse = (path: string) => {
    const [, , uid, timestamp, rest] = path.split("/");
    return { uid, timestamp: timestamp!, hash: rest!.split("?")[0]! };
  };

  it("accepts its own link and refuses it once the password changed", async () => {
    const link = parse(await passwordLinkPath(secret, user, "reset", 1_000));
    await expect(verifyPasswordLink(secret, user, { ...link, kind: "reset" }, 2_000)).resolves.toBeUndefined();
    await expect(
      verifyPasswordLink(secret, { ...user, passwordHash: "pbkdf2$2" }, { ...link, kind: "reset" }, 2_000),
    ).rejects.toMatchObject({
      code: "password_link_invalid",
    });
  });

  it("expires, and a reset link cannot pass for a longer-lived invitation", async () => {
    const link = parse(await passwordLinkPath(secret, user, "reset", 1_000));
    await expect(verifyPasswordLink(secret, user, { ...link, kind: "reset" }, 1_000 + PASSWORD_LINK_TTL_MS + 1)).rejects.toMatchObject({
      code: "password_link_expired",
    });
    await expect(verifyPasswordLink(secret, user, { ...link, kind: "invitation" }, 2_000)).rejects.toMatchObject({
      code: "password_link_invalid",
    });
  });

  it("refuses a tampered hash or another user", async () => {
    const link = parse(await passwordLinkPath(secret, user, "reset", 1_000));
    const tampered = (link.hash[0] === "0" ? "1" : "0") + link.hash.slice(1);
    await expect(verifyPasswordLink(secret, user, { ...link, hash: tampered, kind: "reset" }, 2_000)).rejects.toMatchObject({
      code: "password_link_invalid",
    });
    await expect(verifyPasswordLink(secret, { ...user, id: "u2" }, { ...link, kind: "reset" }, 2_000)).rejects.toMatchObject({
      code: "password_link_invalid",
    });
  });
});

describe("addresses and statuses", () => {
  it.each([
    ["http://x.test/setup.data?_routes=routes%2Fsetup", "/setup", ""],
    ["http://x.test/_root.data", "/", ""],
    ["http://x.test/settings/users?page=2", "/settings/users", "?page=2"],
  ])("reads %s as the page %s", (address, path, search) => {
    const url = pageUrl(new URL(address));
    expect(url.pathname).toBe(path);
    expect(url.search).toBe(search);
  });

  it.each([
    ["Maison Durand & Fils", "maison-durand-fils"],
    ["  Épicerie  Fine ", "epicerie-fine"],
    ["ACME", "acme"],
  ])("kebab-cases %j as %s", (label, expected) => {
    expect(kebabCase(label)).toBe(expected);
  });

  it("reads a trial past its end as trial ended and leaves other statuses alone", () => {
    const company: CompanyRef = {
      id: "c",
      label: "C",
      status: "trial",
      frozen: false,
      trialEndsAt: 1_000,
      accessEndsAt: null,
      databaseUrl: "",
      schemaVersion: 0,
    };
    expect(effectiveStatus(company, 999)).toBe("trial");
    expect(effectiveStatus(company, 1_000)).toBe("trial_ended");
    expect(effectiveStatus({ ...company, status: "subscribed" }, 5_000)).toBe("subscribed");
  });
});
