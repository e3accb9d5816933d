import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../worker/context";
import type { UserActor } from "../../worker/domain/identity/actor";
import { requireStore } from "../../worker/guards";
import { servedOnStoreHost } from "../../worker/store-host";

const company = (id: string) => ({
  id,
  label: id,
  status: "subscribed" as const,
  frozen: false,
  trialEndsAt: null,
  databaseUrl: "",
  schemaVersion: 0,
});
const buyer = (companyId: string) =>
  ({ kind: "user", userId: "u1", company: company(companyId), customerId: "7", permissions: [] }) as unknown as UserActor;
const staff = (companyId: string) =>
  ({ kind: "user", userId: "u2", company: company(companyId), customerId: null, permissions: ["view_customers"] }) as unknown as UserActor;
const context = (actor: UserActor | null, storeCompanyId: string | null, appUrl: string | null = null) =>
  ({
    actor,
    storeCompanyId,
    maintenance: { on: false, message: null },
    locale: "en",
    env: { settings: { APP_URL: appUrl ?? undefined } },
  }) as unknown as RequestContext;
const thrown = (run: () => unknown): Response => {
  try {
    run();
  } catch (error) {
    return error as Response;
  }
  throw new Error("nothing was thrown");
};

describe("a store's own host", () => {
  const request = new Request("https://shop.example.test/b2b");

  it("lets in a buyer of its own company", () => {
    expect(requireStore(request, context(buyer("A"), "A"), undefined)).toMatchObject({ company: { id: "A" } });
  });

  it("signs out a session of another company, which then comes back to this store's login", () => {
    const answer = thrown(() => requireStore(request, context(buyer("B"), "A"), undefined));
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/logout"]);
  });

  it("tells its own company's staff where the back office is, instead of sending them round /b2b → / → /b2b", () => {
    const answer = thrown(() => requireStore(request, context(staff("A"), "A", "https://app.example.test"), undefined)) as unknown as {
      data: string;
      init: { status: number };
    };
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer.init.status).toBe(403);
    expect(answer.data).toContain("https://app.example.test");
    const unnamed = thrown(() => requireStore(request, context(staff("A"), "A"), undefined)) as unknown as { data: string };
    expect(unnamed.data).toContain("the back office is not served at a store's address");
    // On the app's own host, staff still go to the back office.
    const home = thrown(() => requireStore(new Request("https://app.example.test/b2b"), context(staff("A"), null), undefined));
    expect([home.status, home.headers.get("location")]).toEqual([302, "/"]);
  });

  it("on the app's own host, any buyer's company is theirs", () => {
    expect(requireStore(new Request("https://app.example.test/b2b"), context(buyer("B"), null), undefined)).toMatchObject({
      company: { id: "B" },
    });
  });

  it("serves the store, its sign-in, password links and the app's files, and nothing of the back-office", () => {
    for (const path of ["/b2b", "/b2b.data", "/b2b/login", "/b2b/cart", "/password-reset/u/1/h", "/logout", "/locale", "/assets/app.js"])
      expect([path, servedOnStoreHost(path)]).toEqual([path, true]);
    for (const path of ["/", "/dashboard", "/login", "/settings/users", "/b2b-store/customers", "/api/v1/health", "/b2bx"])
      expect([path, servedOnStoreHost(path)]).toEqual([path, false]);
  });
});
