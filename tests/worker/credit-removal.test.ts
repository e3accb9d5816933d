import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addUser } from "../support/factories";
import { api, orderFor, pricedVariant, salesWorld, type SalesWorld } from "./sales-fixtures";

/**
 * Removing one credit of a credit note (DELETE /credit-notes/{id}/credits/{creditId}, decision
 * 042): the invoice gets back what it took off, the credit note what it applied, the statuses and
 * the order's payment status follow, once however many removals race.
 */

/** A sales world with 100 mugs at 10.00 in stock. */
async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  const entry = await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: "100" }] });
  expect(entry.status).toBe(201);
  return { ...w, mug };
}
type World = Awaited<ReturnType<typeof world>>;

/** An order of `quantity` mugs, delivered, invoiced whole and finalised (unpaid). */
async function soldAndInvoiced(w: World, quantity: string) {
  const order = await orderFor(w, w.mug.id, quantity);
  expect(order.status).toBe(201);
  const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
  expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/deliver`)).status).toBe(200);
  const invoice = await api(w.token, "POST", "/invoices", { sales_order_id: order.body.id, finalize: true });
  expect([invoice.status, invoice.body.status]).toEqual([201, "unpaid"]);
  return { order: order.body as { id: number }, invoice: invoice.body as { id: number; lines: { id: number }[] } };
}

/** A credit note of `quantity` mugs of the invoice. */
async function creditNoteOf(w: World, invoice: { id: number; lines: { id: number }[] }, quantity: string) {
  const note = await api(w.token, "POST", "/credit-notes", {
    invoice_id: invoice.id,
    lines: [{ line_id: invoice.lines[0]!.id, quantity }],
  });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  return note.body as { id: number };
}

async function credit(w: SalesWorld, noteId: number, body: Record<string, unknown>): Promise<number> {
  const applied = await api(w.token, "POST", `/credit-notes/${noteId}/credits`, body);
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  return applied.body.id as number;
}

const get = async (w: SalesWorld, path: string) => (await api(w.token, "GET", path)).body;
const remove = (w: SalesWorld, noteId: number, creditId: number, token = w.token) =>
  api(token, "DELETE", `/credit-notes/${noteId}/credits/${creditId}`);

/** Every invoice's and credit note's stored amounts are their payments and credits. */
async function assertMoneyHolds(w: SalesWorld, step: string) {
  const rows = await w.db.all<{
    id: number;
    type: string;
    total: number;
    paid: number;
    credited: number;
    remaining: number;
    credits: number;
    payments: number;
  }>(
    sql`select id, type, total, amount_paid as paid, amount_credited as credited,
      case when type = 'invoice' then remaining_to_pay else remaining_to_credit end as remaining,
      (select coalesce(sum(amount), 0) from invoice_credits where invoice_id = d.id or credit_note_id = d.id) as credits,
      (select coalesce(sum(amount), 0) from payments where invoice_id = d.id) as payments
      from sales_documents d where type in ('invoice', 'credit_note')`,
  );
  for (const r of rows) {
    expect(Number(r.credited), `${step}: ${r.type} ${r.id}'s stored credits`).toBe(Number(r.credits));
    const expected = r.type === "invoice" ? Number(r.total) - Number(r.payments) - Number(r.credits) : Number(r.total) - Number(r.credits);
    expect(Number(r.remaining), `${step}: ${r.type} ${r.id}'s remainder`).toBe(expected);
  }
}

