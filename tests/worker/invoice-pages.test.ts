import { describe, expect, it } from "vitest";
import * as invoicePage from "../../app/routes/sales/invoices/detail";
import * as salesOrderPage from "../../app/routes/sales/sales-orders/detail";
import {
  canInvoice,
  invoiceDetailView,
  invoiceFormChoices,
  invoiceFrom,
  runInvoiceAction,
} from "../../worker/domain/invoices/invoice-pages";
import { listInvoices } from "../../worker/domain/invoices/list-invoices";
import { recordPayment } from "../../worker/domain/payments/record-payment";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { ctxOf } from "../support/factories";
import { formPost, pageContext } from "../support/page-context";
import { api, orderFor, pricedVariant, salesWorld } from "./sales-fixtures";

/** What the invoice screens ask the domain: the page's buttons, the form's choices, the "Invoice" buttons of other pages, the list's overdue filter. */

async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  return { ...w, mug, ctx: await ctxOf(w.company) };
}

const code = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return "ok";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
};

describe("invoice pages: what an invoice's page offers", () => {
  it("a draft offers finalise, cancel, edit and delete; once finalised, cancel only (and edit when the settings allow it)", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "3");
    const draft = await invoiceFrom(w.ctx, { type: "sales_order", id: order.body.id });
    const page = await invoiceDetailView(w.ctx, { id: draft.id });
    expect(page).toMatchObject({ moves: ["finalize", "cancel"], edit: true, delete: true });
    expect(page.origin).toEqual({ type: "sales_order", id: order.body.id, number: order.body.number });
    expect(page.payments).toMatchObject({ items: [], record: null });

    const finalized = await runInvoiceAction(w.ctx, { action: "finalize", id: draft.id });
    expect(finalized).toMatchObject({ number: "FAC-000001", status: "unpaid" });
    const after = await invoiceDetailView(w.ctx, { id: draft.id });
    expect(after).toMatchObject({ moves: ["cancel"], edit: false, delete: false });
    // Waiting for money: the payment form is offered, its amount what remains to pay.
    expect(after.payments.record).not.toBeNull();
    expect(after.doc.remaining_to_pay).toBe("30.00");

    await api(w.token, "PATCH", "/company-settings", { edit_finalized_invoice: true });
    expect((await invoiceDetailView(w.ctx, { id: draft.id })).edit).toBe(true);
    expect(await code(() => runInvoiceAction(w.ctx, { action: "finalize", id: draft.id }))).toBe("status_move_not_allowed");
    expect(await code(() => runInvoiceAction(w.ctx, { action: "undo", id: draft.id }))).toBe("invalid");

    await runInvoiceAction(w.ctx, { action: "cancel", id: draft.id });
    expect(await invoiceDetailView(w.ctx, { id: draft.id })).toMatchObject({ moves: [], edit: false, delete: false });
  });

  it("a reader sees the invoice and its payments but is offered nothing", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "2");
    const invoice = await invoiceFrom(w.ctx, { type: "sales_order", id: order.body.id });
    await runInvoiceAction(w.ctx, { action: "finalize", id: invoice.id });
    await recordPayment(w.ctx, invoice.id, { amount: "5" });
    const reader = await ctxOf(w.company, { permissions: ["view_invoices"] });
    const page = await invoiceDetailView(reader, { id: invoice.id });
    expect(page).toMatchObject({ moves: [], edit: false, delete: false, origin: null });
    expect(page.payments.items.map((p) => p.amount)).toEqual(["5.00"]);
    expect(page.payments).toMatchObject({ record: null, canDelete: false });
    expect(await canInvoice(reader, { type: "sales_order", id: order.body.id })).toBe(false);
    expect(await code(() => invoiceFormChoices(reader))).toBe("forbidden");
  });
});

