import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { REFRESH_REUSE_GRACE_MS, refreshSession, resolveAccessToken } from "../../worker/domain/identity/sessions";
import { switchCompany } from "../../worker/domain/companies/switch-company";
import { addUser, control, ctxOf, makeCompany } from "../support/factories";
import { fetchApp } from "../support/fetch-app";

const CLIENT = { client_id: "comptoir-web", client_secret: "test-client-secret-0123456789" };

function token(body: Record<string, string>, init: { json?: boolean; headers?: Record<string, string> } = {}) {
  const json = init.json ?? true;
  return fetchApp("/oauth2/token", { method: "POST", headers: init.headers, ...(json ? { json: body } : { form: body }) });
}

describe("POST /oauth2/token", () => {
  it("answers a password grant with an access token, a refresh token, the type and the lifetime", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId, { permissions: ["view_customers"] });
    const response = await token({ grant_type: "password", username: user.email, password: user.password, ...CLIENT });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect(body.access_token).toMatch(/^at_/);
    expect(body.refresh_token).toMatch(/^rt_/);

    const me = await fetchApp("/api/v1/me", { token: body.access_token as string });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      kind: "user",
      user: { email: user.email },
      company: { id: company.companyId },
      permissions: ["view_customers"],
    });
  });

  it("accepts a form-encoded request as OAuth clients send it", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const response = await token({ grant_type: "password", username: user.email, password: user.password, ...CLIENT }, { json: false });
    expect(response.status).toBe(200);
  });

  it("says 'Email and Password are required to login' when a credential is missing, in French for a French caller", async () => {
    const english = await token({ grant_type: "password", username: "someone@example.test", ...CLIENT });
    expect(english.status).toBe(400);
    expect(await english.json()).toMatchObject({ error: "invalid_request", error_description: "Email and Password are required to login" });
    const french = await token({ grant_type: "password", password: "x", ...CLIENT }, { headers: { "accept-language": "fr" } });
    expect(await french.json()).toMatchObject({ error_description: "L'e-mail et le mot de passe sont requis pour se connecter" });
  });

  it("says 'Email and Password are not valid' for a wrong password and for an unknown email alike", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    for (const username of [user.email, "nobody-here@example.test"]) {
      const response = await token({ grant_type: "password", username, password: "Wrong-pass-1!", ...CLIENT });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: "invalid_grant",
        code: "login_invalid",
        error_description: "Email and Password are not valid",
      });
    }
  });

  it("refuses a client whose secret does not match with 401 invalid_client", async () => {
    const response = await token({
      grant_type: "password",
      username: "a@example.test",
      password: "x",
      client_id: "comptoir-web",
      client_secret: "wrong-secret-123456",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });

  it("refuses an unknown grant type as an invalid request", async () => {
    const response = await token({ grant_type: "client_credentials", ...CLIENT });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
  });

  it("blocks an account after 5 failed sign-ins in a minute, even with the right password, and leaves other accounts alone", async () => {
    const company = await makeCompany();
    const victim = await addUser(company.companyId);
    const other = await addUser(company.companyId);
    for (let i = 0; i < 5; i++) {
      const failed = await token({ grant_type: "password", username: victim.email, password: `Wrong-${i}!A`, ...CLIENT });
      expect(failed.status).toBe(400);
    }
    const blocked = await token({ grant_type: "password", username: victim.email, password: victim.password, ...CLIENT });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({
      code: "login_rate_limited",
      error_description: expect.stringContaining("Too many failed sign-in attempts"),
    });
    const fine = await token({ grant_type: "password", username: other.email, password: other.password, ...CLIENT });
    expect(fine.status).toBe(200);
  });

  it("checks only 5 passwords when 30 wrong ones for one account arrive at once, and refuses the other 25 unchecked", async () => {
    const company = await makeCompany();
    const victim = await addUser(company.companyId);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => token({ grant_type: "password", username: victim.email, password: `Wrong-${i}!A`, ...CLIENT })),
    );
    const codes = await Promise.all(responses.map(async (r) => ((await r.json()) as { code: string }).code));
    // "Not valid" means the password was checked; "too many" means it was refused before.
    expect(codes.filter((c) => c === "login_invalid")).toHaveLength(5);
    expect(codes.filter((c) => c === "login_rate_limited")).toHaveLength(25);
  });
});

describe("refresh tokens", () => {
  async function signedIn() {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const response = await token({ grant_type: "password", username: user.email, password: user.password, ...CLIENT });
    return (await response.json()) as { access_token: string; refresh_token: string };
  }

  it("rotates: a refresh gives a new pair that works", async () => {
    const first = await signedIn();
    const response = await token({ grant_type: "refresh_token", refresh_token: first.refresh_token, ...CLIENT });
    expect(response.status).toBe(200);
    const second = (await response.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await fetchApp("/api/v1/me", { token: second.access_token })).status).toBe(200);
  });

  it("stores tokens hashed, never in clear", async () => {
    const pair = await signedIn();
    const rows = await control.select().from(controlSchema.sessionTokens);
    expect(rows.some((r) => r.tokenHash === pair.refresh_token || r.tokenHash === pair.access_token)).toBe(false);
  });

  it("ends the whole family when an already used refresh token comes back after the grace period", async () => {
    const first = await signedIn();
    const now = Date.now();
    const second = await refreshSession(control, first.refresh_token, now);
    await expect(refreshSession(control, first.refresh_token, now + REFRESH_REUSE_GRACE_MS + 1)).rejects.toMatchObject({
      code: "refresh_reused",
    });
    // Every token of the session is dead now, the newest included.
    expect(await resolveAccessToken(control, second.accessToken)).toBeNull();
    await expect(refreshSession(control, second.refreshToken, now + REFRESH_REUSE_GRACE_MS + 2)).rejects.toMatchObject({
      code: "refresh_invalid",
    });
  });

  it("refuses a simultaneous second refresh without ending the session", async () => {
    const first = await signedIn();
    const now = Date.now();
    const second = await refreshSession(control, first.refresh_token, now);
    await expect(refreshSession(control, first.refresh_token, now + 1000)).rejects.toMatchObject({ code: "refresh_invalid" });
    expect(await resolveAccessToken(control, second.accessToken)).not.toBeNull();
  });

  it("answers a made-up refresh token with invalid_grant", async () => {
    const response = await token({ grant_type: "refresh_token", refresh_token: "rt_made-up", ...CLIENT });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });
});

