import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createInvoice } from "../../worker/domain/invoices/create-invoice";
import { addUser, ctxOf } from "../support/factories";
import { makeCustomer } from "../support/isolation/sales";
import { api, fieldCodes, orderFor, pricedVariant, salesWorld, type SalesWorld } from "./sales-fixtures";

const t = tenantSchema;
const range = (count: number) => Array.from({ length: count }, (_, i) => i);
const sum = (values: string[]) => values.reduce((a, v) => a + Math.round(Number(v) * 100), 0) / 100;

async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  const plate = await pricedVariant(w.db, w.level, "4");
  return { ...w, mug, plate };
}

const settings = async (w: SalesWorld, values: Record<string, unknown>) => {
  const answer = await api(w.token, "PATCH", "/company-settings", values);
  expect(answer.status).toBe(200);
  return answer;
};

const invoiceOf = (w: SalesWorld, body: Record<string, unknown>) => api(w.token, "POST", "/invoices", body);

describe("invoices: made from a sales order", () => {
  it("bills what remains to invoice, as a draft without a number, at the order's prices; finalising numbers it FAC-000001", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "4", { shipping_cost: "8" });
    expect(order.status).toBe(201);
    const invoice = await invoiceOf(w, { sales_order_id: order.body.id });
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({
      type: "invoice",
      number: null,
      status: "draft",
      created_from_id: order.body.id,
      total: order.body.total,
      remaining_to_pay: order.body.total,
      amount_paid: "0.00",
      finalized_at: null,
      overdue: false,
    });
    expect(invoice.body.lines.map((l: { quantity: string; price: string }) => [l.quantity, l.price])).toEqual([["4.0000000", "10.0000"]]);
    const finalized = await api(w.token, "POST", `/invoices/${invoice.body.id}/finalize`);
    expect(finalized.status).toBe(200);
    expect(finalized.body).toMatchObject({ number: "FAC-000001", status: "unpaid" });
    expect(finalized.body.finalized_at).toEqual(expect.any(Number));
    const twice = await api(w.token, "POST", `/invoices/${invoice.body.id}/finalize`);
    expect([twice.status, twice.body.error.code]).toEqual([409, "status_move_not_allowed"]);
    const again = await invoiceOf(w, { sales_order_id: order.body.id });
    expect([again.status, fieldCodes(again)]).toEqual([422, { lines: "nothing_to_invoice" }]);
  });

  it("partial invoices never bill more than the order, and together add up to it: amount discounts and shipping spread over them", async () => {
    const w = await world();
    const order = await api(w.token, "POST", "/sales-orders", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [
        { variant_id: w.mug.id, quantity: "10", discount: "3", discount_type: "amount" },
        { variant_id: w.plate.id, quantity: "3" },
      ],
      global_discount: "7",
      global_discount_type: "amount",
      shipping_cost: "10",
    });
    expect(order.status).toBe(201);
    const [mugLine, plateLine] = order.body.lines.map((l: { id: number }) => l.id);
    const first = await invoiceOf(w, { sales_order_id: order.body.id, lines: [{ line_id: mugLine, quantity: "3" }] });
    expect(first.status).toBe(201);
    const over = await invoiceOf(w, { sales_order_id: order.body.id, lines: [{ line_id: mugLine, quantity: "8" }] });
    expect([over.status, fieldCodes(over)]).toEqual([422, { "lines.0.quantity": "more_than_remaining_to_invoice" }]);
    expect(over.body.error.fields["lines.0.quantity"].params).toEqual({ remaining: "7.0000000" });
    const second = await invoiceOf(w, {
      sales_order_id: order.body.id,
      lines: [
        { line_id: mugLine, quantity: "5" },
        { line_id: plateLine, quantity: "1" },
      ],
    });
    expect(second.status).toBe(201);
    const last = await invoiceOf(w, { sales_order_id: order.body.id });
    expect(last.status).toBe(201);
    expect(last.body.lines.map((l: { quantity: string }) => l.quantity)).toEqual(["2.0000000", "2.0000000"]);
    const all = [first.body, second.body, last.body];
    // The first invoice bills 29.10 of the order's 109.00 of goods (lines less their discounts): as much of the shipping
    // and the global discount, rounded down to the cent (2.669… and 1.868…); 3 of 10 mugs take 3/10 of their line's discount.
    expect([first.body.shipping_cost, first.body.global_discount_amount, first.body.lines[0].discount_amount]).toEqual([
      "2.66",
      "1.86",
      "0.90",
    ]);
    expect(sum(all.map((i) => i.shipping_cost))).toBe(10);
    expect(sum(all.map((i) => i.global_discount_amount))).toBe(7);
    expect(sum(all.map((i) => i.lines[0].discount_amount))).toBe(3);
    expect(sum(all.map((i) => i.total))).toBe(Number(order.body.total));
  });

  it("20 invoices of one order made at once never bill more than it", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "5");
    const line = order.body.lines[0].id;
    const answers = await Promise.all(
      range(20).map(() => invoiceOf(w, { sales_order_id: order.body.id, lines: [{ line_id: line, quantity: "1" }] })),
    );
    for (const a of answers) expect([201, 409, 422]).toContain(a.status);
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBeGreaterThan(0);
    const billed = await w.db
      .select({ quantity: t.salesDocumentLines.quantity })
      .from(t.salesDocumentLines)
      .where(eq(t.salesDocumentLines.sourceLineId, line));
    expect(billed.length).toBe(created);
    expect(billed.reduce((a, r) => a + r.quantity, 0)).toBeLessThanOrEqual(5 * 10_000_000);
    // Whatever lost the race, the rest can still be billed, and no more.
    const rest = await invoiceOf(w, { sales_order_id: order.body.id });
    expect(rest.status).toBe(created === 5 ? 422 : 201);
    const total = await w.db
      .select({ q: t.salesDocumentLines.quantity })
      .from(t.salesDocumentLines)
      .where(eq(t.salesDocumentLines.sourceLineId, line));
    expect(total.reduce((a, r) => a + r.q, 0)).toBe(5 * 10_000_000);
  });

  it("an invoice of a shipping order bills what it shipped and no invoice of it billed yet; cancelling the shipment cancels it", async () => {
    const w = await world();
    await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: w.mug.id, quantity: "10" }] });
    const order = await orderFor(w, w.mug.id, "5");
    const line = order.body.lines[0].id;
    const shipment = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: line, quantity: "3" }],
    });
    expect(shipment.status).toBe(201);
    const invoice = await invoiceOf(w, { shipping_order_id: shipment.body.id, finalize: true });
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({ created_from_id: shipment.body.id, status: "unpaid", number: "FAC-000001" });
    expect(invoice.body.lines.map((l: { quantity: string }) => l.quantity)).toEqual(["3.0000000"]);
    const twice = await invoiceOf(w, { shipping_order_id: shipment.body.id });
    expect([twice.status, fieldCodes(twice)]).toEqual([422, { lines: "nothing_to_invoice" }]);
    const rest = await invoiceOf(w, { sales_order_id: order.body.id });
    expect(rest.body.lines.map((l: { quantity: string }) => l.quantity)).toEqual(["2.0000000"]);
    const cancelled = await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const after = await api(w.token, "GET", `/invoices/${invoice.body.id}`);
    expect(after.body).toMatchObject({ status: "cancelled", number: "FAC-000001" });
    // What it billed is back to invoice.
    const again = await invoiceOf(w, { sales_order_id: order.body.id });
    expect(again.body.lines.map((l: { quantity: string }) => l.quantity)).toEqual(["3.0000000"]);
  });

  it("an invoice of an estimate takes all its lines and transforms the estimate, once", async () => {
    const w = await world();
    const estimate = await api(w.token, "POST", "/estimates", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "2" }],
    });
    const invoice = await invoiceOf(w, { estimate_id: estimate.body.id });
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({ created_from_id: estimate.body.id, total: estimate.body.total, status: "draft" });
    expect((await api(w.token, "GET", `/estimates/${estimate.body.id}`)).body.status).toBe("accepted_and_transformed");
    const twice = await invoiceOf(w, { estimate_id: estimate.body.id });
    expect([twice.status, twice.body.error.code]).toEqual([409, "status_move_not_allowed"]);
  });
});

