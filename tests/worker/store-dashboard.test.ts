import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { getStorefront } from "../../worker/domain/store/get-storefront";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { getStoreDashboard } from "../../worker/domain/store/store-dashboard";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { ctxOf } from "../support/factories";
import { salesWorld, type SalesWorld } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

const t = tenantSchema;

const accessOf = async (w: SalesWorld) =>
  (await w.db.select({ access: t.customers.b2bAccess }).from(t.customers).where(eq(t.customers.id, w.customer.id)))[0]!.access;

const lastAccessOf = async (w: SalesWorld) =>
  (await w.db.select({ last: t.customers.b2bUserLastAccess }).from(t.customers).where(eq(t.customers.id, w.customer.id)))[0]!.last;

describe("the store's dashboard", () => {
  it("after a buyer with access signs in and orders: one customer with access, that customer among the last buyers, and the month's sale", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    // A buyer of the customer, as the demo store and a hand-made membership give one: the customer was never marked.
    const b = await buyer(w);
    const staff = await ctxOf(w.company);
    const before = Date.now();
    // Signed in, the store's pages open (each one reads the storefront).
    await getStorefront(b.ctx);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    const dashboard = await getStoreDashboard(staff, { today: order.date });
    expect(dashboard).toMatchObject({ pendingCount: 1, customersWithAccess: 1 });
    expect(dashboard.lastBuyers.map((c) => [c.id, c.label])).toEqual([[w.customer.id, w.customer.label]]);
    expect(dashboard.lastBuyers[0]!.last_access).toBeGreaterThanOrEqual(before);
    expect(dashboard.lastBuyers[0]!.last_access).toBeLessThanOrEqual(Date.now());
    expect(dashboard.monthSales.map((s) => [s.currency, s.count, Number(s.total)])).toEqual([[order.currency, 1, Number(order.total)]]);
  });

  it("counts a buyer's order even when no page recorded the visit first", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    const dashboard = await getStoreDashboard(await ctxOf(w.company), { today: order.date });
    expect([dashboard.customersWithAccess, dashboard.lastBuyers.length, dashboard.monthSales.length]).toEqual([1, 1, 1]);
  });

  it("leaves a customer whose access staff disabled as it is, and does not count staff viewing the store as a buyer's visit", async () => {
    const w = await salesWorld();
    const staff = await ctxOf(w.company, { permissions: ["b2b_portal"] });
    const viewing = {
      ...staff,
      actor: { ...(staff.actor as Extract<typeof staff.actor, { kind: "user" }>), customerId: String(w.customer.id) },
    };
    await getStorefront(viewing);
    expect(await accessOf(w)).toBe("none");
    expect(await lastAccessOf(w)).toBeNull();
    const b = await buyer(w);
    await w.db.update(t.customers).set({ b2bAccess: "disabled" }).where(eq(t.customers.id, w.customer.id));
    await getStorefront(b.ctx);
    expect(await accessOf(w)).toBe("disabled");
    expect(await lastAccessOf(w)).not.toBeNull();
  });
});
