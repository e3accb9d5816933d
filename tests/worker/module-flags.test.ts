import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS, type Permission } from "../../worker/domain/identity/permissions";
import { addUser, control } from "../support/factories";
import { call, makeSingle, productWorld, unique } from "./products-fixtures";

const t = tenantSchema;

/** A user of the company holding everything an administrator holds but the given module flags. */
async function without(companyId: string, ...flags: Permission[]) {
  return addUser(companyId, { permissions: ADMINISTRATOR_PERMISSIONS.filter((p) => !flags.includes(p)) });
}

describe("module flags (platform spec §6)", () => {
  it("closes a module's API calls to a user without its flag (403) and opens them with it", async () => {
    const w = await productWorld();
    const plain = await without(w.company.companyId, "batch_tracking", "multi_currencies");
    const batches = await call("GET", "/batches", plain.token);
    expect(batches.status).toBe(403);
    expect(batches.body.error.code).toBe("forbidden");
    expect((await call("GET", "/batches", w.token)).status).toBe(200);
    // Without multi_currencies the currencies are read, not changed.
    expect((await call("GET", "/currencies", plain.token)).status).toBe(200);
    const added = await call("POST", "/currencies", plain.token, { iso: "CHF" });
    expect(added.status).toBe(403);
    expect((await call("POST", "/currencies", w.token, { iso: "CHF" })).status).toBe(201);
    // A caller without a session still hears 401 first.
    expect((await call("GET", "/batches", undefined)).status).toBe(401);
  });

  it("refuses an assembly without assemblies and a batch-tracked product without batch_tracking, naming the field", async () => {
    const w = await productWorld();
    const plain = await without(w.company.companyId, "assemblies", "batch_tracking");
    const product = (kind: string, extra: Record<string, unknown> = {}) => ({
      label: `Made ${unique()}`,
      kind,
      ...extra,
      variants: [{ sku: `MF-${unique()}` }],
    });
    const assembly = await call("POST", "/products", plain.token, product("assembly"));
    expect(assembly.status).toBe(403);
    expect(assembly.body.error.fields).toMatchObject({ kind: { code: "module_disabled" } });
    const batches = await call("POST", "/products", plain.token, product("batches"));
    expect(batches.body.error.fields).toMatchObject({ kind: { code: "module_disabled" } });
    const tracked = await call("POST", "/products", plain.token, product("single", { batch_tracked: true }));
    expect(tracked.status).toBe(403);
    expect(tracked.body.error.fields).toMatchObject({ batch_tracked: { code: "module_disabled" } });
    // Kits and plain products are everyone's; the holder of the flags makes the rest.
    expect((await call("POST", "/products", plain.token, product("single", { batch_tracked: false }))).status).toBe(201);
    expect((await call("POST", "/products", w.token, product("batches"))).status).toBe(201);

    // A product already tracked by batches keeps its flag through an edit by someone without the module.
    const lot = await call("POST", "/products", w.token, product("batches"));
    const kept = await call("PATCH", `/products/${lot.body.id}`, plain.token, { label: "Renamed", batch_tracked: true });
    expect(kept.status).toBe(200);
    const single = await makeSingle(w);
    const turnedOn = await call("PATCH", `/products/${single.id}`, plain.token, { batch_tracked: true });
    expect(turnedOn.status).toBe(403);
    expect(turnedOn.body.error.fields).toMatchObject({ batch_tracked: { code: "module_disabled" } });
  });

  it("refuses an account manager from a user without account_managers, and lets the customer be edited otherwise", async () => {
    const w = await productWorld();
    const rep = await addUser(w.company.companyId, { permissions: [] });
    await control
      .update(controlSchema.memberships)
      .set({ userType: "accountRepresentative" })
      .where(and(eq(controlSchema.memberships.userId, rep.userId), eq(controlSchema.memberships.companyId, w.company.companyId)));
    const plain = await without(w.company.companyId, "account_managers");
    const refused = await call("POST", "/customers", plain.token, { label: "Managed", account_manager_id: rep.userId });
    expect(refused.status).toBe(403);
    expect(refused.body.error.fields).toMatchObject({ account_manager_id: { code: "module_disabled" } });
    const managed = await call("POST", "/customers", w.token, { label: "Managed", account_manager_id: rep.userId });
    expect(managed.status).toBe(201);
    const edited = await call("PATCH", `/customers/${managed.body.id}`, plain.token, {
      label: "Still managed",
      account_manager_id: rep.userId,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.account_manager_id).toBe(rep.userId);
  });

  it("keeps prices in other currencies out of reach without multi_currencies: refused on creation, left as they are on replacement", async () => {
    const w = await productWorld();
    const plain = await without(w.company.companyId, "multi_currencies");
    const price = (currency: { id: number }, amount: string) => ({ price_level_id: w.retail.id, currency_id: currency.id, amount });
    const foreign = await call("POST", "/products", plain.token, {
      label: `Priced ${unique()}`,
      variants: [{ sku: `PR-${unique()}`, prices: [price(w.usd, "12")] }],
    });
    expect(foreign.status).toBe(403);

    const { id, variantId } = await makeSingle(w, {}, { prices: [price(w.base, "10"), price(w.usd, "11")] });
    const replaced = await call("PUT", `/products/${id}/variants/${variantId}/prices`, plain.token, {
      prices: [price(w.base, "9"), price(w.usd, "99")],
    });
    expect(replaced.status).toBe(200);
    const rows = await w.db.select().from(t.prices).where(eq(t.prices.variantId, variantId));
    const amount = (currencyId: number) => rows.find((r) => r.currencyId === currencyId)?.amount;
    expect(amount(w.base.id)).toBe(90_000);
    expect(amount(w.usd.id)).toBe(110_000);
  });
});
