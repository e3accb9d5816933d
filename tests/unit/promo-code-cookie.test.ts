import { describe, expect, it } from "vitest";
import { promoCodeFromCookie, rememberPromoCode } from "../../app/server/promo-code.server";

/** The response rememberPromoCode throws for `url`, or null when it lets the page load. */
function answer(url: string): Response | null {
  try {
    rememberPromoCode(new Request(url));
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the promoCode cookie (platform spec §5, §9)", () => {
  it("keeps a promo_code query for seven days and opens the page again without it", () => {
    const response = answer("http://app.test/signup?promo_code=WELCOME20&x=1")!;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/signup?x=1");
    expect(response.headers.get("set-cookie")).toBe("promoCode=WELCOME20; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax");
  });

  it("is Secure on https, and works from a client navigation's data request", () => {
    const response = answer("https://app.test/account-settings/premium/monthly/eur/confirm-order.data?promo_code=spring-26")!;
    expect(response.headers.get("location")).toBe("/account-settings/premium/monthly/eur/confirm-order");
    expect(response.headers.get("set-cookie")).toContain("promoCode=spring-26;");
    expect(response.headers.get("set-cookie")).toMatch(/; Secure$/);
  });

  it("drops a query that is not a code without keeping anything, and leaves other pages alone", () => {
    const response = answer("http://app.test/account-settings?promo_code=%3Cscript%3E")!;
    expect(response.headers.get("location")).toBe("/account-settings");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(answer("http://app.test/account-settings?currency=eur")).toBeNull();
  });

  it("never sends to another site, whatever the path", () => {
    expect(answer("http://app.test//evil.test/signup?promo_code=A1")!.headers.get("location")).toBe("/");
  });

  it("reads back only what reads as a code", () => {
    const withCookie = (value: string) => new Request("http://app.test/", { headers: { cookie: `lang=en; promoCode=${value}` } });
    expect(promoCodeFromCookie(withCookie("WELCOME20"))).toBe("WELCOME20");
    expect(promoCodeFromCookie(withCookie("a%20b"))).toBeNull();
    expect(promoCodeFromCookie(new Request("http://app.test/"))).toBeNull();
  });
});
