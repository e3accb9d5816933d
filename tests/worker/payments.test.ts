import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { deletePayment } from "../../worker/domain/payments/delete-payment";
import { listInvoicePayments } from "../../worker/domain/payments/list-payments";
import { recordPayment } from "../../worker/domain/payments/record-payment";
import { ctxOf } from "../support/factories";
import { api, fieldCodes, orderFor, pricedVariant, salesWorld, type SalesWorld } from "./sales-fixtures";

const t = tenantSchema;
const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** A sales world with 100 mugs at 10.00 in stock, and the company's first payment method. */
async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  const entry = await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: "100" }] });
  expect(entry.status).toBe(201);
  const methods = await api(w.token, "GET", "/payment-methods");
  expect(methods.status).toBe(200);
  return { ...w, mug, method: methods.body.items[0].id as number };
}
type World = Awaited<ReturnType<typeof world>>;

/** An order of `quantity` mugs, invoiced whole and finalised. */
async function invoicedOrder(w: World, quantity: string) {
  const order = await orderFor(w, w.mug.id, quantity);
  expect(order.status).toBe(201);
  const invoice = await api(w.token, "POST", "/invoices", { sales_order_id: order.body.id, finalize: true });
  expect([invoice.status, invoice.body.status]).toEqual([201, "unpaid"]);
  return {
    order: order.body as { id: number; total: string; lines: { id: number }[] },
    invoice: invoice.body as { id: number; total: string },
  };
}

