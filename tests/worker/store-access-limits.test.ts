import { env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { action } from "../../app/routes/b2b/access";
import { buildContext, requestContext } from "../../worker/context";
import { LIMITS } from "../../worker/domain/identity/sign-in-limits";
import { updateStoreSettings } from "../../worker/domain/store/settings/store-settings-verbs";
import { parseEnv, type Bindings } from "../../worker/env";
import { translate } from "../../locales";
import { ctxOf, makeCompany } from "../support/factories";

const workerEnv = parseEnv(env as unknown as Bindings);
const PER_ADDRESS = LIMITS["access-address"][0]!.max;
const PER_STORE = LIMITS["access-store"][0]!.max;
let n = 0;
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}-${Math.random().toString(36).slice(2, 6)}`;

/** A company whose store is open with its access form on (the default once open). */
async function openStore() {
  const company = await makeCompany();
  await updateStoreSettings(await ctxOf(company), { status: true });
  return company;
}

type Refusal = { data: { error: string; params: { minutes?: number } }; init: { status: number } };

/** The access page's form posted by a visitor at `address`, through the page's own action. */
async function post(companyId: string, address: string, email: string): Promise<Response | Refusal> {
  const rc = buildContext(workerEnv, { waitUntil: () => {} }, "fr");
  rc.storeCompanyId = companyId;
  const context = new RouterContextProvider();
  context.set(requestContext, rc);
  const body = new FormData();
  for (const [name, value] of Object.entries({ company_name: "Burst SARL", first_name: "Léa", last_name: "Roy", email }))
    body.set(name, value);
  const request = new Request("http://app.test/b2b/access", { method: "POST", body, headers: { "cf-connecting-ip": address } });
  return (await action({ request, context, params: {} } as unknown as Parameters<typeof action>[0])) as Response | Refusal;
}

/** "sent" (the page's redirect), or the refusal's status and code. */
async function requestAccess(companyId: string, address: string, email = `${unique("buyer")}@example.test`) {
  const answer = await post(companyId, address, email);
  if (answer instanceof Response) return answer.status === 302 ? "sent" : `status ${answer.status}`;
  return `${answer.init.status} ${answer.data.error}`;
}

const requestsOf = async (company: Awaited<ReturnType<typeof makeCompany>>) =>
  (await company.db.select({ email: tenantSchema.storeAccessRequests.email }).from(tenantSchema.storeAccessRequests)).length;

describe("the store's access form is throttled per address and per store", () => {
  it(`takes exactly ${PER_ADDRESS} of 40 simultaneous requests from one address, with different emails`, async () => {
    const company = await openStore();
    const address = unique("198.51.100.7");
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => requestAccess(company.companyId, address)));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(PER_ADDRESS);
    expect(outcomes.filter((o) => o === "429 store_access_rate_limited")).toHaveLength(40 - PER_ADDRESS);
    expect(await requestsOf(company)).toBe(PER_ADDRESS);
    // The same address is refused at another store too: the address's limit is not per store.
    expect(await requestAccess((await openStore()).companyId, address)).toBe("429 store_access_rate_limited");
  });

  it(`takes exactly ${PER_STORE} requests per store, whatever the addresses, and says in the visitor's language when to come back`, async () => {
    const company = await openStore();
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => requestAccess(company.companyId, unique("203.0.113.9"))));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(PER_STORE);
    expect(outcomes.filter((o) => o === "429 store_access_rate_limited")).toHaveLength(40 - PER_STORE);
    expect(await requestsOf(company)).toBe(PER_STORE);
    // A new address is still refused by the store's limit; another store still takes it.
    const fresh = unique("192.0.2.44");
    expect(await requestAccess(company.companyId, fresh)).toBe("429 store_access_rate_limited");
    expect(await requestAccess((await openStore()).companyId, fresh)).toBe("sent");

    const refused = (await post(company.companyId, unique("192.0.2.45"), "late@example.test")) as Refusal;
    expect(refused.data.params.minutes).toBeGreaterThanOrEqual(1);
    expect(translate("fr", `error.${refused.data.error}`, refused.data.params)).toMatch(
      /^Trop de demandes d'accès\. Réessayez dans \d+ minute/,
    );
  });

  it("does not count a form that fails validation, nor one sent to a closed store", async () => {
    const company = await openStore();
    const address = unique("198.51.100.8");
    for (let i = 0; i < PER_ADDRESS + 2; i++)
      expect(await requestAccess(company.companyId, address, "not-an-email")).toBe("422 validation_failed");
    const closed = await makeCompany();
    for (let i = 0; i < PER_ADDRESS + 2; i++) expect(await requestAccess(closed.companyId, address)).toMatch(/^404 /);
    expect(await requestAccess(company.companyId, address)).toBe("sent");
  });
});
