import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCustomer } from "../support/isolation/sales";
import { api, fieldCodes, orderFor, pricedVariant, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";
import { assertStockHolds } from "./sales-invariants";

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** A sales world with 100 mugs at 10.00 in stock. */
async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  const entry = await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: "100" }] });
  expect(entry.status).toBe(201);
  return { ...w, mug };
}
type World = Awaited<ReturnType<typeof world>>;

/** An order of `quantity` mugs, shipped and delivered, invoiced whole and finalised. */
async function soldAndInvoiced(w: World, quantity: string) {
  const order = await orderFor(w, w.mug.id, quantity);
  expect(order.status).toBe(201);
  const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
  expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/deliver`)).status).toBe(200);
  const invoice = await api(w.token, "POST", "/invoices", { sales_order_id: order.body.id, finalize: true });
  expect([invoice.status, invoice.body.status]).toEqual([201, "unpaid"]);
  return {
    order: order.body as { id: number; lines: { id: number }[] },
    shipment: shipment.body as { id: number },
    invoice: invoice.body as { id: number; total: string; lines: { id: number }[] },
  };
}

const get = async (w: SalesWorld, path: string) => (await api(w.token, "GET", path)).body;

/** Remaining to pay = total − payments − credits, for every invoice of the company; and each credit note's remainder = total − credits. */
async function assertMoneyHolds(w: SalesWorld, step: string) {
  const invoices = await w.db.all<{
    id: number;
    status: string;
    total: number;
    paid: number;
    credited: number;
    remaining: number;
    payments: number;
    credits: number;
  }>(
    sql`select id, status, total, amount_paid as paid, amount_credited as credited, remaining_to_pay as remaining,
      (select coalesce(sum(amount), 0) from payments where invoice_id = d.id) as payments,
      (select coalesce(sum(amount), 0) from invoice_credits where invoice_id = d.id) as credits
      from sales_documents d where type = 'invoice'`,
  );
  for (const i of invoices) {
    expect([Number(i.paid), Number(i.credited)], `${step}: invoice ${i.id}'s stored money is its payments and credits`).toEqual([
      Number(i.payments),
      Number(i.credits),
    ]);
    if (i.status !== "cancelled" && i.status !== "draft")
      expect(Number(i.remaining), `${step}: invoice ${i.id} remaining = total − payments − credits`).toBe(
        Number(i.total) - Number(i.payments) - Number(i.credits),
      );
  }
  const notes = await w.db.all<{ id: number; status: string; total: number; credited: number; remaining: number; credits: number }>(
    sql`select id, status, total, amount_credited as credited, remaining_to_credit as remaining,
      (select coalesce(sum(amount), 0) from invoice_credits where credit_note_id = d.id) as credits
      from sales_documents d where type = 'credit_note'`,
  );
  for (const n of notes) {
    expect(Number(n.credited), `${step}: credit note ${n.id}'s stored credits`).toBe(Number(n.credits));
    if (n.status !== "cancelled")
      expect(Number(n.remaining), `${step}: credit note ${n.id} remaining = total − credits`).toBe(Number(n.total) - Number(n.credits));
  }
}