describe("invoices: numbers", () => {
  it("20 drafts finalised at once take FAC-000001 to FAC-000020, no gap, no duplicate", async () => {
    const w = await world();
    const drafts = await Promise.all(
      range(20).map(() =>
        invoiceOf(w, { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: w.mug.id, quantity: "1" }] }),
      ),
    );
    for (const d of drafts) expect([d.status, d.body.number]).toEqual([201, null]);
    let pending = drafts.map((d) => d.body.id as number);
    // A finalisation that loses a race for the database is tried again: what matters is what is saved.
    for (let round = 0; round < 5 && pending.length; round++) {
      const answers = await Promise.all(pending.map((id) => api(w.token, "POST", `/invoices/${id}/finalize`)));
      for (const a of answers) expect([200, 409, 503]).toContain(a.status);
      pending = pending.filter((_, i) => answers[i]!.status !== 200);
    }
    expect(pending).toEqual([]);
    const rows = await w.db.select({ number: t.salesDocuments.number }).from(t.salesDocuments).where(eq(t.salesDocuments.type, "invoice"));
    expect(rows.map((r) => r.number).sort()).toEqual(range(20).map((i) => `FAC-${String(i + 1).padStart(6, "0")}`));
  });

  it("a number keeps at most 18 characters: typed, in the number formats, and generated", async () => {
    const w = await world();
    const base = { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: w.mug.id, quantity: "1" }] };
    const typed = await invoiceOf(w, { ...base, number: "F".repeat(19) });
    expect([typed.status, fieldCodes(typed)]).toEqual([422, { number: "invoice_number_too_long" }]);
    const fits = await invoiceOf(w, { ...base, number: "F".repeat(18), finalize: true });
    expect([fits.status, fits.body.number]).toEqual([201, "F".repeat(18)]);
    const format = await api(w.token, "PATCH", "/company-settings", {
      document_numbering: { invoice: { prefix: "FACTURE-2026-", width: 6 } },
    });
    expect([format.status, fieldCodes(format)]).toEqual([422, { "document_numbering.invoice.prefix": "invoice_number_too_long" }]);
    expect(format.body.error.fields["document_numbering.invoice.prefix"].message).toBe(
      "The invoice number is too long (18 characters max.)",
    );
    await settings(w, { document_numbering: { invoice: { prefix: "FACTURE-2026-", width: 5 } } });
    // A format stored past the bound (written before the rule): finalising is refused and takes no number.
    await w.db.update(t.companySettings).set({ documentNumbering: { invoice: { prefix: "FACTURE-2026-", width: 9 } } });
    const draft = await invoiceOf(w, base);
    const refused = await api(w.token, "POST", `/invoices/${draft.body.id}/finalize`);
    expect([refused.status, refused.body.error.code]).toEqual([422, "invoice_number_too_long"]);
    expect((await api(w.token, "GET", `/invoices/${draft.body.id}`)).body).toMatchObject({ status: "draft", number: null });
    await w.db.update(t.companySettings).set({ documentNumbering: { invoice: { prefix: "FACTURE-2026-", width: 5 } } });
    const finalized = await api(w.token, "POST", `/invoices/${draft.body.id}/finalize`);
    expect([finalized.status, finalized.body.number]).toEqual([200, "FACTURE-2026-00001"]);
  });

  it("who may type a number is the company's setting: nobody, admins (settings), or everyone who edits invoices", async () => {
    const w = await world();
    const base = { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: w.mug.id, quantity: "1" }] };
    const clerk = await addUser(w.company.companyId, { permissions: ["view_invoices", "edit_invoices"] });
    const byClerk = await api(clerk.token, "POST", "/invoices", { ...base, number: "CLERK-1" });
    expect([byClerk.status, fieldCodes(byClerk)]).toEqual([422, { number: "invoice_number_not_editable" }]);
    const byAdmin = await invoiceOf(w, { ...base, number: "ADMIN-1" });
    expect([byAdmin.status, byAdmin.body.number, byAdmin.body.status]).toEqual([201, "ADMIN-1", "draft"]);
    await settings(w, { invoice_number_edit_access: "everyone" });
    expect((await api(clerk.token, "POST", "/invoices", { ...base, number: "CLERK-1" })).status).toBe(201);
    await settings(w, { invoice_number_edit_access: "nobody" });
    const none = await invoiceOf(w, { ...base, number: "ADMIN-2" });
    expect([none.status, fieldCodes(none)]).toEqual([422, { number: "invoice_number_not_editable" }]);
    // A draft with a typed number keeps it when finalised; the sequence does not move.
    expect((await api(w.token, "POST", `/invoices/${byAdmin.body.id}/finalize`)).body.number).toBe("ADMIN-1");
    const next = await invoiceOf(w, { ...base, finalize: true });
    expect(next.body.number).toBe("FAC-000001");
    const taken = await api(clerk.token, "POST", "/invoices", base);
    const renamed = await api(w.token, "PATCH", `/invoices/${taken.body.id}`, { number: "ADMIN-1" });
    expect([renamed.status, fieldCodes(renamed)]).toEqual([422, { number: "invoice_number_not_editable" }]);
  });
});

