import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { resolveAccessToken } from "../../worker/domain/identity/sessions";
import { inviteUser } from "../../worker/domain/users/users";
import { parseEnv, type Bindings } from "../../worker/env";
import { smtpMailer } from "../../worker/integrations/mail/smtp-mailer";
import { addUser, api, control, makeCompany } from "../support/factories";
import { firstLink, waitForEmail } from "../support/sink-client";

const bindings = env as unknown as Record<string, string>;
const settings = parseEnv(env as unknown as Bindings).settings;
const mailUrl = bindings.TEST_MAIL_URL!;
const fetchApp = (request: Request) => (exports as unknown as { default: Fetcher }).default.fetch(request);

function call(method: string, path: string, token: string | undefined, body?: unknown) {
  return fetchApp(
    api(`/api/v1${path}`, {
      method,
      token,
      ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
    }),
  );
}

let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@example.test`;

async function adminOf() {
  const company = await makeCompany();
  const admin = await addUser(company.companyId, { permissions: ADMINISTRATOR_PERMISSIONS });
  await control.update(controlSchema.memberships).set({ isAdmin: true }).where(eq(controlSchema.memberships.userId, admin.userId));
  return { company, admin };
}

describe("/api/v1/users", () => {
  it("lists the company's staff users only: no B2B user, nobody of another company", async () => {
    const { company, admin } = await adminOf();
    const other = await makeCompany();
    const buyer = await addUser(company.companyId);
    await control
      .update(controlSchema.memberships)
      .set({ customerId: "customer-1" })
      .where(eq(controlSchema.memberships.userId, buyer.userId));

    const response = await call("GET", "/users", admin.token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { totalCount: number; items: { id: string; email: string }[] };
    const ids = body.items.map((u) => u.id);
    expect(ids).toContain(admin.userId);
    expect(ids).toContain(company.userId);
    expect(ids).not.toContain(buyer.userId);
    expect(ids).not.toContain(other.userId);
    expect(body.totalCount).toBe(2);
  });

  it("invites a new user by email; the link sets their password and they hold only what was granted", async () => {
    const { company, admin } = await adminOf();
    const email = uniqueEmail("invited");
    const response = await call("POST", "/users", admin.token, {
      email,
      first_name: "Inès",
      last_name: "Vendeuse",
      language: "fr",
      timezone: "Europe/Paris",
      permissions: ["view_customers", "view_products"],
      pos_permissions: ["add_discount"],
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, unknown>;
    expect(created).toMatchObject({
      email,
      first_name: "Inès",
      language: "fr",
      timezone: "Europe/Paris",
      type: "regularUser",
      permissions: ["view_customers", "view_products"],
      pos_permissions: ["add_discount"],
      invitation_pending: true,
      invitation_sent: true,
      active: true,
      is_admin: false,
    });

    const mail = await waitForEmail(mailUrl, email);
    expect(mail.subject).toBe(`Sam Staff vous invite à rejoindre ${company.label} sur Comptoir`);
    const link = firstLink(mail);
    const [, , uid, timestamp, hash] = link.pathname.split("/");
    const password = "Invited-pass-3!";
    const confirm = await call("POST", "/password-reset/confirm", undefined, {
      uid,
      timestamp,
      hash,
      invitation: true,
      password,
      confirmation: password,
    });
    expect(confirm.status).toBe(200);

    const token = await fetchApp(
      api("/oauth2/token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          grant_type: "password",
          username: email,
          password,
          client_id: "comptoir-web",
          client_secret: bindings.OAUTH_CLIENT_SECRET,
        }),
      }),
    );
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const me = (await (await call("GET", "/me", access_token)).json()) as { permissions: string[]; company: { id: string } };
    expect(me.permissions).toEqual(["view_customers", "view_products"]);
    expect(me.company.id).toBe(company.companyId);
    expect((await call("GET", "/users", access_token)).status).toBe(403);
    expect((await call("GET", `/users/${created.id}`, access_token)).status).toBe(200);
    expect(
      ((await (await call("GET", `/users/${created.id}`, admin.token)).json()) as { invitation_pending: boolean }).invitation_pending,
    ).toBe(false);
  });

  it("adds someone who already has an account to the company without a new password, and refuses a second time", async () => {
    const { admin } = await adminOf();
    const elsewhere = await makeCompany();
    const person = await addUser(elsewhere.companyId, { permissions: ["view_products"] });

    const first = await call("POST", "/users", admin.token, {
      email: person.email.toUpperCase(),
      first_name: "X",
      last_name: "Y",
      permissions: ["view_invoices"],
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      id: person.userId,
      invitation_sent: false,
      first_name: "Sam",
      permissions: ["view_invoices"],
    });
    const companies = (await (await call("GET", "/companies", person.token)).json()) as { items: { id: string }[] };
    expect(companies.items).toHaveLength(2);

    const again = await call("POST", "/users", admin.token, { email: person.email, first_name: "X", last_name: "Y" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: "user_already_member", fields: { email: { code: "user_already_member" } } },
    });
  });

  it("names each bad field of an invitation", async () => {
    const { admin } = await adminOf();
    const response = await call("POST", "/users", admin.token, {
      email: "not-an-email",
      first_name: "",
      last_name: "Z",
      language: "de",
      timezone: "Mars/Olympus",
      permissions: ["fly"],
      phone: "abc",
    });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, { code: string; message: string }> } };
    expect(error.code).toBe("validation_failed");
    expect(error.fields.email!.code).toBe("invalid_email");
    expect(error.fields.first_name!.code).toBe("required");
    expect(error.fields.language!.code).toBe("invalid_language");
    expect(error.fields.timezone!.code).toBe("invalid_timezone");
    expect(error.fields["permissions.0"]!.code).toBe("unknown_permission");
    expect(error.fields.phone!.code).toBe("invalid_phone");
    for (const field of Object.values(error.fields)) expect(field.message).not.toBe(`error.${field.code}`);
  });

  it("lets a user grant only permissions they hold", async () => {
    const company = await makeCompany();
    const manager = await addUser(company.companyId, { permissions: ["settings", "view_products"] });
    const refused = await call("POST", "/users", manager.token, {
      email: uniqueEmail("x"),
      first_name: "A",
      last_name: "B",
      permissions: ["edit_products"],
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { fields: { permissions: { code: "permission_not_held" } } } });
    const target = await addUser(company.companyId, { permissions: ["edit_invoices"] });
    const removal = await call("PATCH", `/users/${target.userId}`, manager.token, { permissions: [] });
    expect(removal.status).toBe(422);
    const allowed = await call("PATCH", `/users/${target.userId}`, manager.token, { permissions: ["edit_invoices", "view_products"] });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ permissions: ["edit_invoices", "view_products"] });
  });

  it("takes back the account when the invitation email cannot be sent", async () => {
    const { admin } = await adminOf();
    const actor = (await resolveAccessToken(control, admin.token))!;
    const email = uniqueEmail("lost");
    const mailer = smtpMailer({ ...settings, SMTP_PORT: 9 });
    await expect(
      inviteUser({ control, mailer, secret: bindings.SESSION_SECRET!, baseUrl: "http://app.test" }, actor, {
        email,
        first_name: "L",
        last_name: "M",
      }),
    ).rejects.toMatchObject({ code: "invitation_email_failed" });
    expect(await control.query.users.findFirst({ where: eq(controlSchema.users.email, email) })).toBeUndefined();
  });
});

describe("PATCH /api/v1/users/{id}", () => {
  it("gives the signed-in user their own time zone on the next request (pages write times in it)", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId, { permissions: ["view_products"] });
    expect(await (await call("GET", "/me", user.token)).json()).toMatchObject({ user: { timezone: "UTC" } });
    expect((await call("PATCH", `/users/${user.userId}`, user.token, { timezone: "Europe/Paris" })).status).toBe(200);
    expect(await (await call("GET", "/me", user.token)).json()).toMatchObject({ user: { timezone: "Europe/Paris" } });
  });

  it("lets anyone change their own profile, but not their own access", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId, { permissions: ["view_products"] });
    const ok = await call("PATCH", `/users/${user.userId}`, user.token, {
      first_name: "Samuel",
      language: "fr",
      timezone: "America/Montreal",
      phone: "+33 6 12 34 56 78",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      first_name: "Samuel",
      language: "fr",
      timezone: "America/Montreal",
      phone: "+33 6 12 34 56 78",
    });

    const grab = await call("PATCH", `/users/${user.userId}`, user.token, { permissions: ["view_products", "settings"] });
    expect(grab.status).toBe(422);
    expect(await grab.json()).toMatchObject({ error: { fields: { permissions: { code: "cannot_change_own_access" } } } });

    const { admin } = await adminOf();
    const selfOff = await call("PATCH", `/users/${admin.userId}`, admin.token, { active: false });
    expect(await selfOff.json()).toMatchObject({ error: { fields: { active: { code: "cannot_change_own_access" } } } });
  });

  it("deactivating a user ends their access to the company at once", async () => {
    const { company, admin } = await adminOf();
    const user = await addUser(company.companyId, { permissions: ["view_products"] });
    expect((await call("GET", "/me", user.token)).status).toBe(200);
    const off = await call("PATCH", `/users/${user.userId}`, admin.token, { active: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ active: false });
    expect((await call("GET", "/me", user.token)).status).toBe(401);
  });

  it("only an administrator changes an administrator; an email in use is refused", async () => {
    const { company, admin } = await adminOf();
    const manager = await addUser(company.companyId, { permissions: ["settings"] });
    const refused = await call("PATCH", `/users/${admin.userId}`, manager.token, { first_name: "Hacked" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "forbidden" } });

    const taken = await call("PATCH", `/users/${manager.userId}`, manager.token, { email: admin.email });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { code: "email_taken", fields: { email: { code: "email_taken" } } } });
    // Someone else's email, once they have chosen a password, is theirs to change.
    const theirs = await call("PATCH", `/users/${manager.userId}`, admin.token, { email: uniqueEmail("other") });
    expect(await theirs.json()).toMatchObject({ error: { fields: { email: { code: "email_not_editable" } } } });
  });
});

describe("/api/v1/api-tokens", () => {
  it("creates a token shown once, usable as a bearer with its permissions, listed without its value, and revoked", async () => {
    const { company, admin } = await adminOf();
    const created = await call("POST", "/api-tokens", admin.token, { label: "ERP sync", permissions: ["view_products", "view_customers"] });
    expect(created.status).toBe(201);
    const token = (await created.json()) as { id: string; token: string; label: string; created_by: string };
    expect(token.token).toMatch(/^ck_/);
    expect(token).toMatchObject({ label: "ERP sync", created_by: "Sam Staff" });

    const me = (await (await call("GET", "/me", token.token)).json()) as { kind: string; permissions: string[]; company: { id: string } };
    expect(me).toMatchObject({ kind: "api_token", permissions: ["view_products", "view_customers"], company: { id: company.companyId } });
    expect((await call("GET", "/users", token.token)).status).toBe(403);

    const list = (await (await call("GET", "/api-tokens", admin.token)).json()) as { items: Record<string, unknown>[] };
    const listed = list.items.find((t) => t.id === token.id)!;
    expect(listed).toMatchObject({ label: "ERP sync" });
    expect(listed.last_used_at).toEqual(expect.any(Number));
    expect(JSON.stringify(list)).not.toContain(token.token);

    expect((await call("DELETE", `/api-tokens/${token.id}`, admin.token)).status).toBe(204);
    expect((await call("GET", "/me", token.token)).status).toBe(401);
    expect((await call("DELETE", `/api-tokens/${token.id}`, admin.token)).status).toBe(404);
  });

  it("refuses a token made by a token, and permissions the creator lacks", async () => {
    const { company, admin } = await adminOf();
    const byToken = await call("POST", "/api-tokens", company.token, { label: "Nested", permissions: [] });
    expect(byToken.status).toBe(403);
    const manager = await addUser(company.companyId, { permissions: ["settings"] });
    const tooMuch = await call("POST", "/api-tokens", manager.token, { label: "Wide", permissions: ["edit_invoices"] });
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.json()).toMatchObject({ error: { fields: { permissions: { code: "permission_not_held" } } } });
    const noLabel = await call("POST", "/api-tokens", admin.token, { label: " ", permissions: [] });
    expect(await noLabel.json()).toMatchObject({ error: { fields: { label: { code: "required" } } } });
  });
});
