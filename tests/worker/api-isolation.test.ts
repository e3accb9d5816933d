import { beforeAll, describe, expect, it } from "vitest";
import { apiRouter } from "../../worker/api";
import { API_OPERATIONS, type ApiOperation } from "../../worker/api/openapi";
import { apiFlags } from "../../worker/domain/identity/module-flags";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { addUser, makeCompany } from "../support/factories";
import type { IsolationArea, IsolationCompany } from "../support/isolation/types";
import { fetchApp } from "../support/fetch-app";

const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

// Bodies and other-company records per area: tests/support/isolation/*.ts.
const areas = Object.values(
  import.meta.glob<IsolationArea>(["../support/isolation/*.ts", "!../support/isolation/types.ts"], { eager: true, import: "isolation" }),
);
const BODIES: Record<string, unknown> = Object.assign({}, ...areas.map((a) => a.bodies));
const RECORDS: IsolationArea["records"] = Object.assign({}, ...areas.map((a) => a.records));

interface World {
  mine: IsolationCompany;
  theirs: IsolationCompany;
  stranger: { token: string };
  admin: { token: string; userId: string };
}
let world: World;

beforeAll(async () => {
  const mine = await makeCompany();
  const theirs = await makeCompany();
  const admin = await addUser(mine.companyId, { permissions: ADMINISTRATOR_PERMISSIONS });
  const stranger = await addUser(mine.companyId, { permissions: [] });
  world = { mine, theirs, stranger, admin };
});

// Where an {id} of another company comes from, per path. A new {id} route needs an entry in its area's file.
function otherCompanyId(op: ApiOperation): Promise<string> {
  const prefix = Object.keys(RECORDS)
    .filter((p) => op.path.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  if (!prefix)
    throw new Error(`no id of another company is known for ${op.method.toUpperCase()} ${op.path}: add it to tests/support/isolation/`);
  return RECORDS[prefix]!(world.theirs, world.mine);
}

function call(op: ApiOperation, token: string | undefined, id = "01jzzzzzzzzzzzzzzzzzzzzzzz") {
  const key = `${op.method} ${op.path}`;
  const body = BODIES[key];
  if (["post", "patch", "put"].includes(op.method) && op.auth && body === undefined)
    throw new Error(`no body for ${key}: add one to tests/support/isolation/`);
  return fetchApp(`/api/v1${op.path.replace(/\{\w+\}/g, id)}`, {
    method: op.method.toUpperCase(),
    token,
    json: body,
  });
}

describe("every /api/v1 route", () => {
  it("is documented in the OpenAPI list, and every documented route exists", () => {
    const routes = apiRouter()
      .routes.filter((r) => r.method !== "ALL")
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/\/$/, "") || "/"}`);
    // Documented paths a parameter's route answers (worker/api/batches.ts: Hono's RegExpRouter takes no literal beside a parameter).
    const answeredBy: Record<string, string> = { "get /batches/unallocated": "get /batches/:id" };
    for (const [path, route] of Object.entries(answeredBy)) if (routes.includes(route)) routes.push(path);
    const documented = API_OPERATIONS.map((op) => `${op.method} ${routerPath(op.path)}`);
    expect([...new Set(routes)].sort()).toEqual([...documented].sort());
  });

  const guarded = API_OPERATIONS.filter((op) => op.auth);

  it.each(guarded.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    "%s answers 401 without a token",
    async (_name, op) => {
      const response = await call(op, undefined);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
    },
  );

  it.each(guarded.filter((op) => op.permissions).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    "%s answers 403 to a user lacking its permissions",
    async (_name, op) => {
      // A self-allowed route is called on someone else's id, where the permission is needed.
      const response = await call(op, world.stranger.token, op.selfAllowed ? world.admin.userId : undefined);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
    },
  );

  const flagged = guarded.flatMap((op) =>
    apiFlags(op.method, op.path).map((flag) => [`${op.method.toUpperCase()} ${op.path}`, flag, op] as const),
  );

  it("has calls closed by module flags", () => {
    expect(flagged.map(([name, flag]) => `${name} ${flag}`)).toEqual(
      expect.arrayContaining(["GET /batches batch_tracking", "POST /currencies multi_currencies"]),
    );
  });

  it.each(flagged)("%s answers 403 to a user holding everything but the %s module flag", async (_name, flag, op) => {
    const user = await addUser(world.mine.companyId, { permissions: ADMINISTRATOR_PERMISSIONS.filter((p) => p !== flag) });
    const response = await call(op, user.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
  });

  it.each(guarded.filter((op) => op.path.includes("{")).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    "%s answers 404 for a record of another company, even to an administrator",
    async (_name, op) => {
      const response = await call(op, world.admin.token, await otherCompanyId(op));
      expect(response.status).toBe(404);
    },
  );

  it("serves the OpenAPI document with every operation", async () => {
    const response = await fetchApp("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    for (const op of API_OPERATIONS) expect(doc.paths[`/api/v1${op.path}`]?.[op.method]).toBeDefined();
    expect(doc.paths["/oauth2/token"]?.post).toBeDefined();
    const page = await fetchApp("/api/v1/docs");
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("/api/v1/companies/switch");
  });
});