describe("invoices: drafts, due dates, deletion", () => {
  it("drafts follow the company settings: none, a choice (draft unless finalize), or forced", async () => {
    const w = await world();
    const base = { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: w.mug.id, quantity: "1" }] };
    expect((await invoiceOf(w, base)).body.status).toBe("draft");
    expect((await invoiceOf(w, { ...base, finalize: true })).body).toMatchObject({ status: "unpaid", number: "FAC-000001" });
    await settings(w, { invoice_draft_forced: true });
    expect((await invoiceOf(w, { ...base, finalize: true })).body).toMatchObject({ status: "draft", number: null });
    await settings(w, { use_invoice_draft: false });
    expect((await invoiceOf(w, base)).body).toMatchObject({ status: "unpaid", number: "FAC-000002" });
  });

  it("a draft changes freely; a finalised invoice only when the company allows it", async () => {
    const w = await world();
    const draft = await invoiceOf(w, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "1" }],
    });
    const changed = await api(w.token, "PATCH", `/invoices/${draft.body.id}`, { lines: [{ variant_id: w.mug.id, quantity: "3" }] });
    expect([changed.status, changed.body.total, changed.body.remaining_to_pay]).toEqual([200, "30.00", "30.00"]);
    await api(w.token, "POST", `/invoices/${draft.body.id}/finalize`);
    const refused = await api(w.token, "PATCH", `/invoices/${draft.body.id}`, { notes: "late" });
    expect([refused.status, refused.body.error.code]).toEqual([409, "invoice_finalized"]);
    await settings(w, { edit_finalized_invoice: true });
    const allowed = await api(w.token, "PATCH", `/invoices/${draft.body.id}`, { notes: "late" });
    expect([allowed.status, allowed.body.notes, allowed.body.number]).toEqual([200, "late", "FAC-000001"]);
  });

  it("the due date follows the customer's terms, else the company's: net N days, eom the end of the following month", async () => {
    const w = await world();
    await settings(w, { payment_terms: { type: "net", days: 30 } });
    const base = { location_id: w.location, date: "2026-01-15", lines: [{ variant_id: w.mug.id, quantity: "1" }] };
    const company = await invoiceOf(w, { ...base, customer_id: w.customer.id });
    expect(company.body.due_date).toBe("2026-02-14");
    const eom = await makeCustomer(w.db, { priceLevelId: w.level, paymentTermsType: "eom", paymentTermsDays: 0 });
    expect((await invoiceOf(w, { ...base, customer_id: eom.id })).body.due_date).toBe("2026-02-28");
    const net10 = await makeCustomer(w.db, { priceLevelId: w.level, paymentTermsType: "net", paymentTermsDays: 10 });
    expect((await invoiceOf(w, { ...base, customer_id: net10.id })).body.due_date).toBe("2026-01-25");
    expect((await invoiceOf(w, { ...base, customer_id: net10.id, due_date: "2026-03-01" })).body.due_date).toBe("2026-03-01");
  });

  it("an invoice is dated, and falls due, on the company's calendar: just before midnight UTC it is already tomorrow in Paris", async () => {
    const w = await world();
    await settings(w, { timezone: "Europe/Paris", payment_terms: { type: "eom", days: 0 } });
    const ctx = { ...(await ctxOf(w.company)), now: () => Date.parse("2026-03-31T22:30:00Z") };
    const invoice = await createInvoice(ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      finalize: true,
      lines: [{ variant_id: w.mug.id, quantity: "1" }],
    });
    expect([invoice.date, invoice.due_date]).toEqual(["2026-04-01", "2026-05-31"]);
    const utc = { ...ctx, now: () => Date.parse("2026-03-31T21:30:00Z") };
    const before = await createInvoice(utc, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "1" }],
    });
    expect([before.date, before.due_date]).toEqual(["2026-03-31", "2026-04-30"]);
  });

  it("an unpaid invoice past its due date shows as overdue (derived, not stored)", async () => {
    const w = await world();
    const invoice = await invoiceOf(w, {
      customer_id: w.customer.id,
      location_id: w.location,
      date: "2020-01-01",
      due_date: "2020-01-31",
      finalize: true,
      lines: [{ variant_id: w.mug.id, quantity: "1" }],
    });
    expect(invoice.body).toMatchObject({ status: "unpaid", overdue: true, shown_status: "overdue", due_date: "2020-01-31" });
    const list = await api(w.token, "GET", "/invoices?due_date__Lte=2021-01-01");
    expect(list.body.items.map((i: { id: number }) => i.id)).toEqual([invoice.body.id]);
  });

  it("only drafts are deleted: the refusal lists the numbers of those that cannot be, for an order's cascade too", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "4");
    const line = order.body.lines[0].id;
    const draft = await invoiceOf(w, { sales_order_id: order.body.id, lines: [{ line_id: line, quantity: "1" }] });
    const final = await invoiceOf(w, { sales_order_id: order.body.id, lines: [{ line_id: line, quantity: "1" }], finalize: true });
    const ack = "?acknowledge=cascade&acknowledge=inventory&acknowledge=irreversible";
    const refused = await api(w.token, "DELETE", `/invoices/${final.body.id}${ack}`);
    expect([refused.status, refused.body.error.code, refused.body.error.params]).toEqual([
      409,
      "invoices_not_deletable",
      { labels: "FAC-000001" },
    ]);
    expect(refused.body.error.message).toContain("FAC-000001");
    const orderRefused = await api(w.token, "DELETE", `/sales-orders/${order.body.id}${ack}`);
    expect([orderRefused.status, orderRefused.body.error.params]).toEqual([409, { labels: "FAC-000001" }]);
    expect((await api(w.token, "GET", `/invoices/${draft.body.id}`)).status).toBe(200);
    expect((await api(w.token, "DELETE", `/invoices/${draft.body.id}${ack}`)).status).toBe(204);
    expect((await api(w.token, "GET", `/invoices/${draft.body.id}`)).status).toBe(404);
    // With its finalised invoice cancelled… still not a draft: the order stays.
    await api(w.token, "POST", `/invoices/${final.body.id}/cancel`);
    expect((await api(w.token, "DELETE", `/sales-orders/${order.body.id}${ack}`)).status).toBe(409);
  });
});

