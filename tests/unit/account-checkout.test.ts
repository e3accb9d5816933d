import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkoutPath, fromCents, readCheckoutSegments } from "../../app/components/account/checkout-path";
import { accountMoves } from "../../worker/domain/billing/account-moves";
import { BILLING_CURRENCIES, BILLING_PERIODS, PLANS } from "../../worker/domain/billing/plans";

describe("the checkout's address", () => {
  it("reads each left-out segment's neighbours by what they name", () => {
    expect(readCheckoutSegments({ period: "monthly" })).toEqual({ plan: null, period: "monthly", currency: null });
    // The router may fill either optional segment for two words: both read the same.
    expect(readCheckoutSegments({ plan: "elite", period: "yearly" })).toEqual({ plan: "elite", period: "yearly", currency: null });
    expect(readCheckoutSegments({ period: "yearly", currency: "eur" })).toEqual({ plan: null, period: "yearly", currency: "eur" });
    expect(readCheckoutSegments({ plan: "yearly", period: "eur" })).toEqual({ plan: null, period: "yearly", currency: "eur" });
    expect(readCheckoutSegments({ plan: "standard", period: "monthly", currency: "usd" })).toEqual({
      plan: "standard",
      period: "monthly",
      currency: "usd",
    });
  });

  it("is an unknown page for any other word, order or case", () => {
    for (const params of [
      { period: "weekly" },
      { plan: "gold", period: "monthly" },
      { period: "monthly", currency: "gbp" },
      { plan: "premium", period: "monthly", currency: "premium" },
      { plan: "monthly", period: "premium" },
      { plan: "Premium", period: "monthly" },
      { period: "MONTHLY" },
      { plan: "premium" },
      {},
    ])
      expect(readCheckoutSegments(params), JSON.stringify(params)).toBeNull();
  });

  it("writes every choice in full, and reads it back", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLANS),
        fc.constantFrom(...BILLING_PERIODS),
        fc.constantFrom(...BILLING_CURRENCIES),
        fc.boolean(),
        (plan, period, currency, b2bAddon) => {
          const path = checkoutPath({ plan, period, currency, b2bAddon }, "confirm-order");
          const [, , p, q, c, step] = new URL(path, "http://x.test").pathname.split("/");
          expect(step).toBe("confirm-order");
          expect(readCheckoutSegments({ plan: p, period: q, currency: c })).toEqual({ plan, period, currency });
          // The add-on is written when chosen; elite includes it, so its address carries no choice about it.
          expect(new URL(path, "http://x.test").searchParams.get("b2b_addon")).toBe(plan !== "elite" && b2bAddon ? "1" : null);
        },
      ),
    );
  });

  it("writes cents as the decimal text money formatting reads", () => {
    expect(fromCents(7900)).toBe("79.00");
    expect(fromCents(5)).toBe("0.05");
    expect(fromCents(-1990)).toBe("-19.90");
    expect(fromCents(0)).toBe("0.00");
  });
});

describe("the account page's moves", () => {
  const NOW = Date.UTC(2026, 10, 27);
  const account = { accessEndsAt: null, configured: true, canUpdateCard: true, hasCard: true };

  it("offers each state its own moves", () => {
    expect(accountMoves({ ...account, status: "trial", hasCard: false }, NOW)).toEqual({
      choosePlan: true,
      changePlan: false,
      cancel: false,
      pause: false,
      reactivate: false,
      updateCard: false,
    });
    expect(accountMoves({ ...account, status: "trial_ended" }, NOW).choosePlan).toBe(true);
    expect(accountMoves({ ...account, status: "subscribed" }, NOW)).toMatchObject({
      changePlan: true,
      cancel: true,
      pause: true,
      reactivate: false,
    });
    expect(accountMoves({ ...account, status: "paused" }, NOW)).toMatchObject({ reactivate: true, pause: false, changePlan: false });
    expect(accountMoves({ ...account, status: "suspended", hasCard: false }, NOW)).toMatchObject({ updateCard: true, reactivate: false });
  });

  it("reactivates a cancelled account until its paid period ends, and then sends it to a new checkout", () => {
    const before = accountMoves({ ...account, status: "cancelled", accessEndsAt: NOW + 1 }, NOW);
    expect(before).toMatchObject({ reactivate: true, choosePlan: false, cancel: false });
    const after = accountMoves({ ...account, status: "cancelled", accessEndsAt: NOW }, NOW);
    expect(after).toMatchObject({ reactivate: false, choosePlan: true });
  });

  it("offers the card to the administrator only, and nothing while billing is not configured", () => {
    expect(accountMoves({ ...account, status: "subscribed", canUpdateCard: false }, NOW).updateCard).toBe(false);
    const off = accountMoves({ ...account, status: "subscribed", configured: false }, NOW);
    expect(Object.values(off).some(Boolean)).toBe(false);
  });
});
