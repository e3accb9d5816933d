import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { rowsOf } from "../../app/components/list/rows-text";
import { listPageAction, loadListPage } from "../../app/server/list-page.server";
import { buildContext } from "../../worker/context";
import { resolveAccessToken } from "../../worker/domain/identity/sessions";
import { parseEnv, type Bindings } from "../../worker/env";
import { createService } from "../../worker/domain/services/create-service";
import { listServices } from "../../worker/domain/services/list-services";
import { addUser, control, ctxOf, makeCompany } from "../support/factories";
import { callApi as call } from "../support/fetch-app";

interface View {
  id: number;
  label: string;
  type: string;
  is_default: boolean;
  search: { filters: Record<string, unknown>; columns: string[]; sort: { by: string; direction: string }[] };
}

async function someone() {
  const company = await makeCompany();
  const user = await addUser(company.companyId, { permissions: [] });
  return { company, user };
}

const search = {
  filters: { label__Contains: "audit", active: "true" },
  columns: ["reference", "label"],
  sort: [{ by: "price", direction: "desc" }],
};

async function save(token: string, body: Record<string, unknown>): Promise<View> {
  const response = await call("POST", "/saved-views", token, body);
  expect(response.status).toBe(201);
  return (await response.json()) as View;
}

async function list(token: string, type = "services"): Promise<View[]> {
  const response = await call("GET", `/saved-views?type=${type}`, token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: View[] }).items;
}