describe("invoices: cascades", () => {
  it("cancelling a sales order cancels its invoices, those made through its shipping orders too, in one batch", async () => {
    const w = await world();
    await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: w.mug.id, quantity: "10" }] });
    const order = await orderFor(w, w.mug.id, "5");
    const line = order.body.lines[0].id;
    const shipment = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: line, quantity: "2" }],
    });
    const viaShipment = await invoiceOf(w, { shipping_order_id: shipment.body.id, finalize: true });
    const direct = await invoiceOf(w, { sales_order_id: order.body.id });
    expect([viaShipment.status, direct.status]).toEqual([201, 201]);
    const cancelled = await api(w.token, "POST", `/sales-orders/${order.body.id}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);
    for (const id of [viaShipment.body.id, direct.body.id])
      expect((await api(w.token, "GET", `/invoices/${id}`)).body.status).toBe("cancelled");
    const after = await invoiceOf(w, { sales_order_id: order.body.id });
    expect([after.status, after.body.error.code]).toEqual([409, "status_move_not_allowed"]);
    // The draft, cancelled with its order, never took a number and could go; the finalised one keeps the order.
    const ack = "?acknowledge=cascade&acknowledge=inventory&acknowledge=irreversible";
    const removal = await api(w.token, "DELETE", `/sales-orders/${order.body.id}${ack}`);
    expect([removal.status, removal.body.error.params]).toEqual([409, { labels: viaShipment.body.number }]);
  });

  it("an order whose invoice may not be cancelled (paid) is not cancelled, and nothing else is either", async () => {
    const w = await world();
    const free = await pricedVariant(w.db, w.level, "0");
    const order = await api(w.token, "POST", "/sales-orders", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [
        { variant_id: free.id, quantity: "1" },
        { variant_id: w.mug.id, quantity: "1" },
      ],
    });
    const [freeLine, mugLine] = order.body.lines.map((l: { id: number }) => l.id);
    // Nothing to pay: finalised, it is paid.
    const paid = await invoiceOf(w, { sales_order_id: order.body.id, lines: [{ line_id: freeLine, quantity: "1" }], finalize: true });
    expect(paid.body.status).toBe("paid");
    const unpaid = await invoiceOf(w, { sales_order_id: order.body.id, lines: [{ line_id: mugLine, quantity: "1" }], finalize: true });
    const refused = await api(w.token, "POST", `/sales-orders/${order.body.id}/cancel`);
    expect([refused.status, refused.body.error.code]).toEqual([409, "status_move_not_allowed"]);
    expect((await api(w.token, "GET", `/sales-orders/${order.body.id}`)).body.status).toBe("pending");
    expect((await api(w.token, "GET", `/invoices/${unpaid.body.id}`)).body.status).toBe("unpaid");
  });
});

describe("invoices: access and input", () => {
  it("without view_invoices the list and an invoice are refused (403); without edit_invoices, every write", async () => {
    const w = await world();
    const invoice = await invoiceOf(w, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "1" }],
    });
    const stranger = await addUser(w.company.companyId, { permissions: ["view_sales_orders"] });
    expect((await api(stranger.token, "GET", "/invoices")).status).toBe(403);
    expect((await api(stranger.token, "GET", `/invoices/${invoice.body.id}`)).status).toBe(403);
    const reader = await addUser(w.company.companyId, { permissions: ["view_invoices"] });
    expect((await api(reader.token, "GET", "/invoices")).status).toBe(200);
    expect((await api(reader.token, "POST", "/invoices", { customer_id: w.customer.id, location_id: w.location })).status).toBe(403);
    expect((await api(reader.token, "POST", `/invoices/${invoice.body.id}/finalize`)).status).toBe(403);
    expect((await api(reader.token, "POST", `/invoices/${invoice.body.id}/cancel`)).status).toBe(403);
  });

  it("bad input is a 422 naming the field, never a 500; huge figures are refused", async () => {
    const w = await world();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ location_id: w.location }, { customer_id: "required" }],
      [{ customer_id: "abc", location_id: w.location }, { customer_id: "unknown_customer" }],
      [{ customer_id: w.customer.id, location_id: w.location, due_date: "31/02/2026" }, { due_date: "invalid_date" }],
      [{ customer_id: w.customer.id, location_id: w.location, colour: "red" }, { colour: "unknown_field" }],
      [{ customer_id: w.customer.id, location_id: w.location, number: "" }, { number: "required" }],
      [{ sales_order_id: 999_999 }, { sales_order_id: "unknown_sales_order" }],
      [{ shipping_order_id: 999_999 }, { shipping_order_id: "unknown_shipping_order" }],
      [{ estimate_id: 999_999 }, { estimate_id: "unknown_estimate" }],
      [{ sales_order_id: 1, lines: [{ line_id: 1, quantity: "-2" }] }, { "lines.0.quantity": "too_small" }],
    ];
    for (const [body, fields] of cases) {
      const answer = await invoiceOf(w, body);
      expect([answer.status, fieldCodes(answer)], JSON.stringify(body)).toEqual([422, fields]);
    }
    const huge = await invoiceOf(w, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "99999999999", price: "99999999999" }],
    });
    expect(huge.status).toBe(422);
    const hugeQuantity = await invoiceOf(w, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "1e400" }],
    });
    expect(hugeQuantity.status).toBe(422);
    const order = await orderFor(w, w.mug.id, "2");
    const hugeLine = await invoiceOf(w, {
      sales_order_id: order.body.id,
      lines: [{ line_id: order.body.lines[0].id, quantity: "99999999999999999999" }],
    });
    expect(hugeLine.status).toBe(422);
    expect((await api(w.token, "GET", "/invoices/99999999999999999999")).status).toBe(404);
  });
});