describe("invoice pages: the form's choices follow the company settings", () => {
  it("a draft or finalised by choice, always a draft, or never; the number field where the settings let the user type it", async () => {
    const w = await world();
    await api(w.token, "PATCH", "/company-settings", { invoice_number_edit_access: "nobody" });
    expect(await invoiceFormChoices(w.ctx)).toEqual({ drafts: "choose", numberEditable: false });
    await api(w.token, "PATCH", "/company-settings", { invoice_draft_forced: true, invoice_number_edit_access: "admins" });
    expect(await invoiceFormChoices(w.ctx)).toEqual({ drafts: "always", numberEditable: true });
    const editor = await ctxOf(w.company, { permissions: ["edit_invoices"] });
    expect((await invoiceFormChoices(editor)).numberEditable).toBe(false);
    await api(w.token, "PATCH", "/company-settings", { use_invoice_draft: false, invoice_number_edit_access: "everyone" });
    expect(await invoiceFormChoices(w.ctx)).toEqual({ drafts: "never", numberEditable: true });
    expect((await invoiceFormChoices(editor)).numberEditable).toBe(true);
  });
});

describe("invoice pages: the Invoice button of an order, a shipping order and an estimate", () => {
  it("an order offers it while something remains to invoice, not awaiting validation nor cancelled", async () => {
    const w = await world();
    const order = await orderFor(w, w.mug.id, "4");
    expect(await canInvoice(w.ctx, { type: "sales_order", id: order.body.id })).toBe(true);
    const invoice = await invoiceFrom(w.ctx, { type: "sales_order", id: order.body.id });
    expect(invoice.lines!.map((l) => l.quantity)).toEqual(["4.0000000"]);
    expect(await canInvoice(w.ctx, { type: "sales_order", id: order.body.id })).toBe(false);
    const other = await orderFor(w, w.mug.id, "1");
    await api(w.token, "POST", `/sales-orders/${other.body.id}/cancel`);
    expect(await canInvoice(w.ctx, { type: "sales_order", id: other.body.id })).toBe(false);
  });

  it("a shipping order offers it until what it shipped is invoiced; an estimate while pending or accepted", async () => {
    const w = await world();
    await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: w.mug.id, quantity: "10" }] });
    const order = await orderFor(w, w.mug.id, "5");
    const shipment = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: order.body.lines[0].id, quantity: "2" }],
    });
    expect(await canInvoice(w.ctx, { type: "shipping_order", id: shipment.body.id })).toBe(true);
    const invoice = await invoiceFrom(w.ctx, { type: "shipping_order", id: shipment.body.id });
    expect(invoice.created_from_id).toBe(shipment.body.id);
    expect(invoice.lines!.map((l) => l.quantity)).toEqual(["2.0000000"]);

    const estimate = await api(w.token, "POST", "/estimates", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "1" }],
    });
    expect(await canInvoice(w.ctx, { type: "estimate", id: estimate.body.id })).toBe(true);
    const fromEstimate = await invoiceFrom(w.ctx, { type: "estimate", id: estimate.body.id });
    expect((await invoiceDetailView(w.ctx, { id: fromEstimate.id })).origin).toMatchObject({ type: "estimate", id: estimate.body.id });
    expect(await canInvoice(w.ctx, { type: "estimate", id: estimate.body.id })).toBe(false);
  });
});

describe("invoice pages: the list's status as shown", () => {
  it("filters on shown_status: overdue is an unpaid invoice past its due date; unpaid is what is not overdue yet", async () => {
    const w = await world();
    const make = (body: Record<string, unknown>) =>
      api(w.token, "POST", "/invoices", {
        customer_id: w.customer.id,
        location_id: w.location,
        lines: [{ variant_id: w.mug.id, quantity: "1" }],
        ...body,
      });
    const late = await make({ date: "2020-01-01", due_date: "2020-01-31", finalize: true });
    const due = await make({ due_date: "2999-01-01", finalize: true });
    const draft = await make({});
    const ids = async (query: Record<string, string>) => (await listInvoices(w.ctx, query)).items.map((i) => i.id).sort();
    expect(await ids({ shown_status: "overdue" })).toEqual([late.body.id]);
    expect(await ids({ shown_status: "unpaid" })).toEqual([due.body.id]);
    expect(await ids({ shown_status: "draft" })).toEqual([draft.body.id]);
    // The stored status still lists both unpaid ones.
    expect(await ids({ status: "unpaid" })).toEqual([late.body.id, due.body.id].sort());
    const page = await api(w.token, "GET", "/invoices?shown_status=overdue");
    expect(page.body.items.map((i: { shown_status: string }) => i.shown_status)).toEqual(["overdue"]);
  });
});