describe("removing a credit of a credit note", () => {
  it("gives the paid invoice its amount back to pay (partially paid), the credit note its remainder (pending), and reopens the order", async () => {
    const w = await world();
    const { order, invoice } = await soldAndInvoiced(w, "3");
    const note = await creditNoteOf(w, invoice, "1");
    const creditId = await credit(w, note.id, { invoice_id: invoice.id });
    const paid = await api(w.token, "POST", `/invoices/${invoice.id}/payments`, { amount: "20" });
    expect([paid.status, paid.body.invoice.status]).toEqual([201, "paid"]);
    expect(await get(w, `/sales-orders/${order.id}`)).toMatchObject({ status: "completed_automatically", payment_status: "paid" });
    expect(await get(w, `/credit-notes/${note.id}`)).toMatchObject({ status: "credited", remaining_to_credit: "0.00" });

    const removed = await remove(w, note.id, creditId);
    expect(removed.status).toBe(204);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({
      status: "partially_paid",
      amount_paid: "20.00",
      amount_credited: "0.00",
      remaining_to_pay: "10.00",
    });
    expect(await get(w, `/credit-notes/${note.id}`)).toMatchObject({
      status: "pending",
      amount_credited: "0.00",
      remaining_to_credit: "10.00",
    });
    expect(await get(w, `/sales-orders/${order.id}`)).toMatchObject({ status: "in_progress", payment_status: "partially_paid" });
    expect((await get(w, `/credit-notes/${note.id}/credits`)).data).toEqual([]);
    await assertMoneyHolds(w, "removed");

    // Removed, it can be applied again.
    await credit(w, note.id, { invoice_id: invoice.id });
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ status: "paid", remaining_to_pay: "0.00" });
    expect(await get(w, `/sales-orders/${order.id}`)).toMatchObject({ status: "completed_automatically", payment_status: "paid" });
  });

  it("moves a credited invoice back to unpaid, and one credit of two leaves the credit note partially credited", async () => {
    const w = await world();
    const { order, invoice } = await soldAndInvoiced(w, "3");
    const note = await creditNoteOf(w, invoice, "3");
    const first = await credit(w, note.id, { invoice_id: invoice.id, amount: "12" });
    const second = await credit(w, note.id, { invoice_id: invoice.id, amount: "18" });
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ status: "credited", remaining_to_pay: "0.00" });
    expect(await get(w, `/sales-orders/${order.id}`)).toMatchObject({ payment_status: "paid" });

    expect((await remove(w, note.id, second)).status).toBe(204);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({
      status: "partially_credited",
      amount_credited: "12.00",
      remaining_to_pay: "18.00",
    });
    expect(await get(w, `/credit-notes/${note.id}`)).toMatchObject({
      status: "partially_credited",
      amount_credited: "12.00",
      remaining_to_credit: "18.00",
    });
    expect(await get(w, `/sales-orders/${order.id}`)).toMatchObject({ payment_status: "unpaid" });

    expect((await remove(w, note.id, first)).status).toBe(204);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ status: "unpaid", amount_credited: "0.00", remaining_to_pay: "30.00" });
    expect(await get(w, `/credit-notes/${note.id}`)).toMatchObject({ status: "pending", remaining_to_credit: "30.00" });
    await assertMoneyHolds(w, "both removed");
  });

  it("two removals of the same credit at once: one removes it, the other finds nothing (404), and the amounts move once", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "3");
    const note = await creditNoteOf(w, invoice, "2");
    const creditId = await credit(w, note.id, { invoice_id: invoice.id, amount: "5" });
    const kept = await credit(w, note.id, { invoice_id: invoice.id, amount: "7" });

    const answers = await Promise.all([remove(w, note.id, creditId), remove(w, note.id, creditId), remove(w, note.id, creditId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404]);
    expect(answers.filter((a) => a.status === 404).every((a) => a.body?.error?.code === "credit_not_found")).toBe(true);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ amount_credited: "7.00", remaining_to_pay: "23.00" });
    expect(await get(w, `/credit-notes/${note.id}`)).toMatchObject({ amount_credited: "7.00", remaining_to_credit: "13.00" });
    expect((await get(w, `/credit-notes/${note.id}/credits`)).data.map((c: { id: number }) => c.id)).toEqual([kept]);
    await assertMoneyHolds(w, "raced removals");
  });

  it("answers 404 for a credit that is not this credit note's: another credit note's, another company's, one removed by cancelling", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "3");
    const note = await creditNoteOf(w, invoice, "1");
    const other = await creditNoteOf(w, invoice, "1");
    const mine = await credit(w, note.id, { invoice_id: invoice.id });
    const theirs = await credit(w, other.id, { invoice_id: invoice.id });

    // Another credit note's credit, through this one.
    const refused = await remove(w, note.id, theirs);
    expect([refused.status, refused.body.error.code]).toEqual([404, "credit_not_found"]);
    // Another company's credit (each company has its own database, so ids repeat across them): with
    // more credits than this company, its last one's id names no credit here.
    const elsewhere = await world();
    const sold = await soldAndInvoiced(elsewhere, "3");
    const foreignNote = await creditNoteOf(elsewhere, sold.invoice, "3");
    let foreign = 0;
    for (const amount of ["1", "1", "1", "1"]) foreign = await credit(elsewhere, foreignNote.id, { invoice_id: sold.invoice.id, amount });
    expect(foreign).toBeGreaterThan(Math.max(mine, theirs));
    expect((await remove(w, note.id, foreign)).status).toBe(404);
    expect((await remove(w, foreignNote.id, foreign)).status).toBe(404);
    expect((await remove(w, note.id, 0)).status).toBe(404);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ amount_credited: "20.00", remaining_to_pay: "10.00" });
    expect(await get(elsewhere, `/credit-notes/${foreignNote.id}`)).toMatchObject({ amount_credited: "4.00" });

    // A cancelled credit note's credits are already removed.
    expect((await api(w.token, "POST", `/credit-notes/${note.id}/cancel`)).status).toBe(200);
    expect((await remove(w, note.id, mine)).status).toBe(404);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ amount_credited: "10.00", remaining_to_pay: "20.00" });
    await assertMoneyHolds(w, "refused removals");
  });

  it("asks the credit note's edit permission: who only reads credit notes gets 403 and the credit stays", async () => {
    const w = await world();
    const { invoice } = await soldAndInvoiced(w, "3");
    const note = await creditNoteOf(w, invoice, "1");
    const creditId = await credit(w, note.id, { invoice_id: invoice.id });
    const reader = await addUser(w.company.companyId, { permissions: ["view_credit_notes", "view_invoices"] });
    const refused = await remove(w, note.id, creditId, reader.token);
    expect([refused.status, refused.body?.error?.code]).toEqual([403, "forbidden"]);
    expect((await get(w, `/credit-notes/${note.id}/credits`)).data.map((c: { id: number }) => c.id)).toEqual([creditId]);
    expect(await get(w, `/invoices/${invoice.id}`)).toMatchObject({ amount_credited: "10.00" });
  });
});
