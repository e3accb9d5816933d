import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { resolveAccessToken } from "../../worker/domain/identity/sessions";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { getStorefront } from "../../worker/domain/store/get-storefront";
import { leaveStore, viewStoreAsCustomer } from "../../worker/domain/store/view-as-customer";
import { cartStore } from "../../worker/durable-objects/cart";
import type { Bindings } from "../../worker/env";
import { addUser, control, ctxOf, sessionFor } from "../support/factories";
import { callApiJson } from "../support/fetch-app";
import { salesWorld } from "./sales-fixtures";
import { openStore } from "./store-fixtures";

const { memberships } = controlSchema;

/** The Ctx of a signed-in user as a request would build it now (their membership read again). */
async function ctxOfToken(base: Ctx, token: string): Promise<Ctx> {
  const actor = (await resolveAccessToken(control, token))!;
  return { ...base, actor };
}

describe("b2b_portal, viewing the store as a customer", () => {
  it("is granted by an administrator through the users API; its holder views the store as a customer and leaves it", async () => {
    const w = await salesWorld();
    await openStore(w);
    const admin = await sessionFor(w.company.userId);
    const staff = await addUser(w.company.companyId, { permissions: ["view_customers"] });
    const granted = await callApiJson("PATCH", `/users/${staff.userId}`, admin.accessToken, {
      permissions: ["view_customers", "b2b_portal"],
    });
    expect(granted.status).toBe(200);
    expect(granted.body.permissions).toEqual(["view_customers", "b2b_portal"]);

    const base = await ctxOf(w.company);
    const before = await ctxOfToken(base, staff.token);
    expect(before.actor).toMatchObject({ customerId: null });
    await viewStoreAsCustomer(before, { customer_id: w.customer.id });
    const viewing = await ctxOfToken(base, staff.token);
    expect(viewing.actor).toMatchObject({ customerId: String(w.customer.id) });
    expect((await getStorefront(viewing)).viewingAsStaff).toBe(true);
    await leaveStore(viewing, { cart: cartStore((env as unknown as Bindings).CARTS, w.company.companyId, staff.userId) });
    expect((await ctxOfToken(base, staff.token)).actor).toMatchObject({ customerId: null });
  });

  it("is held by an administrator, who may grant it even when their list was written before; no one else grants what they lack", async () => {
    const w = await salesWorld();
    await openStore(w);
    const admin = await ctxOf(w.company);
    expect(admin.actor.permissions).toContain("b2b_portal");
    await viewStoreAsCustomer(admin, { customer_id: w.customer.id });
    await leaveStore(
      { ...admin, actor: { ...(admin.actor as Extract<Ctx["actor"], { kind: "user" }>), customerId: String(w.customer.id) } },
      {
        cart: cartStore((env as unknown as Bindings).CARTS, w.company.companyId, w.company.userId),
      },
    );

    const staff = await addUser(w.company.companyId, { permissions: [] });
    const manager = await addUser(w.company.companyId, { permissions: ["settings", "view_customers"] });
    const refused = await callApiJson("PATCH", `/users/${staff.userId}`, manager.token, { permissions: ["b2b_portal"] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toMatchObject({ permissions: { code: "permission_not_held" } });

    // An administrator's membership from before administrators held b2b_portal.
    await control
      .update(memberships)
      .set({ permissions: ADMINISTRATOR_PERMISSIONS.filter((p) => p !== "b2b_portal") })
      .where(and(eq(memberships.userId, w.company.userId), eq(memberships.companyId, w.company.companyId)));
    const admin2 = await sessionFor(w.company.userId);
    const granted = await callApiJson("PATCH", `/users/${staff.userId}`, admin2.accessToken, { permissions: ["b2b_portal"] });
    expect(granted.status).toBe(200);
    expect(granted.body.permissions).toEqual(["b2b_portal"]);
  });
});
