import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tursoProvisioner } from "../../db/tenants";
import { TursoApiError, TursoPlatformApi } from "../../db/turso-platform-api";

// A local fake of the three documented Platform API calls the product uses.
const databases = new Map<string, { Name: string; DbId: string; Hostname: string; group: string }>();
const seen: { method: string; path: string; auth: string | undefined; body: unknown }[] = [];
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : undefined;
      seen.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, body });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      if (req.headers.authorization !== "Bearer platform-token") return send(401, { error: "unauthorized" });
      const m = req.url!.match(/^\/v1\/organizations\/acme\/databases(?:\/([^/]+))?$/);
      if (!m) return send(404, { error: "not found" });
      const name = m[1] && decodeURIComponent(m[1]);
      if (req.method === "POST" && !name) {
        if (databases.has(body.name)) return send(409, { error: "database already exists" });
        const db = { Name: body.name, DbId: `id-${body.name}`, Hostname: `${body.name}-acme.turso.io`, group: body.group };
        databases.set(body.name, db);
        return send(200, { database: { Name: db.Name, DbId: db.DbId, Hostname: db.Hostname } });
      }
      if (req.method === "GET" && name) {
        const db = databases.get(name);
        return db ? send(200, { database: db }) : send(404, { error: "database not found" });
      }
      if (req.method === "DELETE" && name) {
        if (!databases.delete(name)) return send(404, { error: "database not found" });
        return send(200, { database: name });
      }
      send(405, { error: "method not allowed" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("the Turso Platform API client", () => {
  const options = () => ({ apiUrl, org: "acme", group: "companies", apiToken: "platform-token" });

  it("creates a company database in the configured group and gives its address with the group token", async () => {
    const provisioner = tursoProvisioner({ ...options(), groupToken: "group-jwt" });
    const address = await provisioner.create("company-abc");
    expect(address).toEqual({ url: "https://company-abc-acme.turso.io", authToken: "group-jwt" });
    expect(seen.at(-1)).toEqual({
      method: "POST",
      path: "/v1/organizations/acme/databases",
      auth: "Bearer platform-token",
      body: { name: "company-abc", group: "companies" },
    });
  });

  it("retrieves an existing database and answers null for a missing one", async () => {
    const api = new TursoPlatformApi(options());
    expect(await api.getDatabase("company-abc")).toEqual({ name: "company-abc", hostname: "company-abc-acme.turso.io" });
    expect(await api.getDatabase("nope")).toBeNull();
  });

  it("reports the API's error with its status", async () => {
    const api = new TursoPlatformApi(options());
    const error = await api.createDatabase("company-abc").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TursoApiError);
    expect((error as TursoApiError).status).toBe(409);
    const unauthorized = await new TursoPlatformApi({ ...options(), apiToken: "wrong" }).createDatabase("x").catch((e: unknown) => e);
    expect((unauthorized as TursoApiError).status).toBe(401);
  });

  it("deletes a database", async () => {
    const provisioner = tursoProvisioner({ ...options(), groupToken: "group-jwt" });
    await provisioner.destroy("company-abc");
    expect(databases.has("company-abc")).toBe(false);
    expect(seen.at(-1)).toMatchObject({ method: "DELETE", path: "/v1/organizations/acme/databases/company-abc" });
  });
});