describe("companies", () => {
  it("lists the user's companies and switches the session to another one, whose data it then sees", async () => {
    const first = await makeCompany({ locations: ["Paris warehouse"] });
    const second = await makeCompany({ locations: ["Lyon shop"] });
    const user = await addUser(first.companyId, { permissions: ["view_products_inventory"] });
    await control
      .insert(controlSchema.memberships)
      .values({ userId: user.userId, companyId: second.companyId, permissions: ["view_customers"] });

    const list = await fetchApp("/api/v1/companies", { token: user.token });
    const companies = ((await list.json()) as { items: { id: string; current: boolean }[] }).items;
    expect(companies.map((c) => [c.id, c.current])).toEqual([
      [first.companyId, true],
      [second.companyId, false],
    ]);
    const before = (await (await fetchApp("/api/v1/locations", { token: user.token })).json()) as { items: { label: string }[] };
    expect(before.items.map((l) => l.label)).toEqual(["Paris warehouse"]);

    const switched = await fetchApp("/api/v1/companies/switch", {
      token: user.token,
      method: "POST",
      json: { company_id: second.companyId },
    });
    expect(await switched.json()).toEqual({ switched: true, company_id: second.companyId });
    const after = (await (await fetchApp("/api/v1/locations", { token: user.token })).json()) as { items: { label: string }[] };
    expect(after.items.map((l) => l.label)).toEqual(["Lyon shop"]);
    // Permissions are those of the membership in the new company.
    expect(await (await fetchApp("/api/v1/me", { token: user.token })).json()).toMatchObject({ permissions: ["view_customers"] });
  });

  it("skips a switch to the current company and refuses one to a company the user does not belong to", async () => {
    const mine = await makeCompany();
    const theirs = await makeCompany();
    const user = await addUser(mine.companyId);
    const post = (companyId: string) =>
      fetchApp("/api/v1/companies/switch", {
        token: user.token,
        method: "POST",
        json: { company_id: companyId },
      });
    expect(await (await post(mine.companyId)).json()).toEqual({ switched: false, company_id: mine.companyId });
    expect((await post(theirs.companyId)).status).toBe(404);
  });

  it("skips the switch for a b2b_portal user viewing the store as a customer, not for one in the back office", async () => {
    const first = await makeCompany();
    const second = await makeCompany();
    const staff = await ctxOf(first, { permissions: ["b2b_portal"] });
    const actor = staff.actor as Extract<typeof staff.actor, { kind: "user" }>;
    await control.insert(controlSchema.memberships).values({ userId: actor.userId, companyId: second.companyId });
    const viewing = { ...staff, actor: { ...actor, customerId: "1" } };
    expect(await switchCompany(viewing, { company_id: second.companyId })).toEqual({ switched: false, companyId: first.companyId });
    expect(await switchCompany(staff, { company_id: second.companyId })).toEqual({ switched: true, companyId: second.companyId });
  });

  it("names the missing field when the switch has no company", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const response = await fetchApp("/api/v1/companies/switch", {
      token: user.token,
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: "validation_failed", fields: { company_id: { code: "required" } } } });
  });

  it("answers 403 'Your access is temporally disabled' when the company is frozen", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    await control.update(controlSchema.companies).set({ frozen: true }).where(eq(controlSchema.companies.id, company.companyId));
    const response = await fetchApp("/api/v1/locations", { token: user.token });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "access_frozen", message: "Your access is temporally disabled" } });
  });

  it("reports a trial past its end date as 'trial_ended'", async () => {
    const company = await makeCompany();
    await control
      .update(controlSchema.companies)
      .set({ trialEndsAt: Date.now() - 1000 })
      .where(eq(controlSchema.companies.id, company.companyId));
    const user = await addUser(company.companyId);
    expect(await (await fetchApp("/api/v1/me", { token: user.token })).json()).toMatchObject({ company: { status: "trial_ended" } });
  });

  it("loses access when the membership is deactivated", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    await control.update(controlSchema.memberships).set({ active: false }).where(eq(controlSchema.memberships.userId, user.userId));
    expect((await fetchApp("/api/v1/me", { token: user.token })).status).toBe(401);
  });
});

describe("company data stays in the company", () => {
  it("shows a user only their own company's locations", async () => {
    const a = await makeCompany({ locations: ["A only"] });
    await makeCompany({ locations: ["B only"] });
    const user = await addUser(a.companyId);
    const body = (await (await fetchApp("/api/v1/locations", { token: user.token })).json()) as { items: { label: string }[] };
    expect(body.items.map((l) => l.label)).toEqual(["A only"]);
  });
});