describe("/api/v1/saved-views", () => {
  it("saves a view of a list with its filters, columns and sort, and lists the caller's views of that list by label", async () => {
    const { user } = await someone();
    const created = await save(user.token, { type: "services", label: "Active audits", search });
    expect(created).toMatchObject({ label: "Active audits", type: "services", is_default: false, search });
    await save(user.token, { type: "services", label: "all by reference", search: { sort: [{ by: "reference" }] } });
    await save(user.token, { type: "products", label: "Products view" });

    const views = await list(user.token);
    expect(views.map((v) => v.label)).toEqual(["Active audits", "all by reference"]);
    expect(views[1]!.search).toEqual({ filters: {}, columns: [], sort: [{ by: "reference", direction: "asc" }] });
    expect((await list(user.token, "products")).map((v) => v.label)).toEqual(["Products view"]);
  });

  it("keeps at most one default per user and list: a new default unsets the previous one", async () => {
    const { user } = await someone();
    const first = await save(user.token, { type: "services", label: "First", is_default: true });
    const second = await save(user.token, { type: "services", label: "Second", is_default: true });
    const products = await save(user.token, { type: "products", label: "Products", is_default: true });
    let views = await list(user.token);
    expect(views.filter((v) => v.is_default).map((v) => v.id)).toEqual([second.id]);

    const response = await call("PATCH", `/saved-views/${first.id}`, user.token, { is_default: true });
    expect(response.status).toBe(200);
    views = await list(user.token);
    expect(views.filter((v) => v.is_default).map((v) => v.id)).toEqual([first.id]);
    // Another list's default is left alone.
    expect((await list(user.token, "products")).find((v) => v.id === products.id)?.is_default).toBe(true);
  });

  it("renames a view and changes what it restores; deleting it removes it", async () => {
    const { user } = await someone();
    const created = await save(user.token, { type: "services", label: "Mine" });
    const response = await call("PATCH", `/saved-views/${created.id}`, user.token, { label: "Renamed", search });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: created.id, label: "Renamed", search });

    expect((await call("DELETE", `/saved-views/${created.id}`, user.token)).status).toBe(204);
    expect(await list(user.token)).toEqual([]);
    expect((await call("DELETE", `/saved-views/${created.id}`, user.token)).status).toBe(404);
  });

  it("shows nobody else's views: another user's view is not found, and each user has their own default", async () => {
    const { company, user } = await someone();
    const colleague = await addUser(company.companyId, { permissions: [] });
    const theirs = await save(colleague.token, { type: "services", label: "Shared label", is_default: true });
    const mine = await save(user.token, { type: "services", label: "Shared label", is_default: true });

    expect((await list(user.token)).map((v) => v.id)).toEqual([mine.id]);
    expect((await list(colleague.token)).map((v) => v.id)).toEqual([theirs.id]);
    expect((await list(colleague.token))[0]!.is_default).toBe(true);
    for (const [method, body] of [
      ["PATCH", { label: "Stolen" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(method, `/saved-views/${theirs.id}`, user.token, body);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    }
    expect((await call("PATCH", "/saved-views/not-a-number", user.token, { label: "x" })).status).toBe(404);
  });

  it("refuses API tokens: views belong to a person", async () => {
    const company = await makeCompany();
    await company.db
      .insert(tenantSchema.savedViews)
      .values({ userId: company.userId, type: "services", label: "x", search: { filters: {}, columns: [], sort: [] } });
    for (const [method, path, body] of [
      ["GET", "/saved-views?type=services", undefined],
      ["POST", "/saved-views", { type: "services", label: "Token view" }],
      ["PATCH", "/saved-views/1", { label: "y" }],
      ["DELETE", "/saved-views/1", undefined],
    ] as const) {
      const response = await call(method, path, company.token, body);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
    }
  });

  it("refuses a label already used by the same user for the same list, whatever the case, with 409", async () => {
    const { user } = await someone();
    const kept = await save(user.token, { type: "services", label: "Audits" });
    const other = await save(user.token, { type: "services", label: "Other" });
    await save(user.token, { type: "products", label: "Audits" });

    let response = await call("POST", "/saved-views", user.token, { type: "services", label: " audits " });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: { code: "saved_view_label_taken", fields: { label: { code: "saved_view_label_taken" } } },
    });
    response = await call("PATCH", `/saved-views/${other.id}`, user.token, { label: "AUDITS" });
    expect(response.status).toBe(409);
    // Keeping one's own label is not a conflict.
    expect((await call("PATCH", `/saved-views/${kept.id}`, user.token, { label: "Audits" })).status).toBe(200);
  });

  it.each([
    ["a missing list type", { label: "x" }, "type", "required"],
    ["an unknown list type", { type: "spaceships", label: "x" }, "type", "unknown_list_type"],
    ["a missing label", { type: "services" }, "label", "required"],
    ["a blank label", { type: "services", label: "   " }, "label", "required"],
    ["a label over 100 characters", { type: "services", label: "x".repeat(101) }, "label", "too_long"],
    [
      "more than 50 filters",
      { type: "services", label: "x", search: { filters: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, "1"])) } },
      "search.filters",
      "too_long",
    ],
    [
      "a filter value that is an object",
      { type: "services", label: "x", search: { filters: { label: { a: 1 } } } },
      "search.filters.label",
      "invalid_filter_value",
    ],
    [
      "more than 50 columns",
      { type: "services", label: "x", search: { columns: Array.from({ length: 51 }, (_, i) => `c${i}`) } },
      "search.columns",
      "too_long",
    ],
    [
      "more than 5 sort terms",
      { type: "services", label: "x", search: { sort: Array.from({ length: 6 }, (_, i) => ({ by: `s${i}` })) } },
      "search.sort",
      "too_long",
    ],
    [
      "a sort direction other than asc or desc",
      { type: "services", label: "x", search: { sort: [{ by: "label", direction: "up" }] } },
      "search.sort.0.direction",
      "invalid",
    ],
    ["a default flag that is not a boolean", { type: "services", label: "x", is_default: "yes" }, "is_default", "invalid"],
  ])("refuses %s, naming the field", async (_name, body, field, code) => {
    const { user } = await someone();
    const response = await call("POST", "/saved-views", user.token, body);
    expect(response.status).toBe(422);
    const json = (await response.json()) as { error: { code: string; fields: Record<string, { code: string }> } };
    expect(json.error.code).toBe("validation_failed");
    expect(json.error.fields[field]?.code).toBe(code);
  });

  it("needs a known list type to list views, and refuses unknown fields in an update", async () => {
    const { user } = await someone();
    let response = await call("GET", "/saved-views?type=spaceships", user.token);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { fields: { type: { code: "unknown_list_type" } } } });
    response = await call("GET", "/saved-views", user.token);
    expect(await response.json()).toMatchObject({ error: { fields: { type: { code: "required" } } } });

    const created = await save(user.token, { type: "services", label: "x" });
    response = await call("PATCH", `/saved-views/${created.id}`, user.token, { type: "products" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: "validation_failed", fields: { type: { code: "unknown_field" } } } });
  });
});

