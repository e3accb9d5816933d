import { describe, expect, it } from "vitest";
import type { CompanyRef } from "../../../worker/domain/identity/actor";
import { checkRecipients, mailDay, mailSender, platformDailyLimit, senderDisplayName } from "../../../worker/domain/sales/platform-mail";

const company = (status: CompanyRef["status"]): CompanyRef => ({
  id: "c1",
  label: "Maison Durand",
  status,
  frozen: false,
  trialEndsAt: null,
  accessEndsAt: null,
  databaseUrl: "http://db",
  schemaVersion: 1,
});
const NOW = Date.UTC(2026, 10, 26, 12);
const addresses = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.test`);

describe("the platform's mail limits", () => {
  it.each([
    ["trial", 20],
    ["subscribed", 200],
    ["trial_ended", 20],
    ["paused", 20],
    ["suspended", 20],
  ] as const)("give a %s company %i emails a day", (status, limit) => {
    expect(platformDailyLimit(company(status), NOW)).toBe(limit);
  });

  it("count the day in UTC, whatever the hour", () => {
    expect(mailDay(Date.UTC(2026, 10, 26, 0, 0, 0))).toBe("2026-11-26");
    expect(mailDay(Date.UTC(2026, 10, 26, 23, 59, 59, 999))).toBe("2026-11-26");
    expect(mailDay(Date.UTC(2026, 10, 27))).toBe("2026-11-27");
  });

  it("allow 10 recipients through the platform's server and 50 through the company's, naming the field where the count passes", () => {
    expect(() => checkRecipients({ to: addresses(10), cc: [], bcc: [] }, "platform")).not.toThrow();
    expect(() => checkRecipients({ to: addresses(4), cc: addresses(3), bcc: addresses(4) }, "platform")).toThrow(
      expect.objectContaining({ fields: { bcc: { code: "too_many_recipients", params: { max: 10 } } } }),
    );
    expect(() => checkRecipients({ to: addresses(6), cc: addresses(5), bcc: [] }, "platform")).toThrow(
      expect.objectContaining({ fields: { cc: { code: "too_many_recipients", params: { max: 10 } } } }),
    );
    expect(() => checkRecipients({ to: addresses(50), cc: [], bcc: [] }, "company")).not.toThrow();
    expect(() => checkRecipients({ to: addresses(51), cc: [], bcc: [] }, "company")).toThrow(
      expect.objectContaining({ fields: { to: { code: "too_many_recipients", params: { max: 50 } } } }),
    );
  });

  it("write the company's name as one plain line, which cannot close the From header's quotes or add a header", () => {
    expect(senderDisplayName("Maison Durand")).toBe("Maison Durand");
    expect(senderDisplayName('Evil" <ceo@bank.example>\r\nBcc: all@example.test')).toBe("Evil ceo@bank.example Bcc: all@example.test");
    expect(senderDisplayName("Café\u202e Dupont\\")).toBe("Café Dupont");
    expect(senderDisplayName("x".repeat(200))).toHaveLength(70);
  });

  it("name who asked for an email: a user by name and address, a token by its id", () => {
    // Only the fields the rule reads.
    const actor = (fields: object) => fields as Parameters<typeof mailSender>[0];
    const user = actor({ kind: "user", userId: "u1", firstName: "Ada", lastName: "Admin", email: "ada@example.test" });
    expect(mailSender(user)).toEqual({ kind: "user", id: "u1", name: "Ada Admin <ada@example.test>" });
    expect(mailSender(actor({ kind: "api_token", tokenId: "t1" }))).toEqual({ kind: "api_token", id: "t1", name: null });
  });
});
