import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { switchCompany } from "../../worker/domain/companies/switch-company";
import { createCompanyApiToken, listApiTokens, resolveApiToken, revokeApiToken } from "../../worker/domain/identity/api-tokens";
import { finishOnboarding } from "../../worker/domain/identity/finish-onboarding";
import { makeCtx } from "../../worker/domain/shared/ctx";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../../worker/domain/users/company-invitations";
import { getUser } from "../../worker/domain/users/get-user";
import { inviteUser } from "../../worker/domain/users/invite-user";
import { listUsers } from "../../worker/domain/users/list-users";
import { resendInvitation } from "../../worker/domain/users/resend-invitation";
import { updateUser } from "../../worker/domain/users/update-user";
import { consumeOutboxMessage } from "../../worker/queues/outbox";
import { addUser, control, ctxOf, inviteToCompany, makeCompany } from "../support/factories";
import { consumerDeps, messageOf, outboxRowsFor, unreachableMailer } from "../support/outbox";
import { emailsTo, firstLink, waitForEmail } from "../support/sink-client";
import { fetchApp, callApi as call } from "../support/fetch-app";

const bindings = env as unknown as Record<string, string>;
const mailUrl = bindings.TEST_MAIL_URL!;

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

    const token = await fetchApp("/oauth2/token", {
      method: "POST",
      json: {
        grant_type: "password",
        username: email,
        password,
        client_id: "comptoir-web",
        client_secret: bindings.OAUTH_CLIENT_SECRET,
      },
    });
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

  it("keeps the new account when the mail server is down, and the queue's next try sends the invitation", async () => {
    // Before the outbox the account was taken back; now the email is retried until it goes (decisions/013).
    const { company } = await adminOf();
    const ctx = await ctxOf(company, { permissions: ADMINISTRATOR_PERMISSIONS });
    const email = uniqueEmail("lost");
    const { user } = await inviteUser(ctx, { email, first_name: "L", last_name: "M", baseUrl: "http://app.test" });
    const [row] = await outboxRowsFor(user.id);
    expect(row).toMatchObject({ topic: "email.invitation", payload: { baseUrl: "http://app.test" } });

    await expect(consumeOutboxMessage(consumerDeps(unreachableMailer()), messageOf(row!))).rejects.toMatchObject({
      code: "invitation_email_failed",
    });
    expect(await control.query.users.findFirst({ where: eq(controlSchema.users.email, email) })).toBeDefined();
    expect(await emailsTo(mailUrl, email)).toEqual([]);

    expect(await consumeOutboxMessage(consumerDeps(), messageOf(row!))).toBe("handled");
    expect(firstLink(await waitForEmail(mailUrl, email)).origin).toBe("http://app.test");
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

  it("refuses an unknown field of a change, naming it", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const response = await call("PATCH", `/users/${user.userId}`, user.token, { nickname: "Ada" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: "validation_failed", fields: { nickname: { code: "unknown_field" } } } });
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
    // Someone else's email is theirs to change.
    const theirs = await call("PATCH", `/users/${manager.userId}`, admin.token, { email: uniqueEmail("other") });
    expect(await theirs.json()).toMatchObject({ error: { fields: { email: { code: "profile_not_editable" } } } });
  });
  it("refuses an administrator's change of someone else's personal fields, and changes nothing, not even the access sent with them", async () => {
    const { company, admin } = await adminOf();
    const user = await addUser(company.companyId, { permissions: ["view_products"] });
    const before = await control.query.users.findFirst({ where: eq(controlSchema.users.id, user.userId) });

    const refused = await call("PATCH", `/users/${user.userId}`, admin.token, {
      first_name: "Taken",
      last_name: "Over",
      phone: "+33 6 99 99 99 99",
      language: "fr",
      timezone: "Asia/Tokyo",
      permissions: ["view_products", "view_invoices"],
    });
    expect(refused.status).toBe(403);
    const { error } = (await refused.json()) as { error: { code: string; message: string; fields: Record<string, { code: string }> } };
    expect(error.code).toBe("profile_not_editable");
    expect(error.message).not.toBe("error.profile_not_editable");
    expect(Object.keys(error.fields).sort()).toEqual(["first_name", "language", "last_name", "phone", "timezone"]);
    // An API token of the company is refused alike.
    const byToken = await call("PATCH", `/users/${user.userId}`, company.token, { timezone: "Asia/Tokyo" });
    expect(byToken.status).toBe(403);
    expect(await byToken.json()).toMatchObject({ error: { code: "profile_not_editable" } });

    const after = await control.query.users.findFirst({ where: eq(controlSchema.users.id, user.userId) });
    expect(after).toEqual(before);
    expect(await (await call("GET", "/me", user.token)).json()).toMatchObject({
      user: { first_name: "Sam", language: "en" },
      permissions: ["view_products"],
    });
    // Access alone is the administrator's to change.
    const access = await call("PATCH", `/users/${user.userId}`, admin.token, {
      type: "accountRepresentative",
      prevent_negative_inventory: true,
    });
    expect(access.status).toBe(200);
    expect(await access.json()).toMatchObject({ type: "accountRepresentative", prevent_negative_inventory: true, first_name: "Sam" });
  });

  it("refuses a change of the email or name of someone invited who has not chosen a password yet", async () => {
    const { admin } = await adminOf();
    const invited = await call("POST", "/users", admin.token, { email: uniqueEmail("new"), first_name: "New", last_name: "Person" });
    const { id } = (await invited.json()) as { id: string };
    for (const body of [{ email: uniqueEmail("elsewhere") }, { first_name: "Renamed" }]) {
      const response = await call("PATCH", `/users/${id}`, admin.token, body);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "profile_not_editable" } });
    }
    expect(await (await call("GET", `/users/${id}`, admin.token)).json()).toMatchObject({ first_name: "New", invitation_pending: true });
  });
});

