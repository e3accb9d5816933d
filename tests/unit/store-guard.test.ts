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
const context = (actor: UserActor | null, storeCompanyId: string | null) =>
  ({ actor, storeCompanyId, maintenance: { on: false, message: null }, locale: "en" }) as unknown as RequestContext;
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
