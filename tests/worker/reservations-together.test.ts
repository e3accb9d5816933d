import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { updateSalesOrder } from "../../worker/domain/sales/update-sales-order";
import { control, ctxOf } from "../support/factories";
import { api, pricedVariant, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";

// A sales order reserves all its lines in one statement (the ledger adds up the lines of a level):
// the rule stays the one each line had, and a refusal still names the line at fault.

async function stocked(w: SalesWorld, units: number) {
  const variant = await pricedVariant(w.db, w.level, "10");
  if (units > 0)
    expect(
      (
        await api(w.token, "POST", "/stock-entries", {
          location_id: w.location,
          lines: [{ variant_id: variant.id, quantity: String(units) }],
        })
      ).status,
    ).toBe(201);
  return variant;
}

async function preventSelling(w: SalesWorld) {
  const ctx = await ctxOf(w.company, { permissions: ["view_sales_orders", "edit_sales_orders"] });
  if (ctx.actor.kind !== "user") throw new Error("a user");
  await control
    .update(controlSchema.memberships)
    .set({ preventNegativeInventory: true })
    .where(eq(controlSchema.memberships.userId, ctx.actor.userId));
  return { ...ctx, actor: { ...ctx.actor, preventNegativeInventory: true } };
}

const line = (variantId: number, quantity: string) => ({ variant_id: variantId, quantity });

describe("reservations of many lines, written together", () => {
  it("reserves each level the sum of its lines, at every level of a 10-line order", async () => {
    const w = await salesWorld();
    const variants = await Promise.all([5, 5, 5, 5, 5].map((units) => stocked(w, units)));
    const lines = variants.flatMap((v, i) => [line(v.id, "1"), line(v.id, String(i + 1 > 4 ? 4 : i + 1))]);
    const order = await createSalesOrder(await preventSelling(w), { customer_id: w.customer.id, location_id: w.location, lines });
    expect(order.committed).toBe(true);
    const held = await Promise.all(variants.map((v) => stockLevel(w.db, v.id, w.location)));
    expect(held.map((h) => h.committed)).toEqual([2, 3, 4, 5, 5]);
  });

  it("two lines of one variant that together pass what is available are refused, naming the line that passes it; nothing is reserved", async () => {
    const w = await salesWorld();
    const [a, b] = [await stocked(w, 9), await stocked(w, 8)];
    const seller = await preventSelling(w);
    const input = {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [line(a.id, "2"), line(b.id, "5"), line(a.id, "3"), line(b.id, "4")],
    };
    await expect(createSalesOrder(seller, input)).rejects.toMatchObject({
      code: "out_of_stock_not_allowed",
      fields: { "lines.3.quantity": { code: "out_of_stock_not_allowed" } },
    });
    expect(await stockLevel(w.db, a.id, w.location)).toMatchObject({ committed: 0 });
    expect(await stockLevel(w.db, b.id, w.location)).toMatchObject({ committed: 0 });
  });

  it("an edit gives back the order's reservations before taking the new ones, in the same batch: an order holding all the stock may change its quantity within it", async () => {
    const w = await salesWorld();
    const a = await stocked(w, 6);
    const seller = await preventSelling(w);
    const order = await createSalesOrder(seller, { customer_id: w.customer.id, location_id: w.location, lines: [line(a.id, "6")] });
    const edited = await updateSalesOrder(seller, { id: order.id, lines: [line(a.id, "2"), line(a.id, "4")] });
    expect(edited.committed).toBe(true);
    expect(await stockLevel(w.db, a.id, w.location)).toMatchObject({ onHand: 6, committed: 6 });
    await expect(updateSalesOrder(seller, { id: order.id, lines: [line(a.id, "7")] })).rejects.toMatchObject({
      code: "out_of_stock_not_allowed",
    });
    expect(await stockLevel(w.db, a.id, w.location)).toMatchObject({ committed: 6 });
  });

  it("20 concurrent 3-line orders on scarce stock never reserve more than is held", async () => {
    const w = await salesWorld();
    const [a, b] = [await stocked(w, 10), await stocked(w, 10)];
    const seller = await preventSelling(w);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        createSalesOrder(seller, {
          customer_id: w.customer.id,
          location_id: w.location,
          lines: [line(a.id, "1"), line(b.id, "1"), line(a.id, "1")],
        }),
      ),
    );
    const saved = results.filter((r) => r.status === "fulfilled").length;
    expect(saved).toBe(5);
    expect(await stockLevel(w.db, a.id, w.location)).toMatchObject({ committed: 10 });
    expect(await stockLevel(w.db, b.id, w.location)).toMatchObject({ committed: 5 });
  });
});
