import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { validateSalesOrder } from "../../worker/domain/sales/validate-sales-order";
import { getCart } from "../../worker/domain/store/get-cart";
import { orderAgain } from "../../worker/domain/store/order-again";
import { invoiceStoreOrder } from "../../worker/domain/store/invoice-store-order";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { consumeOutboxMessage } from "../../worker/queues/outbox";
import { control, ctxOf } from "../support/factories";
import { consumerDeps } from "../support/outbox";
import { emailsTo, waitForEmail } from "../support/sink-client";
import { salesWorld, stockLevel } from "./sales-fixtures";
import { buyer, openStore, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const mailUrl = (env as unknown as { TEST_MAIL_URL: string }).TEST_MAIL_URL;

describe("ordering from the store", () => {
  it("turns the buyer's cart into a pending_validation sales order of their customer, reserving its units, and empties the cart", async () => {
    const w = await salesWorld();
    await w.db
      .update(t.customers)
      .set({ discountRate: 10 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    const mug = await storeVariant(w, 10, "20");
    const staff = await ctxOf(w.company);
    const b = await buyer(w, staff);
    const cart = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 3 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: { external_reference: "PO-4471" } });
    expect(order).toMatchObject({
      status: "pending_validation",
      customer_id: w.customer.id,
      external_reference: "PO-4471",
      committed: true,
    });
    expect(order.number).toMatch(/^CMD-/);
    expect(order.lines!.map((l) => [l.variant_id, Number(l.quantity)])).toEqual([[mug.id, 3]]);
    // The cart showed what the order costs before tax: 3 × 20, less the customer's 10 %.
    expect(cart.total).toBe("54.0000");
    expect(Number(order.subtotal)).toBe(54);
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 10, committed: 3 });
    expect((await getCart(b.ctx, { cart: b.cart() })).items).toEqual([]);
    // Staff validate it in Sales.
    expect((await validateSalesOrder(staff, { id: order.id })).status).toBe("pending");
  });

  it("orders nothing from an empty cart", async () => {
    const w = await salesWorld();
    const b = await buyer(w, await ctxOf(w.company));
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })).rejects.toMatchObject({ code: "cart_empty" });
  });

  it("keeps the cart when the customer's minimum order amount is not reached", async () => {
    const w = await salesWorld();
    await w.db
      .update(t.customers)
      .set({ minimumOrderAmount: 100 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w, await ctxOf(w.company));
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })).rejects.toMatchObject({ code: "minimum_order_amount_not_reached" });
    expect((await getCart(b.ctx, { cart: b.cart() })).items.map((i) => i.quantity)).toEqual(["2"]);
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 10, committed: 0 });
  });

  it("refuses a field it does not know, and a buyer-less caller", async () => {
    const w = await salesWorld();
    const staff = await ctxOf(w.company);
    const b = await buyer(w, staff);
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: { status: "pending" } })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(placeStoreOrder(staff, { cart: b.cart(), order: {} })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("sells exactly the last 10 units to 100 buyers ordering them at once; the others keep their carts", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10);
    const staff = await ctxOf(w.company);
    const buyers = [];
    for (let i = 0; i < 100; i++) buyers.push(await buyer(w, staff));
    for (const b of buyers) await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    const results = await Promise.allSettled(buyers.map((b) => placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code: string }).code] : []));
    expect(placed).toHaveLength(10);
    expect(refused).toEqual(Array.from({ length: 90 }, () => "out_of_stock_not_allowed"));
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 10, committed: 10 });
    const orders = await w.db.select({ id: t.salesDocuments.id }).from(t.salesDocuments).where(eq(t.salesDocuments.type, "sales_order"));
    expect(orders).toHaveLength(10);
    const carts = await Promise.all(buyers.map(async (b) => (await b.stored()).length));
    expect(carts.filter((n) => n === 0)).toHaveLength(10);
    expect(carts.filter((n) => n === 1)).toHaveLength(90);
  }, 120_000); // a hundred orders at once: the runner's 30 s is not enough on a loaded machine

  it("tells the buyer and the staff who validate orders by email, through the outbox written with the order", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 11 } });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    const rows = await w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.store_order"));
    expect(rows.map((r) => r.payload)).toEqual([{ orderId: order.id, buyerUserId: b.userId, language: "en" }]);
    const message = {
      type: "company_outbox" as const,
      companyId: w.company.companyId,
      outboxId: rows[0]!.id,
      topic: rows[0]!.topic,
      payload: rows[0]!.payload,
    };
    expect(await consumeOutboxMessage(consumerDeps(), message)).toBe("handled");

    const toBuyer = await waitForEmail(mailUrl, b.email);
    expect(toBuyer.subject).toBe(`Your order ${order.number} with ${w.company.label}`);
    expect(toBuyer.text).toContain("€40.00 before tax");
    const [admin] = await control.select().from(controlSchema.users).where(eq(controlSchema.users.id, w.company.userId));
    const toStaff = await waitForEmail(mailUrl, admin!.email);
    expect(toStaff.subject).toBe(`New store order ${order.number} from ${order.customer.label}`);
    // The buyer gets no staff alert.
    expect((await emailsTo(mailUrl, b.email)).map((m) => m.subject)).toEqual([toBuyer.subject]);
  });

  it("tells the buyer when the order is confirmed, by staff or at once, only when the store says so", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w);
    const staff = await ctxOf(w.company);
    const confirmedRows = () => w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.store_order_confirmed"));
    const place = async () => {
      await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
      return placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    };
    // Without the setting, validating tells nobody.
    await validateSalesOrder(staff, { id: (await place()).id });
    expect(await confirmedRows()).toEqual([]);
    await openStore(w, { automatically_send_email_on_confirm: true });
    const validated = await place();
    await validateSalesOrder(staff, { id: validated.id });
    await openStore(w, { automatically_confirm_order: true });
    const atOnce = await place();
    expect(atOnce.status).toBe("pending");
    const rows = await confirmedRows();
    expect(rows.map((r) => r.payload)).toEqual([
      { orderId: validated.id, buyerUserId: b.userId },
      { orderId: atOnce.id, buyerUserId: b.userId },
    ]);
    for (const row of rows) {
      const message = {
        type: "company_outbox" as const,
        companyId: w.company.companyId,
        outboxId: row.id,
        topic: row.topic,
        payload: row.payload,
      };
      expect(await consumeOutboxMessage(consumerDeps(), message)).toBe("handled");
    }
    const subjects = async () => (await emailsTo(mailUrl, b.email)).map((m) => m.subject).filter((s) => s.endsWith("is confirmed"));
    await expect
      .poll(subjects)
      .toEqual(
        expect.arrayContaining([
          `Your order ${validated.number} with ${w.company.label} is confirmed`,
          `Your order ${atOnce.number} with ${w.company.label} is confirmed`,
        ]),
      );
  });

  it("invoices a confirmed order when the store says so (automatically_create_invoice), once, at once or on validation", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w);
    const staff = await ctxOf(w.company);
    const jobs = () => w.db.select().from(t.outbox).where(eq(t.outbox.topic, "invoice.store_order"));
    const place = async () => {
      await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
      return placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    };
    // Without the setting, no invoice is asked for.
    await validateSalesOrder(staff, { id: (await place()).id });
    expect(await jobs()).toEqual([]);
    await openStore(w, { automatically_create_invoice: true });
    const validated = await place();
    expect(await jobs()).toEqual([]);
    await validateSalesOrder(staff, { id: validated.id });
    await openStore(w, { automatically_create_invoice: true, automatically_confirm_order: true });
    const atOnce = await place();
    const rows = await jobs();
    expect(rows.map((r) => r.payload)).toEqual([{ orderId: validated.id }, { orderId: atOnce.id }]);
    for (const row of rows) {
      const message = {
        type: "company_outbox" as const,
        companyId: w.company.companyId,
        outboxId: row.id,
        topic: row.topic,
        payload: row.payload,
      };
      expect(await consumeOutboxMessage(consumerDeps(), message)).toBe("handled");
      // A second delivery of the same message does nothing more.
      expect(await consumeOutboxMessage(consumerDeps(), message)).toBe("duplicate");
    }
    // Asked twice anyway (a message written twice), the order is still invoiced once.
    await invoiceStoreOrder(staff, atOnce.id);
    const invoices = await w.db
      .select({ from: t.salesDocuments.createdFromId, total: t.salesDocuments.total })
      .from(t.salesDocuments)
      .where(eq(t.salesDocuments.type, "invoice"));
    expect(invoices.map((i) => i.from).sort()).toEqual([validated.id, atOnce.id].sort());
    expect(invoices.map((i) => i.total)).toEqual([validated.total, atOnce.total].map((total) => Math.round(Number(total) * 10_000)));
  });

  it("writes no email when the order is refused", async () => {
    const w = await salesWorld();
    const b = await buyer(w);
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })).rejects.toMatchObject({ code: "cart_empty" });
    expect(await w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.store_order"))).toEqual([]);
  });

  it("orders again: a past order's lines go back in the cart by its rules, what the store no longer sells is named, and another customer's order is not found", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const cup = await storeVariant(w, 10, "5");
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 3 } });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: cup.id, quantity: 2 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    await w.db.update(t.variants).set({ b2bPublished: false }).where(eq(t.variants.id, cup.id));
    const again = await orderAgain(b.ctx, { cart: b.cart(), id: order.id });
    expect(again.items.map((i) => [i.variant_id, Number(i.quantity)])).toEqual([[mug.id, 3]]);
    expect(again.not_added).toEqual([cup.sku]);
    // Twice: 3 more on top of the 3 held, as far as the 7 left allow (10 less the 3 the order holds).
    const twice = await orderAgain(b.ctx, { cart: b.cart(), id: order.id });
    expect(twice.items.map((i) => Number(i.quantity))).toEqual([6]);
    const other = await salesWorld();
    const stranger = await buyer(other);
    await expect(orderAgain(stranger.ctx, { cart: stranger.cart(), id: order.id })).rejects.toMatchObject({ code: "not_found" });
  });

  it("ships and bills to the addresses the buyer chose among their customer's, and refuses an address that is not theirs or not for that use", async () => {
    const w = await salesWorld();
    const a = t.customerAddresses;
    const [, depot, billingOnly] = await w.db
      .insert(a)
      .values([
        { customerId: w.customer.id, label: "Shop", address1: "1 rue Haute", city: "Lyon", defaultShipping: true, defaultBilling: true },
        { customerId: w.customer.id, label: "Depot", address1: "9 quai Bas", city: "Vienne", type: "shipping" },
        { customerId: w.customer.id, label: "Accounts", address1: "3 place Neuve", city: "Lyon", type: "billing" },
      ])
      .returning({ id: a.id });
    const other = await salesWorld();
    const [theirs] = await other.db
      .insert(a)
      .values({ customerId: other.customer.id, label: "Theirs", city: "Nice" })
      .returning({ id: a.id });
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: { shipping_address_id: billingOnly!.id } })).rejects.toMatchObject({
      fields: { shipping_address_id: { code: "unknown_address" } },
    });
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: { billing_address_id: theirs!.id + 1000 } })).rejects.toMatchObject({
      fields: { billing_address_id: { code: "unknown_address" } },
    });
    const order = await placeStoreOrder(b.ctx, {
      cart: b.cart(),
      order: { shipping_address_id: depot!.id, billing_address_id: billingOnly!.id },
    });
    expect(order.shipping_address).toMatchObject({ label: "Depot", lines: ["9 quai Bas", "Vienne"] });
    expect(order.billing_address).toMatchObject({ label: "Accounts" });
    // Without a choice, the customer's defaults.
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    const plain = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect(plain.shipping_address).toMatchObject({ label: "Shop", lines: ["1 rue Haute", "Lyon"] });
    expect(plain.billing_address).toMatchObject({ label: "Shop", lines: ["1 rue Haute", "Lyon"] });
  });
});
