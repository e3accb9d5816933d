import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { renderBundle } from "../../scripts/bundle-migrations";
import { hasPermissions, ADMINISTRATOR_PERMISSIONS, ALL_PERMISSIONS, grantableBy } from "../../worker/domain/identity/permissions";
import { hashPassword, verifyPassword } from "../../worker/domain/identity/password";
import { preferredLanguage, resolveLocale } from "../../worker/domain/shared/locale";
import { newId } from "../../worker/domain/shared/ids";
import { signInRedirectTarget } from "../../worker/guards";

describe("the language of a request", () => {
  it.each([
    [undefined, "fr-FR,fr;q=0.9,en;q=0.8", "fr"],
    [undefined, "en-US,en;q=0.9,fr;q=0.8", "en"],
    [undefined, "de-DE,de;q=0.9", "en"],
    [undefined, "en;q=0.5,fr;q=0.9", "fr"],
    ["en", "fr-FR", "en"],
    ["fr", "en-US", "fr"],
    ["fr-CA", undefined, "fr"],
    [undefined, undefined, "en"],
    ["", "fr", "fr"],
  ])("with cookie %j and Accept-Language %j is %s", (cookie, header, expected) => {
    expect(resolveLocale(cookie, header)).toBe(expected);
  });

  it("takes the browser language with the highest weight", () => {
    expect(preferredLanguage("de;q=0.2, fr;q=0.8, *")).toBe("fr");
  });
});

describe("permission checks", () => {
  it.each([
    [["a", "b"], { allOf: ["a", "b"] }, true],
    [["a"], { allOf: ["a", "b"] }, false],
    [["a", "c"], { allOf: ["a"], anyOf: ["b", "c"] }, true],
    [["a"], { allOf: ["a"], anyOf: ["b", "c"] }, false],
    [[], {}, true],
  ])("holding %j against %j is %s", (held, check, expected) => {
    expect(hasPermissions(held, check as never)).toBe(expected);
  });

  it("gives an administrator every permission, viewing the store as a customer included, and lets them grant it", () => {
    expect([...ADMINISTRATOR_PERMISSIONS].sort()).toEqual([...ALL_PERMISSIONS].sort());
    // An administrator whose list was written before still grants it; nobody else grants what they lack.
    expect(grantableBy({ permissions: ["settings"], isAdmin: true })).toEqual(["settings", "b2b_portal"]);
    expect(grantableBy({ permissions: ["settings"], isAdmin: false })).toEqual(["settings"]);
  });
});

describe("sign-in redirects", () => {
  it.each([
    ["http://localhost:8787/dashboard?x=1", "/login?redirection=%2Fdashboard%3Fx%3D1"],
    ["http://localhost:8787/b2b?company=acme", "/b2b/login?company=acme"],
    ["https://shop.acme.example/b2b", "/b2b/login"],
    ["http://127.0.0.1:8787/dashboard", "/login?redirection=%2Fdashboard"],
  ])("sends a visitor of %s to %s", (url, expected) => {
    expect(signInRedirectTarget(new URL(url))).toBe(expected);
  });
});

describe("passwords and ids", () => {
  it("verifies a password only with the same pepper", async () => {
    const hash = await hashPassword("Correct-horse-1", "pepper-one-0123456789");
    expect(hash).toMatch(/^pbkdf2_sha256\$100000\$/);
    expect(await verifyPassword("Correct-horse-1", hash, "pepper-one-0123456789")).toBe(true);
    expect(await verifyPassword("Correct-horse-2", hash, "pepper-one-0123456789")).toBe(false);
    expect(await verifyPassword("Correct-horse-1", hash, "pepper-two-0123456789")).toBe(false);
  });

  it("makes ids that sort by creation time and do not repeat", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => newId(1_700_000_000_000 + i));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("makes ids of the same millisecond sort in the order they were made", () => {
    const at = 1_700_000_000_000;
    const ids = Array.from({ length: 1000 }, () => newId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(0, 10))).size).toBe(1);
    // The next millisecond starts a fresh random part; an earlier time given on purpose keeps its own prefix.
    const later = newId(at + 1);
    expect(later > ids.at(-1)!).toBe(true);
    expect(newId(at - 1_000).slice(0, 10) < ids[0]!.slice(0, 10)).toBe(true);
    // Two runs of the same millisecond do not share their random parts.
    const other = newId(at + 5);
    expect(newId(at + 6).slice(10)).not.toBe(other.slice(10));
  });
});

describe("migrations", () => {
  it.each(["migrations/control", "migrations/tenant"])("keeps %s/bundle.ts in step with its SQL files", (dir) => {
    expect(readFileSync(`${dir}/bundle.ts`, "utf8")).toBe(renderBundle(dir));
  });
});