describe("product returns", () => {
  it("a return of an invoice puts the goods back in stock, at most what was invoiced and not returned", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "3");
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(97);

    const tooMany = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.id,
      lines: [{ line_id: invoice.lines[0]!.id, quantity: "4" }],
    });
    expect(tooMany.status).toBe(422);
    expect(fieldCodes(tooMany)).toEqual({ "lines.0.quantity": "more_than_remaining" });

    const one = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.id,
      lines: [{ line_id: invoice.lines[0]!.id, quantity: "1" }],
    });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({
      type: "product_return",
      status: "reverted",
      add_in_inventory: true,
      total: "10.00",
      created_from_id: invoice.id,
    });
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(98);

    const rest = await api(w.token, "POST", "/product-returns", { invoice_id: invoice.id });
    expect([rest.status, Number(rest.body.total_units)]).toEqual([201, 2]);
    const none = await api(w.token, "POST", "/product-returns", { invoice_id: invoice.id });
    expect([none.status, fieldCodes(none)]).toEqual([422, { lines: "nothing_to_return" }]);
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(100);
    await assertStockHolds(w.db, w.mug.id, w.location, "returned");

    // Deleting a received return takes its goods out again.
    expect(
      (await api(w.token, "DELETE", `/product-returns/${rest.body.id}?acknowledge=${encodeURIComponent("stock_reversal")}`)).status,
    ).toBeLessThan(500);
  });

  it("a return of a sales order is limited to what was shipped (through its invoices too); a pending one moves stock only when received", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "5");
    const notShipped = await api(w.token, "POST", "/product-returns", { sales_order_id: order.body.id });
    expect([notShipped.status, fieldCodes(notShipped)]).toEqual([422, { lines: "nothing_to_return" }]);
    const shipment = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: order.body.lines[0].id, quantity: "2" }],
    });
    expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`)).status).toBe(200);
    const invoice = await api(w.token, "POST", "/invoices", { shipping_order_id: shipment.body.id, finalize: true });
    expect(invoice.status).toBe(201);
    const viaInvoice = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.body.id,
      lines: [{ line_id: invoice.body.lines[0].id, quantity: "1" }],
    });
    expect(viaInvoice.status).toBe(201);
    // Two shipped, one returned through the invoice: one is left to return from the order.
    const two = await api(w.token, "POST", "/product-returns", {
      sales_order_id: order.body.id,
      lines: [{ line_id: order.body.lines[0].id, quantity: "2" }],
    });
    expect([two.status, fieldCodes(two)]).toEqual([422, { "lines.0.quantity": "more_than_remaining" }]);
    const pending = await api(w.token, "POST", "/product-returns", { sales_order_id: order.body.id, received: false });
    expect([pending.status, pending.body.status, Number(pending.body.total_units)]).toEqual([201, "pending", 1]);
    const before = (await stockLevel(w.db, w.mug.id, w.location)).onHand;
    const received = await api(w.token, "POST", `/product-returns/${pending.body.id}/receive`);
    expect([received.status, received.body.status]).toEqual([200, "reverted"]);
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(before + 1);
    const again = await api(w.token, "POST", `/product-returns/${pending.body.id}/receive`);
    expect(again.status).toBe(409);
    await assertStockHolds(w.db, w.mug.id, w.location, "received");
  });

  it("a return without add_in_inventory leaves stock alone", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "2");
    const broken = await api(w.token, "POST", "/product-returns", { invoice_id: invoice.id, add_in_inventory: false });
    expect([broken.status, broken.body.add_in_inventory]).toEqual([201, false]);
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(98);
  });

  it("ten returns of one unit at once on an invoice of three: exactly three are made", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "3");
    const answers = await Promise.all(
      range(10).map(() =>
        api(w.token, "POST", "/product-returns", { invoice_id: invoice.id, lines: [{ line_id: invoice.lines[0]!.id, quantity: "1" }] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.every((a) => [201, 409, 422].includes(a.status))).toBe(true);
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(100);
    await assertStockHolds(w.db, w.mug.id, w.location, "raced");
  });
});

describe("credit notes", () => {
  it("a credit note of a return, applied to the invoice, takes off what remains to pay; the order follows; cancelling it gives it back", async () => {
    const w = await world();
    const { order, invoice } = await soldAndInvoiced(w, "3");
    const ret = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.id,
      lines: [{ line_id: invoice.lines[0]!.id, quantity: "1" }],
    });
    const note = await api(w.token, "POST", "/credit-notes", { product_return_id: ret.body.id });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({
      type: "credit_note",
      status: "pending",
      total: "10.00",
      remaining_to_credit: "10.00",
      created_from_id: ret.body.id,
    });
    // What the return brought back is credited once: the invoice's own credit note can take only the two others.
    const direct = await api(w.token, "POST", "/credit-notes", {
      invoice_id: invoice.id,
      lines: [{ line_id: invoice.lines[0]!.id, quantity: "3" }],
    });
    expect([direct.status, fieldCodes(direct)]).toEqual([422, { "lines.0.quantity": "more_than_remaining" }]);

    const tooMuch = await api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: invoice.id, amount: "10.01" });
    expect([tooMuch.status, fieldCodes(tooMuch)]).toEqual([422, { amount: "more_than_remaining_to_credit" }]);
    const credit = await api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: invoice.id });
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({ credit_note_id: note.body.id, invoice_id: invoice.id, amount: "10.00" });
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({
      status: "partially_credited",
      amount_credited: "10.00",
      remaining_to_pay: "20.00",
    });
    expect(await get(w, `/credit-notes/${note.body.id}`)).toMatchObject({
      status: "credited",
      remaining_to_credit: "0.00",
      amount_credited: "10.00",
    });
    await assertMoneyHolds(w, "credited");

    // Paying the rest pays the invoice: the order, delivered, completes.
    const paid = await api(w.token, "POST", `/invoices/${invoice.id}/payments`, { amount: "20" });
    expect([paid.status, paid.body.invoice.status]).toEqual([201, "paid"]);
    expect(await get(w, `/sales-orders/${order.id}`)).toMatchObject({ status: "completed_automatically", payment_status: "paid" });

    // Cancelling the credit note removes its credit: the paid invoice reopens, and so does the order.
    const cancelled = await api(w.token, "POST", `/credit-notes/${note.body.id}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({
      status: "partially_paid",
      amount_credited: "0.00",
      remaining_to_pay: "10.00",
    });
    expect(await get(w, `/sales-orders/${order.id}`)).toMatchObject({ status: "in_progress", payment_status: "partially_paid" });
    expect((await get(w, `/credit-notes/${note.body.id}/credits`)).data).toEqual([]);
    await assertMoneyHolds(w, "credit note cancelled");
  });

  it("a credit note is applied only to its customer's invoices waiting for money", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "2");
    const note = await api(w.token, "POST", "/credit-notes", {
      invoice_id: invoice.id,
      lines: [{ line_id: invoice.lines[0]!.id, quantity: "1" }],
    });
    expect(note.status).toBe(201);
    const other = await makeCustomer(w.db, { priceLevelId: w.level });
    const theirs = await api(w.token, "POST", "/invoices", {
      customer_id: other.id,
      location_id: w.location,
      finalize: true,
      lines: [{ variant_id: w.mug.id, quantity: "1" }],
    });
    expect(theirs.status).toBe(201);
    const wrong = await api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: theirs.body.id });
    expect([wrong.status, fieldCodes(wrong)]).toEqual([422, { invoice_id: "other_customer" }]);
    const unknown = await api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: 999_999 });
    expect([unknown.status, fieldCodes(unknown)]).toEqual([422, { invoice_id: "unknown_invoice" }]);
    const huge = await api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: invoice.id, amount: "1e400" });
    expect(huge.status).toBe(422);
  });

  it("twenty credits of 1.00 at once from a credit note of 10.00: exactly ten are applied", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "3");
    const note = await api(w.token, "POST", "/credit-notes", {
      invoice_id: invoice.id,
      lines: [{ line_id: invoice.lines[0]!.id, quantity: "1" }],
    });
    const answers = await Promise.all(
      range(20).map(() => api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: invoice.id, amount: "1" })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.every((a) => [201, 409, 422].includes(a.status))).toBe(true);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ amount_credited: "10.00", remaining_to_pay: "20.00" });
    expect(await get(w, `/credit-notes/${note.body.id}`)).toMatchObject({ status: "credited", remaining_to_credit: "0.00" });
    await assertMoneyHolds(w, "raced credits");
  });

  it("an idempotent retry of a credit answers the same credit and applies nothing more", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "3");
    const note = await api(w.token, "POST", "/credit-notes", { invoice_id: invoice.id });
    const headers = { "Idempotency-Key": `credit-${Date.now()}` };
    const first = await api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: invoice.id, amount: "5" }, headers);
    const again = await api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: invoice.id, amount: "5" }, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ amount_credited: "5.00" });
  });
});

