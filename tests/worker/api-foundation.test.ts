import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { companyDatabaseName } from "../../db/tenants";
import { libsqlClient } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { migrations as tenantMigrations } from "../../migrations/tenant/bundle";
import { newId } from "../../worker/domain/shared/ids";
import { createApiToken } from "../../worker/domain/identity/api-tokens";
import { addUser, control, makeCompany, provisioner } from "../support/factories";
import { fetchApp } from "../support/fetch-app";

describe("the REST API foundation", () => {
  it("reports through GET /api/v1/health that the database answers", async () => {
    const response = await fetchApp("/api/v1/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "up" });
  });

  it("answers an unknown API path with a JSON 404 in the error shape", async () => {
    const response = await fetchApp("/api/v1/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "This page could not be found" } });
  });

  it("refuses a call without a token with 401 and a coded error", async () => {
    const response = await fetchApp("/api/v1/me");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: "You must be signed in" } });
  });

  it("refuses a made-up token with 401", async () => {
    const response = await fetchApp("/api/v1/me", { token: "ck_not-a-real-token" });
    expect(response.status).toBe(401);
  });

  it("translates error messages into French for a French caller", async () => {
    const response = await fetchApp("/api/v1/me", { headers: { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" } });
    expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: "Vous devez être connecté" } });
  });

  it("answers with security headers", async () => {
    const response = await fetchApp("/api/v1/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("lets an API token see its own company and only that company's locations", async () => {
    const a = await makeCompany({ locations: ["Warehouse A"] });
    const b = await makeCompany({ locations: ["Store B1", "Store B2"] });

    const meA = await fetchApp("/api/v1/me", { token: a.token });
    expect(meA.status).toBe(200);
    expect(await meA.json()).toMatchObject({ kind: "api_token", company: { id: a.companyId, label: a.label, status: "trial" } });

    const locationsA = (await (await fetchApp("/api/v1/locations", { token: a.token })).json()) as { items: { label: string }[] };
    const locationsB = (await (await fetchApp("/api/v1/locations", { token: b.token })).json()) as { items: { label: string }[] };
    expect(locationsA.items.map((l) => l.label)).toEqual(["Warehouse A"]);
    expect(locationsB.items.map((l) => l.label)).toEqual(["Store B1", "Store B2"]);
  });

  it("stops accepting an API token once it is revoked", async () => {
    const a = await makeCompany();
    const { token, id } = await createApiToken(control, {
      companyId: a.companyId,
      label: "short-lived",
      permissions: [],
      createdBy: a.userId,
    });
    expect((await fetchApp("/api/v1/me", { token })).status).toBe(200);
    const { eq } = await import("drizzle-orm");
    await control.update(controlSchema.apiTokens).set({ revokedAt: Date.now() }).where(eq(controlSchema.apiTokens.id, id));
    expect((await fetchApp("/api/v1/me", { token })).status).toBe(401);
  });

  it("migrates a company database whose schema is behind before using it", async () => {
    const owner = await makeCompany();
    const id = newId();
    const name = companyDatabaseName(id);
    const address = await provisioner.create(name); // an empty database: schema version 0
    await control
      .insert(controlSchema.companies)
      .values({ id, label: "Behind Ltd", databaseName: name, databaseUrl: address.url, schemaVersion: 0 });
    const { token } = await createApiToken(control, { companyId: id, label: "t", permissions: [], createdBy: (await addUser(id)).userId });

    const response = await fetchApp("/api/v1/locations", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: [], page: 0, page_size: 50 });
    const row = await control.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, id) });
    expect(row?.schemaVersion).toBe(tenantMigrations.length);
    expect(owner.companyId).not.toBe(id);
  });

  it("refuses with 503 a company database that cannot be brought to the code's schema", async () => {
    const id = newId();
    const name = companyDatabaseName(id);
    const address = await provisioner.create(name);
    const client = libsqlClient(address);
    await migrateDatabase(client, tenantMigrations);
    // A migration this code does not know: the database is ahead of (or diverged from) the code.
    await client.execute({
      sql: "INSERT INTO __migrations (id, tag, hash, applied_at) VALUES (?, ?, ?, ?)",
      args: [999, "9999_future", "x", Date.now()],
    });
    await control
      .insert(controlSchema.companies)
      .values({ id, label: "Ahead Ltd", databaseName: name, databaseUrl: address.url, schemaVersion: 0 });
    const { token } = await createApiToken(control, { companyId: id, label: "t", permissions: [], createdBy: (await addUser(id)).userId });

    const response = await fetchApp("/api/v1/locations", { token });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: "company_database_unavailable" } });
  });
});