describe("list pages and saved views", () => {
  const PATH = "/products-and-services/services";

  async function page() {
    const { company, user } = await someone();
    // The services are the company administrator's; the views are the user's.
    const admin = await ctxOf(company);
    // The request's context, as the Worker entry builds it for the signed-in user.
    const rc = buildContext(parseEnv(env as unknown as Bindings), { waitUntil: () => {} }, "en");
    rc.actor = (await resolveAccessToken(control, user.token))!;
    await createService(admin, { reference: "A", label: "Audit", price: "10" });
    await createService(admin, { reference: "B", label: "Backup", price: "20" });
    const load = (query: string) =>
      loadListPage({
        request: new Request(`http://app.test${PATH}${query}`),
        rc,
        type: "services",
        run: (params) => listServices(admin, params),
      });
    const post = (fields: Record<string, string>, query = "") => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return listPageAction({
        request: new Request(`http://app.test${PATH}${query}`, { method: "POST", body }),
        rc,
        type: "services",
      });
    };
    return { user, load, post };
  }

  async function redirectOf(run: () => Promise<unknown>): Promise<string> {
    try {
      await run();
    } catch (thrown) {
      if (thrown instanceof Response && thrown.status === 302) return thrown.headers.get("location")!;
      throw thrown;
    }
    throw new Error("expected a redirect");
  }

  it("runs the list of the address with its count, and gives the state and the user's views", async () => {
    const { load } = await page();
    const list = await load("?sort=-price&page_size=1&columns=label");
    expect(list.result).toMatchObject({ page: 0, page_size: 1, totalCount: 2 });
    // The rows go to the page as one JSON text, read back as the browser reads it (a new object).
    expect(typeof list.result.items).toBe("string");
    expect(rowsOf({ ...list.result }).map((s) => s.label)).toEqual(["Backup"]);
    expect(list.state).toMatchObject({ sort: [{ by: "price", direction: "desc" }], pageSize: 1, columns: ["label"] });
    expect(list.error).toBeNull();
    expect(list.views).toEqual([]);
  });

  it("opens the user's default view when the address carries no list state, and only then", async () => {
    const { user, load } = await page();
    await save(user.token, {
      type: "services",
      label: "Expensive first",
      is_default: true,
      search: { filters: { price__Gte: "15" }, columns: [], sort: [{ by: "price", direction: "desc" }] },
    });
    expect(await redirectOf(() => load(""))).toBe(`${PATH}?price__Gte=15&sort=-price`);
    expect(await redirectOf(() => load("?notice=deleted"))).toBe(`${PATH}?price__Gte=15&sort=-price&notice=deleted`);
    const cleared = await load("?page=0");
    expect(cleared.result.totalCount).toBe(2);
    expect(cleared.views).toEqual([
      expect.objectContaining({ label: "Expensive first", is_default: true, href: `${PATH}?price__Gte=15&sort=-price` }),
    ]);
  });

  it("drops blank filters from the address, as a GET form without JavaScript sends them", async () => {
    const { load } = await page();
    expect(await redirectOf(() => load("?label__Contains=&active=&sort=label&columns=label&columns=price"))).toBe(
      `${PATH}?sort=label&columns=label%2Cprice`,
    );
  });

  it("shows bad list parameters as an error and falls back to the defaults instead of failing", async () => {
    const { load } = await page();
    const list = await load("?colour=red&page_size=0");
    expect(list.error).toMatchObject({
      code: "validation_failed",
      fields: { colour: { code: "unknown_filter" }, page_size: { code: "page_size_invalid" } },
    });
    expect(list.result).toMatchObject({ page: 0, page_size: 50, totalCount: 2 });
  });

  it("saves the current state as a view, makes another the default, and deletes one, each time coming back to the list", async () => {
    const { user, post } = await page();
    const state = "label__Contains=au&sort=-price&columns=label";
    let response = (await post({ intent: "save_view", label: "Audits", is_default: "on", state })) as Response;
    expect(response.headers.get("location")).toBe(`${PATH}?${state}`);
    const [saved] = await list(user.token);
    expect(saved).toMatchObject({
      label: "Audits",
      is_default: true,
      search: { filters: { label__Contains: "au" }, columns: ["label"], sort: [{ by: "price", direction: "desc" }] },
    });

    const again = (await post({ intent: "save_view", label: "audits", state })) as unknown as { init: { status: number }; data: unknown };
    expect(again.init.status).toBe(409);
    expect(again.data).toMatchObject({ viewError: { code: "saved_view_label_taken", label: "audits" } });

    const other = await save(user.token, { type: "services", label: "Other" });
    response = (await post({ intent: "default_view", id: String(other.id), state })) as Response;
    expect(response.status).toBe(302);
    expect((await list(user.token)).find((v) => v.is_default)?.id).toBe(other.id);
    response = (await post({ intent: "delete_view", id: String(saved!.id), state: "" })) as Response;
    expect(response.headers.get("location")).toBe(`${PATH}?page=0`);
    expect((await list(user.token)).map((v) => v.label)).toEqual(["Other"]);
  });
});
