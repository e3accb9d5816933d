import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returnCreateAction, returnCreateLoader } from "../../app/routes/sales/follows.server";
import { tenantSchema } from "../../db/client";
import { formPost, pageContext } from "../support/page-context";
import { api, fieldCodes, orderFor, pricedVariant, salesWorld, stockLevel } from "./sales-fixtures";

const t = tenantSchema;
const UNIT = 10_000_000;

/** Cheese tracked by batches, 5 in each of two batches; a mug without batches, 10 in stock. */
async function world() {
  const w = await salesWorld();
  const cheese = await pricedVariant(w.db, w.level, "5", [], { batchTracked: true });
  const mug = await pricedVariant(w.db, w.level, "10");
  const [a, b] = await w.db
    .insert(t.batches)
    .values([
      { variantId: cheese.id, number: "LOT-A", expirationDate: "2999-01-01" },
      { variantId: cheese.id, number: "LOT-B", expirationDate: "2999-06-01" },
    ])
    .returning({ id: t.batches.id });
  const entry = await api(w.token, "POST", "/stock-entries", {
    location_id: w.location,
    lines: [
      { variant_id: cheese.id, batch_id: a!.id, quantity: "5" },
      { variant_id: cheese.id, batch_id: b!.id, quantity: "5" },
      { variant_id: mug.id, quantity: "10" },
    ],
  });
  expect(entry.status).toBe(201);
  return { ...w, cheese, mug, a: a!.id, b: b!.id };
}
type World = Awaited<ReturnType<typeof world>>;