const pay = (w: SalesWorld, invoiceId: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(w.token, "POST", `/invoices/${invoiceId}/payments`, body, headers);

const orderStatus = async (w: SalesWorld, id: number) => {
  const answer = await api(w.token, "GET", `/sales-orders/${id}`);
  return [answer.body.status, answer.body.payment_status, answer.body.shipping_status];
};

/** Ships and delivers the whole order through one shipping order. */
async function deliverAll(w: World, orderId: number) {
  const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: orderId });
  expect(shipment.status).toBe(201);
  expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/deliver`)).status).toBe(200);
  return shipment.body.id as number;
}

describe("payments: recording them moves the invoice and its order", () => {
  it("two payments pay the invoice; the order delivered and paid completes by itself; a deleted payment reopens both", async () => {
    const w = await world();
    const { order, invoice } = await invoicedOrder(w, "3");
    expect(invoice.total).toBe("30.00");
    await deliverAll(w, order.id);
    expect(await orderStatus(w, order.id)).toEqual(["in_progress", "unpaid", "delivered"]);

    const first = await pay(w, invoice.id, { amount: "12.5", date: "2026-11-20", notes: "Cheque 1041", payment_method_id: w.method });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      invoice_id: invoice.id,
      amount: "12.50",
      date: "2026-11-20",
      notes: "Cheque 1041",
      payment_method: { id: w.method },
      invoice: { status: "partially_paid", amount_paid: "12.50", remaining_to_pay: "17.50" },
    });
    expect(await orderStatus(w, order.id)).toEqual(["in_progress", "partially_paid", "delivered"]);

    const second = await pay(w, invoice.id, { amount: "17.50" });
    expect(second.status).toBe(201);
    expect(second.body.invoice).toMatchObject({ status: "paid", amount_paid: "30.00", remaining_to_pay: "0.00" });
    expect(await orderStatus(w, order.id)).toEqual(["completed_automatically", "paid", "delivered"]);

    const listed = await api(w.token, "GET", `/invoices/${invoice.id}/payments`);
    expect(listed.body.items.map((p: { amount: string }) => p.amount).sort()).toEqual(["12.50", "17.50"]);
    const one = await api(w.token, "GET", `/invoices/${invoice.id}/payments/${first.body.id}`);
    expect([one.status, one.body.amount]).toEqual([200, "12.50"]);

    // A paid invoice takes nothing more.
    const more = await pay(w, invoice.id, { amount: "1" });
    expect([more.status, more.body.error.code]).toEqual([409, "status_move_not_allowed"]);

    const removed = await api(w.token, "DELETE", `/invoices/${invoice.id}/payments/${second.body.id}`);
    expect(removed.status).toBe(204);
    const after = await api(w.token, "GET", `/invoices/${invoice.id}`);
    expect([after.body.status, after.body.amount_paid, after.body.remaining_to_pay]).toEqual(["partially_paid", "12.50", "17.50"]);
    expect(await orderStatus(w, order.id)).toEqual(["in_progress", "partially_paid", "delivered"]);
    const again = await api(w.token, "DELETE", `/invoices/${invoice.id}/payments/${second.body.id}`);
    expect(again.status).toBe(404);
    // Another invoice's payment is not found under this one.
    const other = await invoicedOrder(w, "1");
    const wrong = await api(w.token, "GET", `/invoices/${other.invoice.id}/payments/${first.body.id}`);
    expect(wrong.status).toBe(404);
  });

  it("an order paid before it is delivered completes when its shipping order is delivered", async () => {
    const w = await world();
    const { order, invoice } = await invoicedOrder(w, "2");
    expect((await pay(w, invoice.id, { amount: invoice.total })).status).toBe(201);
    expect(await orderStatus(w, order.id)).toEqual(["pending", "paid", "not_delivered"]);
    await deliverAll(w, order.id);
    expect(await orderStatus(w, order.id)).toEqual(["completed_automatically", "paid", "delivered"]);
  });

  it("an order of services only, with nothing to send, completes once it is paid", async () => {
    const w = await world();
    const service = await api(w.token, "POST", "/services", { reference: `SRV-${Date.now()}`, label: "Installation", price: "80" });
    expect(service.status).toBe(201);
    const order = await api(w.token, "POST", "/sales-orders", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ service_id: service.body.id, quantity: "1" }],
    });
    expect(order.status).toBe(201);
    const invoice = await api(w.token, "POST", "/invoices", { sales_order_id: order.body.id, finalize: true });
    expect((await pay(w, invoice.body.id, { amount: invoice.body.total })).status).toBe(201);
    expect((await orderStatus(w, order.body.id)).slice(0, 2)).toEqual(["completed_automatically", "paid"]);
  });

  it("an order partly invoiced is not paid when its one invoice is: what is not invoiced is still owed", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "4");
    const invoice = await api(w.token, "POST", "/invoices", {
      sales_order_id: order.body.id,
      lines: [{ line_id: order.body.lines[0].id, quantity: "1" }],
      finalize: true,
    });
    expect((await pay(w, invoice.body.id, { amount: invoice.body.total })).status).toBe(201);
    expect((await orderStatus(w, order.body.id))[1]).toBe("partially_paid");
    // The order's line shows what remains to invoice of it.
    const read = await api(w.token, "GET", `/sales-orders/${order.body.id}`);
    expect(read.body.lines.map((l: { remaining_to_invoice: string }) => l.remaining_to_invoice)).toEqual(["3.0000000"]);
  });

  it("50 payments at once on one invoice never pay more than it: exactly what remained is taken", async () => {
    const w = await world();
    const { invoice } = await invoicedOrder(w, "2");
    const answers = await Promise.all(range(50).map(() => pay(w, invoice.id, { amount: "1" })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    for (const a of answers.filter((x) => x.status !== 201))
      expect(["more_than_remaining_to_pay", "status_move_not_allowed"]).toContain(a.body.error.fields?.amount?.code ?? a.body.error.code);
    const [row] = await w.db
      .select({ paid: t.salesDocuments.amountPaid, remaining: t.salesDocuments.remainingToPay, status: t.salesDocuments.status })
      .from(t.salesDocuments)
      .where(eq(t.salesDocuments.id, invoice.id));
    const [sum] = await w.db
      .select({ total: sql<number>`sum(${t.payments.amount})` })
      .from(t.payments)
      .where(eq(t.payments.invoiceId, invoice.id));
    expect(row).toEqual({ paid: 20 * 10_000, remaining: 0, status: "paid" });
    expect(sum?.total).toBe(20 * 10_000);
  });

  it("more than remains to pay is refused naming the amount, and nothing is written", async () => {
    const w = await world();
    const { invoice } = await invoicedOrder(w, "1");
    const over = await pay(w, invoice.id, { amount: "10.01" });
    expect([over.status, fieldCodes(over)]).toEqual([422, { amount: "more_than_remaining_to_pay" }]);
    expect(over.body.error.fields.amount.params).toEqual({ remaining: "10.00" });
    expect(await w.db.select().from(t.payments)).toEqual([]);
  });

  it("bad input is a 422 naming the field: zero, negative, huge, not a number, an unknown or inactive method, an unknown key, a bad date", async () => {
    const w = await world();
    const { invoice } = await invoicedOrder(w, "1");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: "0" }, "amount", "too_small"],
      [{ amount: "0.001" }, "amount", "too_small"],
      [{ amount: "-5" }, "amount", "too_small"],
      [{ amount: "1e400" }, "amount", "invalid_number"],
      [{ amount: "99999999999999999999" }, "amount", "too_large"],
      [{ amount: "ten" }, "amount", "invalid_number"],
      [{}, "amount", "required"],
      [{ amount: "1", payment_method_id: 999_999 }, "payment_method_id", "unknown_payment_method"],
      [{ amount: "1", payment_method_id: "x" }, "payment_method_id", "unknown_payment_method"],
      [{ amount: "1", date: "1970-01-01" }, "date", "invalid_date"],
      [{ amount: "1", date: "31/02/2026" }, "date", "invalid_date"],
      [{ amount: "1", tip: "5" }, "tip", "unknown_field"],
    ];
    for (const [body, field, code] of cases) {
      const answer = await pay(w, invoice.id, body);
      expect([answer.status, fieldCodes(answer)[field]], JSON.stringify(body)).toEqual([422, code]);
    }
    const inactive = await api(w.token, "POST", `/payment-methods/${w.method}/disable`);
    expect(inactive.status).toBe(200);
    const refused = await pay(w, invoice.id, { amount: "1", payment_method_id: w.method });
    expect([refused.status, fieldCodes(refused)]).toEqual([422, { payment_method_id: "unknown_payment_method" }]);
    expect(await w.db.select().from(t.payments)).toEqual([]);
  });

  it("a draft, a cancelled invoice and an order completed by hand take no payment", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "1");
    const draft = await api(w.token, "POST", "/invoices", { sales_order_id: order.body.id, finalize: false });
    expect(draft.body.status).toBe("draft");
    const onDraft = await pay(w, draft.body.id, { amount: "1" });
    expect([onDraft.status, onDraft.body.error.code]).toEqual([409, "status_move_not_allowed"]);
    expect((await api(w.token, "POST", `/invoices/${draft.body.id}/cancel`)).status).toBe(200);
    const onCancelled = await pay(w, draft.body.id, { amount: "1" });
    expect([onCancelled.status, onCancelled.body.error.code]).toEqual([409, "status_move_not_allowed"]);

    const { order: closed, invoice } = await invoicedOrder(w, "2");
    expect((await pay(w, invoice.id, { amount: "5" })).status).toBe(201);
    expect((await api(w.token, "POST", `/sales-orders/${closed.id}/complete`)).status).toBe(200);
    const late = await pay(w, invoice.id, { amount: "5" });
    expect([late.status, late.body.error.code]).toEqual([409, "payments_closed_by_order"]);
    const [payment] = await w.db.select({ id: t.payments.id }).from(t.payments).where(eq(t.payments.invoiceId, invoice.id));
    const undo = await api(w.token, "DELETE", `/invoices/${invoice.id}/payments/${payment!.id}`);
    expect([undo.status, undo.body.error.code]).toEqual([409, "payments_closed_by_order"]);
  });

  it("an invoice that received money is not cancelled, nor is its order: the whole cancel is refused", async () => {
    const w = await world();
    const { order, invoice } = await invoicedOrder(w, "2");
    expect((await pay(w, invoice.id, { amount: "5" })).status).toBe(201);
    const cancel = await api(w.token, "POST", `/invoices/${invoice.id}/cancel`);
    expect([cancel.status, cancel.body.error.code]).toEqual([409, "status_move_not_allowed"]);
    const cancelOrder = await api(w.token, "POST", `/sales-orders/${order.id}/cancel`);
    expect(cancelOrder.status).toBe(409);
    expect((await orderStatus(w, order.id))[0]).toBe("pending");
  });

  it("an invoice takes at most 250 payments", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "90");
    const invoice = await api(w.token, "POST", "/invoices", { sales_order_id: order.body.id, finalize: true });
    await w.db
      .insert(t.payments)
      .values(range(249).map(() => ({ invoiceId: invoice.body.id, customerId: w.customer.id, amount: 10_000, date: "2026-11-01" })));
    await w.db
      .update(t.salesDocuments)
      .set({ amountPaid: 249 * 10_000, remainingToPay: (900 - 249) * 10_000, status: "partially_paid" })
      .where(eq(t.salesDocuments.id, invoice.body.id));
    expect((await pay(w, invoice.body.id, { amount: "1" })).status).toBe(201);
    const last = await pay(w, invoice.body.id, { amount: "1" });
    expect([last.status, last.body.error.code, last.body.error.params]).toEqual([422, "too_many_payments", { max: 250 }]);
    const listed = await api(w.token, "GET", `/invoices/${invoice.body.id}/payments`);
    expect(listed.body.items).toHaveLength(250);
  });

  it("a retry with the same Idempotency-Key answers the same payment and records nothing more", async () => {
    const w = await world();
    const { invoice } = await invoicedOrder(w, "2");
    const key = { "Idempotency-Key": `pay-${Date.now()}` };
    const first = await pay(w, invoice.id, { amount: "3" }, key);
    const retry = await pay(w, invoice.id, { amount: "3" }, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.id).toBe(first.body.id);
    expect(await w.db.select().from(t.payments)).toHaveLength(1);
  });

  it("whoever may only read invoices cannot record or delete a payment", async () => {
    const w = await world();
    const { invoice } = await invoicedOrder(w, "1");
    const reader = await ctxOf(w.company, { permissions: ["view_invoices"] });
    await expect(recordPayment(reader, invoice.id, { amount: "1" })).rejects.toMatchObject({ code: "forbidden" });
    const paid = await pay(w, invoice.id, { amount: "1" });
    await expect(deletePayment(reader, invoice.id, paid.body.id)).rejects.toMatchObject({ code: "forbidden" });
    expect((await listInvoicePayments(reader, invoice.id)).items).toHaveLength(1);
  });
});

describe("payment methods and the credit limit", () => {
  it("a payment method a payment names is not deleted (in_use); an unused one is", async () => {
    const w = await world();
    const { invoice } = await invoicedOrder(w, "1");
    expect((await pay(w, invoice.id, { amount: "1", payment_method_id: w.method })).status).toBe(201);
    const used = await api(w.token, "DELETE", `/payment-methods/${w.method}`);
    expect([used.status, used.body.error.code]).toEqual([409, "in_use"]);
    const fresh = await api(w.token, "POST", "/payment-methods", { label: "Crypto" });
    expect((await api(w.token, "DELETE", `/payment-methods/${fresh.body.id}`)).status).toBe(204);
  });

  it("the credit limit counts what issued invoices leave to pay, and an invoiced order only once", async () => {
    const w = await world();
    await w.db
      .update(t.customers)
      .set({ creditLimit: 100 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    // An invoice of 80.00 from scratch, issued and unpaid.
    const invoice = await api(w.token, "POST", "/invoices", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "8" }],
      finalize: true,
    });
    expect([invoice.status, invoice.body.total]).toEqual([201, "80.00"]);
    const over = await orderFor(w, w.mug.id, "3");
    expect([over.status, over.body.error.code]).toEqual([422, "credit_limit_exceeded"]);
    expect((await pay(w, invoice.body.id, { amount: "50" })).status).toBe(201);
    // 30.00 owed on the invoice: an order of 30.00 fits, and once invoiced it is not counted twice.
    const order = await orderFor(w, w.mug.id, "3");
    expect(order.status).toBe(201);
    const billed = await api(w.token, "POST", "/invoices", { sales_order_id: order.body.id, finalize: true });
    expect(billed.status).toBe(201);
    const fits = await orderFor(w, w.mug.id, "4");
    expect(fits.status).toBe(201);
    const past = await orderFor(w, w.mug.id, "1");
    expect([past.status, past.body.error.code]).toEqual([422, "credit_limit_exceeded"]);
  });

  it("a customer's balance: unpaid and overdue invoices, what open orders have not invoiced, and the credit left", async () => {
    const w = await world();
    await w.db
      .update(t.customers)
      .set({ creditLimit: 500 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    const late = await api(w.token, "POST", "/invoices", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "2" }],
      date: "2026-01-05",
      due_date: "2026-02-04",
      finalize: true,
    });
    expect(late.status).toBe(201);
    expect((await pay(w, late.body.id, { amount: "5" })).status).toBe(201);
    const { order } = await invoicedOrder(w, "3");
    await api(
      w.token,
      "POST",
      "/invoices/" + String((await api(w.token, "GET", `/invoices?created_from_id=${order.id}`)).body.items[0].id) + "/payments",
      { amount: "30" },
    );
    const open = await orderFor(w, w.mug.id, "4");
    await api(w.token, "POST", "/invoices", {
      sales_order_id: open.body.id,
      lines: [{ line_id: open.body.lines[0].id, quantity: "1" }],
      finalize: true,
    });
    const balance = await api(w.token, "GET", `/customers/${w.customer.id}/balance`);
    expect(balance.status).toBe(200);
    // 15.00 left on the late invoice (all overdue), 10.00 on the open order's invoice, 30.00 of the open order not invoiced.
    expect(balance.body).toEqual({
      customer_id: w.customer.id,
      currency: "EUR",
      unpaid_invoices: "25.00",
      overdue_invoices: "15.00",
      credit_notes: "0.00",
      net_unpaid: "25.00",
      uninvoiced_orders: "30.00",
      balance: "55.00",
      credit_limit: "500.00",
      available_credit: "445.00",
    });
    const other = await salesWorld();
    expect((await api(w.token, "GET", `/customers/${other.customer.id + 100_000}/balance`)).status).toBe(404);
  });
});