type Page = { loader: (args: never) => Promise<unknown>; action: (args: never) => Promise<unknown> };

describe("invoice pages: the invoice's page and the order's Invoice button, as posted", () => {
  it("the order's button makes the invoice and goes to it; each button of the invoice's page makes its move; a refused payment comes back at its field", async () => {
    const w = await world();
    // A user who invoices but may not change sales orders still invoices one from its page.
    const { context } = await pageContext(w.company, ["view_sales_orders", "view_invoices", "edit_invoices"]);
    const order = await orderFor(w, w.mug.id, "2");
    const post = (page: unknown, path: string, id: number, fields: Record<string, string>) =>
      (page as Page).action({ request: formPost(`${path}/${id}`, fields), params: { id: String(id) }, context } as never);
    const load = async (page: unknown, path: string, id: number) =>
      (await (page as Page).loader({
        request: new Request(`http://app.test${path}/${id}`),
        params: { id: String(id) },
        context,
      } as never)) as { intents: string[]; doc: { status: string; number: string | null } };

    expect((await load(salesOrderPage, "/sales/sales-orders", order.body.id)).intents).toEqual(["invoice"]);
    const made = (await post(salesOrderPage, "/sales/sales-orders", order.body.id, { intent: "invoice" })) as Response;
    expect(made.status).toBe(302);
    const location = made.headers.get("location")!;
    expect(location).toMatch(/^\/sales\/invoices\/\d+\?notice=created$/);
    const id = Number(location.split("/")[3]!.split("?")[0]);
    expect((await load(salesOrderPage, "/sales/sales-orders", order.body.id)).intents).toEqual([]);

    const draft = await load(invoicePage, "/sales/invoices", id);
    expect([draft.doc.status, draft.doc.number, draft.intents]).toEqual(["draft", null, ["finalize", "cancel"]]);
    expect(((await post(invoicePage, "/sales/invoices", id, { intent: "finalize" })) as Response).status).toBe(302);
    expect((await load(invoicePage, "/sales/invoices", id)).doc).toMatchObject({ status: "unpaid", number: "FAC-000001" });

    const refused = (await post(invoicePage, "/sales/invoices", id, {
      intent: "record_payment",
      amount: "5000",
      date: "",
      notes: "too much",
      payment_method_id: "",
    })) as { data: { error: string; fields?: Record<string, unknown>; payment: Record<string, string> } };
    expect(refused.data.payment).toEqual({ amount: "5000", date: "", notes: "too much", payment_method_id: "" });
    // Past what remains to pay: refused at the amount, with what remains.
    expect(refused.data.fields).toEqual({ amount: { code: "more_than_remaining_to_pay", params: { remaining: "20.00" } } });
    const typo = (await post(invoicePage, "/sales/invoices", id, { intent: "record_payment", amount: "abc" })) as {
      data: { fields: Record<string, { code: string }> };
    };
    expect(Object.keys(typo.data.fields)).toEqual(["amount"]);

    expect(((await post(invoicePage, "/sales/invoices", id, { intent: "record_payment", amount: "5" })) as Response).status).toBe(302);
    const paid = (await invoiceDetailView(w.ctx, { id })).payments;
    expect(paid.items.map((p) => p.amount)).toEqual(["5.00"]);
    const gone = await post(invoicePage, "/sales/invoices", id, { intent: "delete_payment", payment_id: String(paid.items[0]!.id) });
    expect((gone as Response).status).toBe(302);
    expect((await invoiceDetailView(w.ctx, { id })).payments.items).toEqual([]);
  });
});
