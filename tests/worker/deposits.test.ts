import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, fieldCodes, makeTax, pricedVariant, salesWorld } from "./sales-fixtures";

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** An order of 10 mugs at 10.00 (VAT 20 %) and 5 books at 20.00 (VAT 5.5 %): 120.00 + 105.50 = 225.50. */
async function world() {
  const w = await salesWorld();
  const [vat, reduced] = [await makeTax(w.db, "20"), await makeTax(w.db, "5.5")];
  const mug = await pricedVariant(w.db, w.level, "10", [vat]);
  const book = await pricedVariant(w.db, w.level, "20", [reduced]);
  const order = await api(w.token, "POST", "/sales-orders", {
    customer_id: w.customer.id,
    location_id: w.location,
    lines: [
      { variant_id: mug.id, quantity: "10" },
      { variant_id: book.id, quantity: "5" },
    ],
  });
  expect([order.status, order.body.total]).toEqual([201, "225.50"]);
  const [mugLine, bookLine] = order.body.lines as { id: number }[];
  return { ...w, vat, reduced, order: order.body as { id: number; number: string }, mugLine: mugLine!.id, bookLine: bookLine!.id };
}
type World = Awaited<ReturnType<typeof world>>;

const invoiceOf = (w: World, body: Record<string, unknown>) =>
  api(w.token, "POST", "/invoices", { sales_order_id: w.order.id, finalize: true, ...body });
const deposit = (w: World, percentage: string) => invoiceOf(w, { deposit_percentage: percentage });
const pay = (w: World, id: number, amount: string) => api(w.token, "POST", `/invoices/${id}/payments`, { amount, date: "2026-11-20" });

type Line = { kind: string; description: string; price: string; total: string; taxes: { id: number; rate: string; amount: string }[] };
const depositLines = (invoice: { lines: Line[] }) =>
  invoice.lines.filter((l) => l.kind === "deposit").map((l) => [l.description, l.price, l.taxes.map((t) => t.amount)]);
const orderPayment = async (w: World) => (await api(w.token, "GET", `/sales-orders/${w.order.id}`)).body.payment_status;

