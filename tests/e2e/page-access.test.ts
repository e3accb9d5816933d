import { beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { pageFlags } from "../../worker/domain/identity/module-flags";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { eq } from "drizzle-orm";
import { controlSchema, tenantSchema } from "../../db/client";
import { companyDb, control, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import type { Access, PageArea, RouteParams } from "../support/page-access/types";
import { fetchApp } from "../support/e2e-fetch-app";

// Who may open each page, per area: tests/support/page-access/*.ts. A route missing there fails the first test.
const areas = Object.values(
  import.meta.glob<PageArea>(["../support/page-access/*.ts", "!../support/page-access/types.ts"], { eager: true, import: "pages" }),
);
const ACCESS: Record<string, Access> = Object.assign({}, ...areas.map((a) => a.access));
const RECORDS: NonNullable<PageArea["records"]> = Object.assign({}, ...areas.map((a) => a.records ?? {}));

/** The parameters naming a record of `company` for a route with :id (and maybe more parameters). */
async function recordOf(path: string, company: Awaited<ReturnType<typeof makeCompany>>): Promise<RouteParams> {
  const prefix = Object.keys(RECORDS)
    .filter((p) => path.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  if (!prefix) throw new Error(`no record is known for /${path}: add it to tests/support/page-access/`);
  return RECORDS[prefix]!(company);
}

function flatten(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [...(e.index ? [""] : e.path !== undefined ? [e.path] : []), ...flatten(e.children ?? [])]);
}

const get = (path: string, cookie?: string) => fetchApp(path, { cookie });

let mine: Awaited<ReturnType<typeof makeCompany>>;
let theirs: Awaited<ReturnType<typeof makeCompany>>;
let nobody: Awaited<ReturnType<typeof makeUser>>;
let everything: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  mine = await makeCompany();
  theirs = await makeCompany();
  nobody = await makeUser(mine.companyId, []);
  everything = await makeUser(mine.companyId, ADMINISTRATOR_PERMISSIONS);
});

const pages = flatten(routes);
/** The route with each parameter filled: one value for every parameter, or each by its name. */
const concrete = (path: string, params: RouteParams) =>
  `/${path.replace(/:(\w+)(?:\?(?=\/|$))?/g, (whole, name: string) => (typeof params === "string" ? params : (params[name] ?? whole)))}`;
/** Routes opened with parameters of their own: one with :id, or one whose parameters a record gives (the checkout's words). */
const hasRecord = (path: string) => path.includes(":id") || (path.includes(":") && Object.keys(RECORDS).some((p) => path.startsWith(p)));