describe("refunds", () => {
  it("a refund of a return pays back its lines with a discrepancy, never below zero", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "2");
    const ret = await api(w.token, "POST", "/product-returns", { invoice_id: invoice.id });
    const below = await api(w.token, "POST", "/refunds", { product_return_id: ret.body.id, discrepancy: "-20.01" });
    expect([below.status, fieldCodes(below)]).toEqual([422, { discrepancy: "more_than_refunded" }]);
    const refund = await api(w.token, "POST", "/refunds", { product_return_id: ret.body.id, discrepancy: "-2.5" });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ type: "refund", status: "pending", total: "20.00", discrepancy: "-2.50", amount: "17.50" });
    const none = await api(w.token, "POST", "/refunds", { product_return_id: ret.body.id });
    expect([none.status, fieldCodes(none)]).toEqual([422, { lines: "nothing_to_refund" }]);
    const paid = await api(w.token, "POST", `/refunds/${refund.body.id}/refunded`);
    expect([paid.status, paid.body.status]).toEqual([200, "refunded"]);
  });
});

describe("cascades of returns and credit notes (domain spec §4)", () => {
  it("cancelling a return cancels its credit notes (removing their credits) and refunds, and takes its goods out again", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "3");
    const ret = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.id,
      lines: [{ line_id: invoice.lines[0]!.id, quantity: "2" }],
    });
    const note = await api(w.token, "POST", "/credit-notes", { product_return_id: ret.body.id });
    expect((await api(w.token, "POST", `/credit-notes/${note.body.id}/credits`, { invoice_id: invoice.id })).status).toBe(201);
    const refund = await api(w.token, "POST", "/refunds", {
      product_return_id: ret.body.id,
      lines: [{ line_id: ret.body.lines[0].id, quantity: "1" }],
    });
    expect(refund.status).toBe(201);
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(99);

    const cancelled = await api(w.token, "POST", `/product-returns/${ret.body.id}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);
    expect((await get(w, `/credit-notes/${note.body.id}`)).status).toBe("cancelled");
    expect((await get(w, `/refunds/${refund.body.id}`)).status).toBe("cancelled");
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ status: "unpaid", amount_credited: "0.00", remaining_to_pay: "30.00" });
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(97);
    await assertStockHolds(w.db, w.mug.id, w.location, "return cancelled");
    await assertMoneyHolds(w, "return cancelled");
  });

  it("cancelling an invoice deletes its credit notes, cancels its returns, and gives other credit notes back what they applied", async () => {
    const w = await world();
    const first = await soldAndInvoiced(w, "2");
    const second = await soldAndInvoiced(w, "2");
    const ret = await api(w.token, "POST", "/product-returns", {
      invoice_id: first.invoice.id,
      lines: [{ line_id: first.invoice.lines[0]!.id, quantity: "1" }],
    });
    const own = await api(w.token, "POST", "/credit-notes", {
      invoice_id: first.invoice.id,
      lines: [{ line_id: first.invoice.lines[0]!.id, quantity: "1" }],
    });
    expect(own.status).toBe(201);
    // A credit note of the second invoice, applied to the first.
    const otherNote = await api(w.token, "POST", "/credit-notes", {
      invoice_id: second.invoice.id,
      lines: [{ line_id: second.invoice.lines[0]!.id, quantity: "1" }],
    });
    expect(
      (await api(w.token, "POST", `/credit-notes/${otherNote.body.id}/credits`, { invoice_id: first.invoice.id, amount: "4" })).status,
    ).toBe(201);
    expect(await get(w, `/credit-notes/${otherNote.body.id}`)).toMatchObject({ status: "partially_credited", remaining_to_credit: "6.00" });

    const cancelled = await api(w.token, "POST", `/invoices/${first.invoice.id}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);
    expect((await api(w.token, "GET", `/credit-notes/${own.body.id}`)).status).toBe(404);
    expect((await get(w, `/product-returns/${ret.body.id}`)).status).toBe("cancelled");
    expect(await get(w, `/credit-notes/${otherNote.body.id}`)).toMatchObject({
      status: "pending",
      remaining_to_credit: "10.00",
      amount_credited: "0.00",
    });
    await assertStockHolds(w.db, w.mug.id, w.location, "invoice cancelled");
    await assertMoneyHolds(w, "invoice cancelled");
  });

  it("cancelling a sales order cancels its shipping orders, invoices, returns, credit notes and refunds", async () => {
    const w = await world();
    const { order, shipment, invoice } = await soldAndInvoiced(w, "3");
    const fromOrder = await api(w.token, "POST", "/product-returns", {
      sales_order_id: order.id,
      lines: [{ line_id: order.lines[0]!.id, quantity: "1" }],
    });
    const note = await api(w.token, "POST", "/credit-notes", { product_return_id: fromOrder.body.id });
    const refund = await api(w.token, "POST", "/refunds", { product_return_id: fromOrder.body.id });
    expect([fromOrder.status, note.status, refund.status]).toEqual([201, 201, 201]);

    const cancelled = await api(w.token, "POST", `/sales-orders/${order.id}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);
    for (const path of [
      `/shipping-orders/${shipment.id}`,
      `/invoices/${invoice.id}`,
      `/product-returns/${fromOrder.body.id}`,
      `/credit-notes/${note.body.id}`,
      `/refunds/${refund.body.id}`,
    ])
      expect((await get(w, path)).status, path).toBe("cancelled");
    // The shipment's goods and the return's both undone: all 100 mugs are home, as the ledger says.
    expect((await stockLevel(w.db, w.mug.id, w.location)).onHand).toBe(100);
    await assertStockHolds(w.db, w.mug.id, w.location, "order cancelled");
    await assertMoneyHolds(w, "order cancelled");
  });
});