/** An order of cheese shipped from the batches given (quantity by batch), delivered, invoiced and finalised. */
async function shippedAndInvoiced(w: World, from: [batchId: number, quantity: string][]) {
  const total = from.reduce((n, [, q]) => n + Number(q), 0);
  const order = await orderFor(w, w.cheese.id, String(total));
  expect(order.status).toBe(201);
  const line = order.body.lines[0].id;
  const shipment = await api(w.token, "POST", "/shipping-orders", {
    sales_order_id: order.body.id,
    lines: from.map(([batch_id, quantity]) => ({ line_id: line, quantity, batch_id })),
  });
  expect(shipment.status).toBe(201);
  expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/deliver`)).status).toBe(200);
  const invoice = await api(w.token, "POST", "/invoices", { sales_order_id: order.body.id, finalize: true });
  expect(invoice.status).toBe(201);
  return { order: order.body as { id: number; lines: { id: number }[] }, invoice: invoice.body as { id: number; lines: { id: number }[] } };
}

/** What each batch holds at the world's location, in units, and whether the batches add up to the level. */
async function batchStock(w: World) {
  const rows = await w.db
    .select({ batchId: t.batchStock.batchId, quantity: t.batchStock.quantity })
    .from(t.batchStock)
    .where(eq(t.batchStock.locationId, w.location));
  const of = (id: number) => Number(rows.find((r) => r.batchId === id)?.quantity ?? 0) / UNIT;
  const { onHand } = await stockLevel(w.db, w.cheese.id, w.location);
  return { a: of(w.a), b: of(w.b), onHand, addsUp: of(w.a) + of(w.b) === onHand };
}

describe("returned units of a batch-tracked variant", () => {
  it("go back into the batch they shipped from, and leave it again when the return is cancelled", async () => {
    const w = await world();
    const { invoice } = await shippedAndInvoiced(w, [[w.a, "3"]]);
    expect(await batchStock(w)).toEqual({ a: 2, b: 5, onHand: 7, addsUp: true });
    const back = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.id,
      lines: [{ line_id: invoice.lines[0]!.id, quantity: "2" }],
    });
    expect(back.status).toBe(201);
    expect(await batchStock(w)).toEqual({ a: 4, b: 5, onHand: 9, addsUp: true });
    expect((await api(w.token, "POST", `/product-returns/${back.body.id}/cancel`)).status).toBe(200);
    expect(await batchStock(w)).toEqual({ a: 2, b: 5, onHand: 7, addsUp: true });
  });

  it("shipped from several batches, name theirs: refused without, naming the line's field, in English and French", async () => {
    const w = await world();
    const { invoice } = await shippedAndInvoiced(w, [
      [w.a, "3"],
      [w.b, "1"],
    ]);
    const line = invoice.lines[0]!.id;
    const other = await pricedVariant(w.db, w.level, "5", [], { batchTracked: true });
    const [foreign] = await w.db.insert(t.batches).values({ variantId: other.id, number: "LOT-X" }).returning({ id: t.batches.id });
    const refused = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.id,
      lines: [
        { line_id: line, quantity: "1" },
        { line_id: line, quantity: "1", batch_id: foreign!.id },
      ],
    });
    expect([refused.status, fieldCodes(refused)]).toEqual([
      422,
      { "lines.0.batch_id": "batch_required", "lines.1.batch_id": "unknown_batch" },
    ]);
    const inFrench = await api(
      w.token,
      "POST",
      "/product-returns",
      { invoice_id: invoice.id, lines: [{ line_id: line, quantity: "1" }] },
      { "accept-language": "fr" },
    );
    expect(inFrench.body.error.fields["lines.0.batch_id"].message).toBe("Ce produit est suivi par lot : choisissez un lot");
    const bad = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.id,
      lines: [{ line_id: line, quantity: "1", batch_id: "x" }],
    });
    expect([bad.status, fieldCodes(bad)]).toEqual([422, { "lines.0.batch_id": "unknown_batch" }]);
    expect(await batchStock(w)).toEqual({ a: 2, b: 4, onHand: 6, addsUp: true });

    // One line split over two batches: each gets its units back.
    const split = await api(w.token, "POST", "/product-returns", {
      invoice_id: invoice.id,
      lines: [
        { line_id: line, quantity: "2", batch_id: w.a },
        { line_id: line, quantity: "1", batch_id: w.b },
      ],
    });
    expect(split.status).toBe(201);
    expect(await batchStock(w)).toEqual({ a: 4, b: 5, onHand: 9, addsUp: true });
    // Not put back in stock: no batch is asked for.
    const broken = await api(w.token, "POST", "/product-returns", { invoice_id: invoice.id, add_in_inventory: false });
    expect(broken.status).toBe(201);
    expect(await batchStock(w)).toEqual({ a: 4, b: 5, onHand: 9, addsUp: true });
  });

  it("a return received later puts its units into the batch named when it was made; a variant without batches takes none", async () => {
    const w = await world();
    const { order } = await shippedAndInvoiced(w, [[w.a, "3"]]);
    const pending = await api(w.token, "POST", "/product-returns", {
      sales_order_id: order.id,
      received: false,
      lines: [{ line_id: order.lines[0]!.id, quantity: "3", batch_id: w.b }],
    });
    expect([pending.status, pending.body.status]).toEqual([201, "pending"]);
    expect(await batchStock(w)).toEqual({ a: 2, b: 5, onHand: 7, addsUp: true });
    expect((await api(w.token, "POST", `/product-returns/${pending.body.id}/receive`)).status).toBe(200);
    expect(await batchStock(w)).toEqual({ a: 2, b: 8, onHand: 10, addsUp: true });
    expect((await api(w.token, "POST", `/product-returns/${pending.body.id}/cancel`)).status).toBe(200);
    expect(await batchStock(w)).toEqual({ a: 2, b: 5, onHand: 7, addsUp: true });

    const mugs = await api(w.token, "POST", "/invoices", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "2" }],
      finalize: true,
    });
    const wrong = await api(w.token, "POST", "/product-returns", {
      invoice_id: mugs.body.id,
      lines: [{ line_id: mugs.body.lines[0].id, quantity: "1", batch_id: w.a }],
    });
    expect([wrong.status, fieldCodes(wrong)]).toEqual([422, { "lines.0.batch_id": "not_batch_tracked" }]);
    const right = await api(w.token, "POST", "/product-returns", {
      invoice_id: mugs.body.id,
      lines: [{ line_id: mugs.body.lines[0].id, quantity: "1" }],
    });
    expect(right.status).toBe(201);
    expect(await stockLevel(w.db, w.mug.id, w.location)).toMatchObject({ onHand: 11 });
  });

  it("the return form offers a batch-tracked line its variant's batches, the one it shipped from chosen, and posts the one picked", async () => {
    const w = await world();
    const { invoice } = await shippedAndInvoiced(w, [[w.a, "3"]]);
    const line = invoice.lines[0]!.id;
    const { ctx: rc } = await pageContext(w.company);
    const page = await returnCreateLoader(rc, new Request(`http://app.test/sales/product-returns/new?invoice_id=${invoice.id}`));
    expect(page.source!.lines).toEqual([
      expect.objectContaining({
        id: line,
        batch_id: w.a,
        batches: [
          { id: w.b, number: "LOT-B", expiration_date: "2999-06-01" },
          { id: w.a, number: "LOT-A", expiration_date: "2999-01-01" },
        ],
      }),
    ]);
    await returnCreateAction(
      rc,
      formPost("/sales/product-returns/new", {
        idempotency_key: `return-batch-${w.a}`,
        source_type: "invoice",
        source_id: String(invoice.id),
        line_id: String(line),
        [`quantity_${line}`]: "1",
        [`batch_${line}`]: String(w.b),
        add_in_inventory: "on",
        received: "on",
      }),
    ).catch((thrown: unknown) => {
      // The redirect to the new return is thrown as a Response.
      if (!(thrown instanceof Response)) throw thrown;
    });
    expect(await batchStock(w)).toEqual({ a: 2, b: 6, onHand: 8, addsUp: true });
  });
});
