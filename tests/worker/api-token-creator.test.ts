import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { addUser, control, makeCompany, sessionFor } from "../support/factories";
import { callApiJson as call, fetchApp } from "../support/fetch-app";

const { memberships, users } = controlSchema;

/** A company, its administrator's session, and a user holding `permissions` who made an API token with `scopes`. */
async function tokenOfAUser(permissions: string[], scopes: string[]) {
  const company = await makeCompany();
  const admin = (await sessionFor(company.userId)).accessToken;
  const creator = await addUser(company.companyId, { permissions });
  const created = await call("POST", "/api-tokens", creator.token, { label: "ERP", permissions: scopes });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { company, admin, creator, token: created.body.token as string };
}

const permissionsOf = async (admin: string, userId: string) => (await call("GET", `/users/${userId}`, admin)).body.permissions;

describe("an API token acts with at most its creator's current access", () => {
  it("loses what its creator loses, stops while its creator is disabled, and never gives its creator access back", async () => {
    const { company, admin, creator, token } = await tokenOfAUser(["settings", "view_customers"], ["settings", "view_customers"]);
    const colleague = await addUser(company.companyId, { permissions: [] });
    expect((await call("GET", "/customers", token)).status).toBe(200);
    expect((await call("GET", "/users", token)).status).toBe(200);

    // The administrator takes view_customers away: the token cannot read customers any more.
    expect((await call("PATCH", `/users/${creator.userId}`, admin, { permissions: ["settings"] })).status).toBe(200);
    expect(await call("GET", "/customers", token)).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect((await call("GET", "/me", token)).body.permissions).toEqual(["settings"]);

    // Still holding settings, it may change a colleague's access, but not its creator's.
    expect((await call("PATCH", `/users/${colleague.userId}`, token, { permissions: ["settings"] })).status).toBe(200);
    const giveBack = await call("PATCH", `/users/${creator.userId}`, token, { permissions: ["settings", "view_customers"] });
    expect(giveBack).toMatchObject({
      status: 403,
      body: { error: { code: "api_token_creator_access", message: "An API token cannot change the access of the user who created it." } },
    });
    const disableCreator = await call("PATCH", `/users/${creator.userId}`, token, { active: false });
    expect(disableCreator).toMatchObject({ status: 403, body: { error: { code: "api_token_creator_access" } } });
    expect(await permissionsOf(admin, creator.userId)).toEqual(["settings"]);

    // The administrator disables the creator: the token stops, with a coded, translated 401.
    expect((await call("PATCH", `/users/${creator.userId}`, admin, { active: false })).status).toBe(200);
    expect(await call("GET", "/users", token)).toMatchObject({
      status: 401,
      body: {
        error: {
          code: "api_token_creator_inactive",
          message: "This API token no longer works: the user who created it no longer has access to this company.",
        },
      },
    });
    const inFrench = await fetchApp("/api/v1/customers", { token, headers: { "accept-language": "fr" } });
    expect(inFrench.status).toBe(401);
    expect(((await inFrench.json()) as { error: { message: string } }).error.message).toBe(
      "Ce jeton d'API ne fonctionne plus : l'utilisateur qui l'a créé n'a plus accès à cette entreprise.",
    );
    const reEnable = await call("PATCH", `/users/${creator.userId}`, token, { active: true, permissions: ["settings", "view_customers"] });
    expect(reEnable).toMatchObject({ status: 401, body: { error: { code: "api_token_creator_inactive" } } });
    expect((await call("GET", `/users/${creator.userId}`, admin)).body).toMatchObject({ active: false, permissions: ["settings"] });

    // Enabled again with view_customers only: the token reads customers again, and nothing of settings.
    expect((await call("PATCH", `/users/${creator.userId}`, admin, { active: true, permissions: ["view_customers"] })).status).toBe(200);
    expect((await call("GET", "/customers", token)).status).toBe(200);
    expect((await call("GET", "/me", token)).body.permissions).toEqual(["view_customers"]);
    expect(await call("GET", "/users", token)).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const settingsBack = await call("PATCH", `/users/${creator.userId}`, token, { permissions: ["settings", "view_customers"] });
    expect(settingsBack).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect(await permissionsOf(admin, creator.userId)).toEqual(["view_customers"]);
  });

  it("stops when its creator leaves the company, when its creator's account is disabled, and when that account is deleted", async () => {
    const inactive = { status: 401, body: { error: { code: "api_token_creator_inactive" } } };

    const left = await tokenOfAUser(["settings", "view_customers"], ["view_customers"]);
    expect((await call("GET", "/customers", left.token)).status).toBe(200);
    await control
      .delete(memberships)
      .where(and(eq(memberships.userId, left.creator.userId), eq(memberships.companyId, left.company.companyId)));
    expect(await call("GET", "/customers", left.token)).toMatchObject(inactive);

    const disabled = await tokenOfAUser(["settings", "view_customers"], ["view_customers"]);
    await control.update(users).set({ active: false }).where(eq(users.id, disabled.creator.userId));
    expect(await call("GET", "/customers", disabled.token)).toMatchObject(inactive);

    const deleted = await tokenOfAUser(["settings", "view_customers"], ["view_customers"]);
    await control.delete(users).where(eq(users.id, deleted.creator.userId));
    expect(await call("GET", "/customers", deleted.token)).toMatchObject(inactive);
  });

  it("keeps every scope it was given by an administrator who still is one", async () => {
    const company = await makeCompany();
    const admin = (await sessionFor(company.userId)).accessToken;
    const created = await call("POST", "/api-tokens", admin, { label: "Full", permissions: ADMINISTRATOR_PERMISSIONS });
    expect(created.status).toBe(201);
    const me = await call("GET", "/me", created.body.token);
    expect([...me.body.permissions].sort()).toEqual([...ADMINISTRATOR_PERMISSIONS].sort());
  });

  it("an OAuth access token follows its user likewise: current permissions, and 401 once disabled", async () => {
    const company = await makeCompany();
    const admin = (await sessionFor(company.userId)).accessToken;
    const user = await addUser(company.companyId, { permissions: ["view_customers"] });
    expect((await call("GET", "/customers", user.token)).status).toBe(200);
    expect((await call("PATCH", `/users/${user.userId}`, admin, { permissions: [] })).status).toBe(200);
    expect((await call("GET", "/customers", user.token)).status).toBe(403);
    expect((await call("PATCH", `/users/${user.userId}`, admin, { active: false })).status).toBe(200);
    expect(await call("GET", "/me", user.token)).toMatchObject({ status: 401, body: { error: { code: "unauthenticated" } } });
  });
});
