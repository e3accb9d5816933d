import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { ctxOf } from "../support/factories";
import { api, salesWorld, stockLevel } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const QTY = 10_000_000;
describe("scratch", () => {
  it("pack", async () => {
    const w = await salesWorld();
    const shirt = await storeVariant(w, 10, "15");
    const [pack] = await w.db.insert(t.packs).values({ variantId: shirt.id, label: "Lot de 6", quantity: 6 * QTY }).returning({ id: t.packs.id });
    const staff = await ctxOf(w.company);
    const b = await buyer(w, staff);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, pack_id: pack!.id, quantity: 1 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    console.log(JSON.stringify(order.lines, null, 1));
    console.log(await stockLevel(w.db, shirt.id, w.location));
    await api(w.token, "POST", `/sales-orders/${order.id}/validate`);
    const ship = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.id });
    console.log(ship.status, JSON.stringify(ship.body.lines ?? ship.body));
  });
  it("company option", async () => {
    const w = await salesWorld();
    const shirt = await storeVariant(w, 5, "15");
    await w.db.update(t.companySettings).set({ preventNegativeInventory: true });
    const staff = await ctxOf(w.company, { permissions: ["view_sales_orders", "edit_sales_orders"] });
    console.log(JSON.stringify(staff.actor));
    const r = await createSalesOrder(staff, { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: shirt.id, quantity: "6" }] }).then((o) => o.committed, (e) => e);
    console.log("domain", r);
    const a = await api(w.token, "POST", "/sales-orders", { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: shirt.id, quantity: "6" }] });
    console.log("api", a.status, JSON.stringify(a.body.error ?? a.body.committed));
  });
});