describe("every page", () => {
  it("has its access rule in this test", () => {
    expect(pages.filter((p) => !(p in ACCESS))).toEqual([]);
  });

  const guarded = pages.filter((p) => ["signed_in", "permission", "self_or_permission", "redirect"].includes(ACCESS[p]?.kind ?? ""));

  it.each(guarded)("/%s sends a visitor without a session to sign in with the wanted path", async (path) => {
    const address = concrete(path, "01jzzzzzzzzzzzzzzzzzzzzzzz");
    const response = await get(address);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirection=${encodeURIComponent(address)}`);
  });

  it.each(pages.filter((p) => ["permission", "redirect"].includes(ACCESS[p]!.kind)))(
    "/%s sends a user lacking its permissions to /dashboard",
    async (path) => {
      const response = await get(concrete(path, everything.userId), nobody.cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard");
    },
  );

  it.each(pages.filter((p) => ["permission", "signed_in"].includes(ACCESS[p]!.kind) && p !== "" && p !== "setup"))(
    "/%s opens for a user holding its permissions",
    async (path) => {
      const id = hasRecord(path) ? await recordOf(path, mine) : "";
      const response = await get(concrete(path, id), everything.cookie);
      expect(response.status).toBe(200);
    },
  );

  it.each(pages.filter((p) => ACCESS[p]?.kind === "redirect"))("/%s sends a user holding its permissions on to its page", async (path) => {
    const access = ACCESS[path] as Extract<Access, { kind: "redirect" }>;
    // A record's page sends on to another page of the same record.
    const id = path.includes(":id") ? await recordOf(path, mine) : "";
    const response = await get(concrete(path, id), everything.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(concrete(access.to.slice(1), id));
  });

  it("/contacts/contacts-settings opens the supplier tags for a user who may edit suppliers but not customers", async () => {
    const buyer = await makeUser(mine.companyId, ["view_suppliers", "edit_suppliers"]);
    const response = await get("/contacts/contacts-settings", buyer.cookie);
    expect(response.headers.get("location")).toBe("/contacts/contacts-settings/supplier-tags");
  });

  it("/password-reset with the user id or the hash left out says the link is invalid", async () => {
    for (const path of [
      "/password-reset/1700000000",
      "/password-reset/1700000000/abc",
      "/password-reset/01jzzzzzzzzzzzzzzzzzzzzzzz/1700000000",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain("This link is not valid");
    }
  });

  const flagged = pages.flatMap((p) => pageFlags(`/${p}`).map((flag) => [p, flag] as const));
  const allBut = (flag: string) => ADMINISTRATOR_PERMISSIONS.filter((p) => p !== flag);

  it("has pages closed by module flags", () => {
    expect(flagged).toEqual(
      expect.arrayContaining([
        ["settings/currencies", "multi_currencies"],
        ["products-and-services/batches", "batch_tracking"],
      ]),
    );
  });

  it.each(flagged)("/%s sends a user holding everything but the %s module flag to /dashboard", async (path, flag) => {
    const user = await makeUser(mine.companyId, allBut(flag));
    const id = path.includes(":id") ? await recordOf(path, mine) : "";
    const response = await get(concrete(path, id), user.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
  });

  it("forms leave out the fields of a module the user lacks", async () => {
    const html = async (path: string, cookie: string) => (await get(path, cookie)).text();
    const managerless = await makeUser(mine.companyId, allBut("account_managers"));
    expect(await html("/contacts/customers/create", everything.cookie)).toContain('name="account_manager_id"');
    expect(await html("/contacts/customers/create", managerless.cookie)).not.toContain('name="account_manager_id"');
    const plain = await makeUser(
      mine.companyId,
      allBut("assemblies").filter((p) => p !== "batch_tracking"),
    );
    const full = await html("/products-and-services/products/create", everything.cookie);
    expect(full).toContain('<option value="assembly">');
    expect(full).toContain('name="batch_tracked"');
    const reduced = await html("/products-and-services/products/create", plain.cookie);
    expect(reduced).not.toContain('<option value="assembly">');
    expect(reduced).not.toContain('<option value="batches">');
    expect(reduced).not.toContain('name="batch_tracked"');
    expect(reduced).toContain('<option value="kit">');
  });

  it("the dashboard shows the plan and the active-user count to holders of admin only", async () => {
    const summary = (text: string) => text.match(/data-testid="account-summary"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? null;
    const admin = summary(await (await get("/dashboard", everything.cookie)).text());
    expect(admin).toContain("Plan: Free trial");
    expect(admin).toMatch(/\d+ active users?/);
    const clerk = await makeUser(mine.companyId, allBut("admin"));
    expect(summary(await (await get("/dashboard", clerk.cookie)).text())).toBeNull();
  });

  it("/settings/users/:id/edit opens on one's own id without settings, and not on someone else's", async () => {
    expect((await get(`/settings/users/${nobody.userId}/edit`, nobody.cookie)).status).toBe(200);
    const other = await get(`/settings/users/${everything.userId}/edit`, nobody.cookie);
    expect(other.headers.get("location")).toBe("/dashboard");
  });

  it.each(pages.filter((p) => p.includes(":id")))("/%s answers 404 for a user of another company", async (path) => {
    const response = await get(concrete(path, await recordOf(path, theirs)), everything.cookie);
    expect(response.status).toBe(404);
  });

  it.each(pages.filter((p) => ACCESS[p]?.kind === "public" && !p.includes(":") && p !== "maintenance"))(
    "/%s opens without a session",
    async (path) => {
      expect((await get(`/${path}`)).status).toBe(200);
    },
  );

  it("/b2b sends a staff user without a customer to /, and a B2B user elsewhere to /b2b", async () => {
    expect((await get("/b2b", everything.cookie)).headers.get("location")).toBe("/");
    const db = await companyDb(mine.companyId);
    const customer = await makeCustomer(db);
    // A store is closed until its staff open it.
    await db
      .insert(tenantSchema.storeSettings)
      .values({ id: 1, settings: { status: true } })
      .onConflictDoNothing();
    const buyer = await makeUser(mine.companyId, [], { customerId: String(customer.id) });
    const store = await get("/b2b", buyer.cookie);
    expect(store.status).toBe(200);
    // The store's bar names the company and leads to the store's home (platform spec §2).
    const brand = (await store.text()).match(/<a[^>]*data-testid="store-brand"[^>]*>([^<]*)<\/a>/);
    expect(brand?.[1]).toBe(mine.label);
    expect(brand?.[0]).toContain('href="/b2b"');
    expect((await get("/dashboard", buyer.cookie)).headers.get("location")).toBe("/b2b");
  });

  it("shows 'Your access is temporally disabled' with 403 when the company is frozen", async () => {
    const frozen = await makeCompany();
    const user = await makeUser(frozen.companyId, ADMINISTRATOR_PERMISSIONS);
    await control.update(controlSchema.companies).set({ frozen: true }).where(eq(controlSchema.companies.id, frozen.companyId));
    const response = await get("/dashboard", user.cookie);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Your access is temporally disabled");
  });

  it("sends staff with account_settings to /account-settings once the trial has ended, and lets others in", async () => {
    const ended = await makeCompany();
    await control
      .update(controlSchema.companies)
      .set({ trialEndsAt: Date.now() - 1000 })
      .where(eq(controlSchema.companies.id, ended.companyId));
    const owner = await makeUser(ended.companyId, ["account_settings", "settings"]);
    const clerk = await makeUser(ended.companyId, ["view_customers"]);
    expect((await get("/settings/users", owner.cookie)).headers.get("location")).toBe("/account-settings");
    const account = await get("/account-settings", owner.cookie);
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("Trial ended");
    expect((await get("/dashboard", clerk.cookie)).status).toBe(200);
  });

  it("shows a clerk of an ended trial what to do on every page, and refuses their form posts with the reason", async () => {
    const ended = await makeCompany();
    await control
      .update(controlSchema.companies)
      .set({ trialEndsAt: Date.now() - 1000 })
      .where(eq(controlSchema.companies.id, ended.companyId));
    const clerk = await makeUser(ended.companyId, ["view_customers", "edit_customers"]);
    const dashboard = await get("/dashboard", clerk.cookie);
    expect(dashboard.status).toBe(200);
    const page = await dashboard.text();
    expect(page).toContain("The free trial has ended");
    expect(page).toContain("Ask a person who manages this company");
    const post = await fetchApp("/contacts/customers/create", { method: "POST", cookie: clerk.cookie, form: { label: "Refused" } });
    expect(post.status).toBe(402);
    expect(await post.text()).toContain("The free trial has ended");
    const saved = await (
      await companyDb(ended.companyId)
    )
      .select()
      .from(tenantSchema.customers)
      .where(eq(tenantSchema.customers.label, "Refused"));
    expect(saved).toEqual([]);
    // The same post in a company that pays goes through (a redirect to the new customer).
    const paying = await makeCompany();
    const payingClerk = await makeUser(paying.companyId, ["view_customers", "edit_customers"]);
    const accepted = await fetchApp("/contacts/customers/create", {
      method: "POST",
      cookie: payingClerk.cookie,
      form: { label: "Accepted" },
    });
    expect(accepted.status).toBe(302);
  });

  it("responses carry the security headers", async () => {
    const response = await get("/login");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