describe("deposit invoices", () => {
  it("bill a percentage of the order at each of its tax rates, and the order's later invoices deduct them until nothing is left", async () => {
    const w = await world();
    const made = await deposit(w, "30");
    expect([made.status, made.body.is_deposit, made.body.total]).toEqual([201, true, "67.65"]);
    expect(depositLines(made.body)).toEqual([
      [`Deposit of 30 % on order ${w.order.number}`, "30.0000", ["6.00"]],
      [`Deposit of 30 % on order ${w.order.number}`, "30.0000", ["1.65"]],
    ]);
    // A deposit takes no quantity of the order: everything remains to invoice.
    expect((await pay(w, made.body.id, "67.65")).status).toBe(201);
    expect(await orderPayment(w)).toBe("partially_paid");

    // Five mugs bill 50.00 at 20 %: the 30.00 deposited at that rate comes off; nothing at 5.5 % is billed yet.
    const partial = await invoiceOf(w, { lines: [{ line_id: w.mugLine, quantity: "5" }] });
    expect([partial.status, partial.body.total]).toEqual([201, "24.00"]);
    expect(depositLines(partial.body)).toEqual([[`Deposit invoice ${made.body.number} deducted`, "-30.0000", ["-6.00"]]]);

    // The invoice that leaves nothing to invoice takes what is left: 30.00 at 5.5 %.
    const last = await invoiceOf(w, {});
    expect([last.status, last.body.total]).toEqual([201, "133.85"]);
    expect(depositLines(last.body)).toEqual([[`Deposit invoice ${made.body.number} deducted`, "-30.0000", ["-1.65"]]]);
    // The deposit and the two invoices add up to the order.
    expect(67.65 + 24 + 133.85).toBeCloseTo(225.5, 6);

    expect((await pay(w, partial.body.id, "24.00")).status).toBe(201);
    expect(await orderPayment(w)).toBe("partially_paid");
    expect((await pay(w, last.body.id, "133.85")).status).toBe(201);
    expect(await orderPayment(w)).toBe("paid");
  });

  it("in French, say so in French", async () => {
    const w = await world();
    const made = await api(
      w.token,
      "POST",
      "/invoices",
      { sales_order_id: w.order.id, finalize: true, deposit_percentage: "12.5" },
      {
        "accept-language": "fr",
      },
    );
    expect(made.status).toBe(201);
    expect(made.body.lines[0].description).toBe(`Acompte de 12,5 % sur la commande ${w.order.number}`);
  });

  it("never bill more than the order, take a percentage and no line, and answer bad input on its field", async () => {
    const w = await world();
    expect((await deposit(w, "60")).status).toBe(201);
    const past = await deposit(w, "50");
    expect([past.status, fieldCodes(past)]).toEqual([422, { deposit_percentage: "deposits_past_order_total" }]);
    expect(fieldCodes(await deposit(w, "0"))).toEqual({ deposit_percentage: "too_small" });
    expect(fieldCodes(await deposit(w, "100.01"))).toEqual({ deposit_percentage: "too_large" });
    expect(fieldCodes(await deposit(w, "1e999"))).toMatchObject({ deposit_percentage: expect.any(String) });
    expect(fieldCodes(await invoiceOf(w, { is_deposit: true }))).toEqual({ deposit_percentage: "required" });
    const withLines = await invoiceOf(w, { deposit_percentage: "10", lines: [{ line_id: w.mugLine, quantity: "1" }] });
    expect(fieldCodes(withLines)).toEqual({ lines: "invalid" });
  });

  it("are deducted once, however many invoices are made at once", async () => {
    const w = await world();
    const made = await deposit(w, "20");
    expect([made.status, made.body.total]).toEqual([201, "45.10"]); // 20.00 at 20 % and 20.00 at 5.5 %
    // Ten invoices of one mug (10.00 at 20 %) at once: together they may deduct the 20.00 once.
    const answers = await Promise.all(range(10).map(() => invoiceOf(w, { lines: [{ line_id: w.mugLine, quantity: "1" }] })));
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    const [row] = await w.db.all<{ deducted: number; negative: number }>(
      sql`select coalesce(sum(l.price), 0) as deducted,
        (select count(*) from sales_documents where type = 'invoice' and total < 0) as negative
        from sales_document_lines l join sales_documents d on d.id = l.document_id
        where l.kind = 'deposit' and l.price < 0 and d.status <> 'cancelled'`,
    );
    expect(Number(row!.deducted)).toBeGreaterThanOrEqual(-20 * 10_000);
    expect(Number(row!.negative)).toBe(0);
    // Whatever was left is deducted by the invoice that ends the order: all 20.00 at 20 % in the end.
    const last = await invoiceOf(w, {});
    expect(last.status).toBe(201);
    const [after] = await w.db.all<{ deducted: number }>(
      sql`select coalesce(sum(l.price), 0) as deducted from sales_document_lines l join sales_documents d on d.id = l.document_id
        where l.kind = 'deposit' and l.price < 0 and d.status <> 'cancelled' and l.taxes like ${`%"id":${w.vat},%`}`,
    );
    expect(Number(after!.deducted)).toBe(-20 * 10_000);
  });

  it("stays while an invoice deducts it: that invoice is cancelled first, which frees the deposit again", async () => {
    const w = await world();
    const made = await deposit(w, "10");
    const final = await invoiceOf(w, {});
    expect(final.body.total).toBe(String((225.5 - 22.55).toFixed(2)));
    const refused = await api(w.token, "POST", `/invoices/${made.body.id}/cancel`);
    expect([refused.status, refused.body.error.code, refused.body.error.params]).toEqual([
      409,
      "deposit_deducted",
      { labels: final.body.number },
    ]);
    expect((await api(w.token, "POST", `/invoices/${final.body.id}/cancel`)).status).toBe(200);
    // The next invoice of the order deducts the deposit again.
    const again = await invoiceOf(w, {});
    expect(again.body.total).toBe("202.95");
    expect((await api(w.token, "POST", `/invoices/${again.body.id}/cancel`)).status).toBe(200);
    expect((await api(w.token, "POST", `/invoices/${made.body.id}/cancel`)).status).toBe(200);
    // A cancelled deposit is deducted by nothing.
    expect((await invoiceOf(w, {})).body.total).toBe("225.50");
  });

  it("keep their deduction when the invoice's lines are edited", async () => {
    const w = await world();
    await deposit(w, "10");
    const draft = await invoiceOf(w, { finalize: false });
    expect([draft.body.status, draft.body.total]).toEqual(["draft", "202.95"]);
    const goods = (draft.body.lines as (Line & { lid: string; variant_id: number; quantity: string })[]).filter(
      (l) => l.kind !== "deposit",
    );
    const edited = await api(w.token, "PATCH", `/invoices/${draft.body.id}`, {
      lines: goods.map((l) => ({ lid: l.lid, variant_id: l.variant_id, quantity: l.quantity, price: l.price })),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.total).toBe("202.95");
    expect(depositLines(edited.body)).toEqual(depositLines(draft.body));
  });
});