describe("inviting someone who already has an account", () => {
  async function invited() {
    const { company, admin } = await adminOf();
    const elsewhere = await makeCompany();
    const person = await addUser(elsewhere.companyId, { permissions: ["view_products"] });
    const response = await call("POST", "/users", admin.token, {
      email: person.email.toUpperCase(),
      first_name: "Typed",
      last_name: "Name",
      permissions: ["view_invoices"],
    });
    return { company, admin, person, response };
  }

  async function pendingOf(token: string) {
    return ((await (await call("GET", "/invitations", token)).json()) as { items: { id: string; company: { id: string } }[] }).items;
  }

  it("leaves them out of the company until they accept: no switch there, and the company sees only what it typed", async () => {
    const { company, admin, person, response } = await invited();
    expect(response.status).toBe(201);
    const companies = (await (await call("GET", "/companies", person.token)).json()) as { items: { id: string }[] };
    expect(companies.items.map((c) => c.id)).not.toContain(company.companyId);
    const refused = await call("POST", "/companies/switch", person.token, { company_id: company.companyId });
    expect(refused.status).toBe(404);
    const memberships = await control.query.memberships.findMany({ where: eq(controlSchema.memberships.userId, person.userId) });
    expect(memberships.map((m) => m.companyId)).not.toContain(company.companyId);

    expect(await response.json()).toMatchObject({
      id: person.userId,
      invitation_sent: true,
      invitation_pending: true,
      member: false,
      first_name: "Typed",
      permissions: ["view_invoices"],
    });

    const listed = (await (await call("GET", "/users", admin.token)).json()) as { items: Record<string, unknown>[] };
    expect(listed.items.find((u) => u.id === person.userId)).toMatchObject({
      member: false,
      invitation_pending: true,
      first_name: "Typed",
    });

    const mail = await waitForEmail(mailUrl, person.email);
    expect(mail.subject).toBe(`Sam Staff invited you to join ${company.label} on Comptoir`);
    expect(firstLink(mail).pathname).toBe("/invitations");

    const again = await call("POST", "/users", admin.token, { email: person.email, first_name: "X", last_name: "Y" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: "invitation_already_pending", fields: { email: { code: "invitation_already_pending" } } },
    });
  });

  it("makes them a member with the access chosen once they accept, and only they may accept", async () => {
    const { company, admin, person } = await invited();
    // Access may still be adjusted while the invitation waits; being active is a member's.
    const adjusted = await call("PATCH", `/users/${person.userId}`, admin.token, { permissions: ["view_invoices", "view_customers"] });
    expect(adjusted.status).toBe(200);
    const inactive = await call("PATCH", `/users/${person.userId}`, admin.token, { active: false });
    expect(await inactive.json()).toMatchObject({ error: { fields: { active: { code: "invitation_not_accepted" } } } });

    const [invitation] = await pendingOf(person.token);
    expect(invitation).toMatchObject({ company: { id: company.companyId, label: company.label }, inviter_name: "Sam Staff" });
    // Not the inviter, nor anyone of the company, nor the company's API token.
    const someone = await addUser(company.companyId);
    for (const [token, status] of [
      [admin.token, 404],
      [someone.token, 404],
      [company.token, 403],
    ] as const) {
      expect((await call("POST", `/invitations/${invitation!.id}/accept`, token, {})).status).toBe(status);
      expect((await call("POST", `/invitations/${invitation!.id}/decline`, token, {})).status).toBe(status);
    }
    expect(await pendingOf(person.token)).toHaveLength(1);

    const accepted = await call("POST", `/invitations/${invitation!.id}/accept`, person.token, {});
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ accepted: true, company: { id: company.companyId, label: company.label } });
    expect(await pendingOf(person.token)).toEqual([]);
    const switched = await call("POST", "/companies/switch", person.token, { company_id: company.companyId });
    expect(await switched.json()).toEqual({ switched: true, company_id: company.companyId });
    expect(await (await call("GET", "/me", person.token)).json()).toMatchObject({ permissions: ["view_invoices", "view_customers"] });
    // Now a member, shown with their own profile, not what the inviter typed.
    expect(await (await call("GET", `/users/${person.userId}`, admin.token)).json()).toMatchObject({
      member: true,
      invitation_pending: false,
      first_name: "Sam",
      active: true,
    });
  });

  it("drops the invitation when they decline: they never become a member and the company no longer lists them", async () => {
    const { company, admin, person } = await invited();
    const [invitation] = await pendingOf(person.token);
    const declined = await call("POST", `/invitations/${invitation!.id}/decline`, person.token, {});
    expect(declined.status).toBe(204);
    expect(await pendingOf(person.token)).toEqual([]);
    expect((await call("POST", `/invitations/${invitation!.id}/accept`, person.token, {})).status).toBe(404);
    expect((await call("POST", "/companies/switch", person.token, { company_id: company.companyId })).status).toBe(404);
    expect((await call("GET", `/users/${person.userId}`, admin.token)).status).toBe(404);
    // The company may invite them again.
    expect((await call("POST", "/users", admin.token, { email: person.email, first_name: "A", last_name: "B" })).status).toBe(201);
  });

  it("refuses an expired invitation, lists it no more, and lets a new invitation replace it", async () => {
    const { admin, company } = await adminOf();
    const elsewhere = await makeCompany();
    const person = await addUser(elsewhere.companyId);
    const { id } = await inviteToCompany(company.companyId, person.userId, { expiresAt: Date.now() - 1000 });
    const expired = await call("POST", `/invitations/${id}/accept`, person.token, {});
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ error: { code: "invitation_expired" } });
    expect(await pendingOf(person.token)).toEqual([]);
    expect((await call("GET", `/users/${person.userId}`, admin.token)).status).toBe(404);

    expect((await call("POST", "/users", admin.token, { email: person.email, first_name: "A", last_name: "B" })).status).toBe(201);
    const [fresh] = await pendingOf(person.token);
    expect((await call("POST", `/invitations/${fresh!.id}/accept`, person.token, {})).status).toBe(200);
  });

  it("makes exactly one membership out of ten simultaneous accepts, and never both a decline and an accept", async () => {
    const { company, person } = await invited();
    const [invitation] = await pendingOf(person.token);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => call("POST", `/invitations/${invitation!.id}/accept`, person.token, {}).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 404)).toBe(true);
    const rows = await control.query.memberships.findMany({
      where: and(eq(controlSchema.memberships.userId, person.userId), eq(controlSchema.memberships.companyId, company.companyId)),
    });
    expect(rows).toHaveLength(1);

    const other = await invited();
    const [race] = await pendingOf(other.person.token);
    const [accept, decline] = await Promise.all([
      call("POST", `/invitations/${race!.id}/accept`, other.person.token, {}),
      call("POST", `/invitations/${race!.id}/decline`, other.person.token, {}),
    ]);
    expect([accept.status, decline.status].sort()).toEqual(accept.status === 200 ? [200, 404] : [204, 404]);
    const member = await control.query.memberships.findFirst({
      where: and(
        eq(controlSchema.memberships.userId, other.person.userId),
        eq(controlSchema.memberships.companyId, other.company.companyId),
      ),
    });
    expect(Boolean(member)).toBe(accept.status === 200);
  });

  it("sends the invitation again on request, and it then lasts longer", async () => {
    const { admin, person } = await invited();
    const before = (await control.query.invitations.findFirst({ where: eq(controlSchema.invitations.userId, person.userId) }))!;
    await waitForEmail(mailUrl, person.email);
    const resent = await call("POST", `/users/${person.userId}/invitation`, admin.token, {});
    expect(resent.status).toBe(202);
    // Through the outbox and the queue, whose batch window is a second.
    await expect.poll(async () => (await emailsTo(mailUrl, person.email)).length, { timeout: 10_000 }).toBe(2);
    const after = (await control.query.invitations.findFirst({ where: eq(controlSchema.invitations.userId, person.userId) }))!;
    expect(after.expiresAt).toBeGreaterThan(before.expiresAt);
  });

  it("keeps the invitation when the mail server is down, and the queue's next try sends it", async () => {
    // Before the outbox the invitation was taken back; now the email is retried until it goes (decisions/013).
    const { company } = await adminOf();
    const person = await addUser((await makeCompany()).companyId);
    const ctx = await ctxOf(company, { permissions: ADMINISTRATOR_PERMISSIONS });
    await inviteUser(ctx, { email: person.email, first_name: "L", last_name: "M", baseUrl: "http://app.test" });
    const [row] = await outboxRowsFor(person.userId);
    expect(row).toMatchObject({ topic: "email.company_invitation", payload: { companyLabel: company.label } });

    await expect(consumeOutboxMessage(consumerDeps(unreachableMailer()), messageOf(row!))).rejects.toMatchObject({
      code: "invitation_email_failed",
    });
    expect(await control.query.invitations.findFirst({ where: eq(controlSchema.invitations.companyId, company.companyId) })).toBeDefined();
    expect(await consumeOutboxMessage(consumerDeps(), messageOf(row!))).toBe("handled");
    expect(firstLink(await waitForEmail(mailUrl, person.email)).pathname).toBe("/invitations");
  });

  it("has no invitations for an API token", async () => {
    const company = await makeCompany();
    expect((await call("GET", "/invitations", company.token)).status).toBe(403);
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

describe("the user and token verbs, called directly", () => {
  it("refuse someone without the settings permission, whichever door calls them", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company, { permissions: ["view_products"] });
    const colleague = { id: company.userId };
    const email = uniqueEmail("nope");
    const { id: tokenId } = await createCompanyApiToken(await ctxOf(company), { label: "kept", permissions: [] });
    const refusals = [
      listUsers(ctx),
      getUser(ctx, colleague),
      inviteUser(ctx, { email, first_name: "N", last_name: "O", baseUrl: "http://app.test" }),
      resendInvitation(ctx, { ...colleague, baseUrl: "http://app.test" }),
      updateUser(ctx, { ...colleague, type: "accountRepresentative" }),
      listApiTokens(ctx),
      createCompanyApiToken(ctx, { label: "mine", permissions: [] }),
      revokeApiToken(ctx, { id: tokenId }),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject({ code: "forbidden" });
    // Nothing happened: nobody invited, the token still in force.
    expect(await control.query.users.findFirst({ where: eq(controlSchema.users.email, email) })).toBeUndefined();
    expect((await listApiTokens(await ctxOf(company))).map((t) => t.label)).toContain("kept");
  });

  it("keep what belongs to a person from an API token, even one holding every permission", async () => {
    const company = await makeCompany();
    const other = await makeCompany();
    const actor = (await resolveApiToken(control, company.token))!;
    const ctx = makeCtx({ db: company.db, control, actor, locale: "en" });
    const invitation = await inviteToCompany(company.companyId, other.userId);
    const refusals = [
      listMyInvitations(ctx),
      acceptInvitation(ctx, invitation),
      declineInvitation(ctx, invitation),
      switchCompany(ctx, { company_id: other.companyId }),
      finishOnboarding(ctx),
      createCompanyApiToken(ctx, { label: "from a token", permissions: [] }),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject({ code: "forbidden" });
    expect(await control.query.invitations.findFirst({ where: eq(controlSchema.invitations.id, invitation.id) })).toBeDefined();
  });

  it("let anyone read their own record without the settings permission", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company, { permissions: ["view_products"] });
    const own = ctx.actor.kind === "user" ? ctx.actor.userId : "";
    expect(await getUser(ctx, { id: own })).toMatchObject({ id: own, permissions: ["view_products"] });
  });
});
