import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import type { Bindings } from "../../worker/env";
import { consumeOutboxMessage } from "../../worker/queues/outbox";
import { searchEverything } from "../../worker/domain/search/search-everything";
import { addUser, ctxOf, makeCompany } from "../support/factories";
import { callApi, callApiJson } from "../support/fetch-app";
import { consumerDeps } from "../support/outbox";
import { pdfStrings } from "../support/pdf-text";
import { waitForEmail } from "../support/sink-client";
import { firstLocation, makeLocation, makeVariant } from "../support/isolation/stock";

const t = tenantSchema;
const UNITS = 1e7;
const mailUrl = (env as unknown as Bindings & { TEST_MAIL_URL: string }).TEST_MAIL_URL;

async function level(db: TenantDb, variantId: number, locationId: number) {
  const [row] = await db
    .select({ onHand: t.stockLevels.onHand, incoming: t.stockLevels.incoming })
    .from(t.stockLevels)
    .where(and(eq(t.stockLevels.variantId, variantId), eq(t.stockLevels.locationId, locationId)));
  return { onHand: Number(row?.onHand ?? 0) / UNITS, incoming: Number(row?.incoming ?? 0) / UNITS };
}

async function ledgerSum(db: TenantDb, variantId: number, locationId: number) {
  const rows = await db
    .select({ change: t.inventoryLogs.change })
    .from(t.inventoryLogs)
    .where(and(eq(t.inventoryLogs.variantId, variantId), eq(t.inventoryLogs.locationId, locationId)));
  return rows.reduce((s, r) => s + r.change, 0) / UNITS;
}

async function mac(db: TenantDb, variantId: number) {
  const [row] = await db.select({ mac: t.variants.movingAverageCost }).from(t.variants).where(eq(t.variants.id, variantId));
  return row!.mac / 10_000;
}

/**
 * A company buying from a supplier in USD (1 EUR = 1.25 USD) whose purchasing level prices x at
 * 12.50 USD: x plain, b batch-tracked, and 4 units of x already in stock at 8.00 EUR.
 */
async function world() {
  const company = await makeCompany();
  const { db, token } = company;
  const location = await firstLocation(db);
  const [usd] = await db.insert(t.currencies).values({ iso: "USD", label: "Dollar", sign: "$", exchangeRate: 125_000_000 }).returning();
  const [buying] = await db.insert(t.priceLevels).values({ label: "Buying", type: "purchasing" }).returning();
  const x = await makeVariant(db);
  const b = await makeVariant(db, { batchTracked: true });
  await db.insert(t.prices).values([
    { variantId: x.id, priceLevelId: buying!.id, currencyId: usd!.id, amount: 125_000 },
    { variantId: b.id, priceLevelId: buying!.id, currencyId: usd!.id, amount: 50_000 },
  ]);
  const [supplier] = await db
    .insert(t.suppliers)
    .values({ name: "Acme Supply", email: "orders@acme.test", defaultCurrencyId: usd!.id, defaultPriceLevelId: buying!.id })
    .returning();
  const entry = await callApiJson("POST", "/stock-entries", token, {
    location_id: location,
    lines: [{ variant_id: x.id, quantity: "4", unit_cost: "8" }],
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  return { company, db, token, location, x, b, supplier: supplier!, usd: usd! };
}

type World = Awaited<ReturnType<typeof world>>;

const order = (w: World, lines: unknown[], extra: Record<string, unknown> = {}) =>
  callApiJson("POST", "/purchase-orders", w.token, { supplier_id: w.supplier.id, location_id: w.location, lines, ...extra });

describe("purchase orders and deliveries", () => {
  it("prices for the supplier in its currency, counts incoming, receives in parts with the moving average cost, and completes by itself", async () => {
    const w = await world();
    const made = await order(w, [{ variant_id: w.x.id, quantity: "10" }]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: "pending", currency: "USD", total: "125.00", supplier: { label: "Acme Supply" } });
    expect(made.body.number).toMatch(/^ACH-\d{6}$/);
    expect(made.body.lines[0]).toMatchObject({ price: "12.5000", units: "10.0000000", remaining_units: "10.0000000", stocked: true });
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 4, incoming: 10 });

    const lineId = made.body.lines[0].id;
    const first = await callApiJson("POST", "/deliveries", w.token, {
      purchase_order_id: made.body.id,
      lines: [{ line_id: lineId, quantity: "6" }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ type: "delivery", status: "delivered", purchase_order_id: made.body.id });
    expect(first.body.number).toMatch(/^REC-\d{6}$/);
    // 12.50 USD at 1.25 = 10.00 EUR a unit: (4 × 8 + 6 × 10) / 10 = 9.20.
    expect(first.body.lines[0].unit_cost).toBe("10.0000");
    expect(await mac(w.db, w.x.id)).toBe(9.2);
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 10, incoming: 4 });
    const partly = await callApiJson("GET", `/purchase-orders/${made.body.id}`, w.token);
    expect(partly.body).toMatchObject({ status: "in_progress", received_units: "6.0000000", remaining_units: "4.0000000" });

    // More than remains is refused, naming the line's quantity with what remains.
    const over = await callApiJson("POST", "/deliveries", w.token, {
      purchase_order_id: made.body.id,
      lines: [{ line_id: lineId, quantity: "5" }],
    });
    expect(over.status).toBe(422);
    expect(over.body.error.fields["lines.0.quantity"]).toMatchObject({ code: "more_than_remaining", params: { remaining: "4.0000000" } });

    // Without lines: all that remains.
    const rest = await callApiJson("POST", "/deliveries", w.token, { purchase_order_id: made.body.id });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.lines.map((l: { quantity: string }) => l.quantity)).toEqual(["4.0000000"]);
    const done = await callApiJson("GET", `/purchase-orders/${made.body.id}`, w.token);
    expect(done.body.status).toBe("completed_automatically");
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 14, incoming: 0 });
    expect(await ledgerSum(w.db, w.x.id, w.location)).toBe(14);
    const nothing = await callApiJson("POST", "/deliveries", w.token, { purchase_order_id: made.body.id });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.code).toBe("purchase_order_closed");

    // Cancelling the last delivery takes its goods out and reopens the order, which expects them again.
    const undone = await callApiJson("POST", `/deliveries/${rest.body.id}/cancel`, w.token);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe("cancelled");
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 10, incoming: 4 });
    expect((await callApiJson("GET", `/purchase-orders/${made.body.id}`, w.token)).body.status).toBe("in_progress");
    expect(await ledgerSum(w.db, w.x.id, w.location)).toBe(10);
  });

  it("cancelling an order cancels its deliveries in one write: goods out, nothing incoming", async () => {
    const w = await world();
    const made = await order(w, [{ variant_id: w.x.id, quantity: "10" }]);
    const got = await callApiJson("POST", "/deliveries", w.token, {
      purchase_order_id: made.body.id,
      lines: [{ line_id: made.body.lines[0].id, quantity: "3" }],
    });
    expect(got.status).toBe(201);
    const cancelled = await callApiJson("POST", `/purchase-orders/${made.body.id}/cancel`, w.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await callApiJson("GET", `/deliveries/${got.body.id}`, w.token)).body.status).toBe("cancelled");
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 4, incoming: 0 });
    expect(await ledgerSum(w.db, w.x.id, w.location)).toBe(4);
    // A cancelled order takes no delivery and no edit.
    expect((await callApiJson("POST", "/deliveries", w.token, { purchase_order_id: made.body.id })).status).toBe(409);
    expect((await callApiJson("PATCH", `/purchase-orders/${made.body.id}`, w.token, { notes: "x" })).status).toBe(409);
  });

  it("completing by hand stops the incoming units and moves no stock", async () => {
    const w = await world();
    const made = await order(w, [{ variant_id: w.x.id, quantity: "10" }]);
    const completed = await callApiJson("POST", `/purchase-orders/${made.body.id}/complete`, w.token);
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe("completed_manually");
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 4, incoming: 0 });
  });

  it("receives batch-tracked goods into a new batch with its expiry, refusing a duplicate, an expired one or none", async () => {
    const w = await world();
    const made = await order(w, [{ variant_id: w.b.id, quantity: "5" }]);
    const lineId = made.body.lines[0].id;
    const receive = (line: Record<string, unknown>) =>
      callApiJson("POST", "/deliveries", w.token, {
        purchase_order_id: made.body.id,
        lines: [{ line_id: lineId, quantity: "2", ...line }],
      });
    expect((await receive({})).body.error.fields["lines.0.batch_number"].code).toBe("batch_required");
    expect((await receive({ batch_number: "L1", expiration_date: "2001-01-01" })).body.error.fields["lines.0.expiration_date"].code).toBe(
      "batch_expired",
    );
    const got = await receive({ batch_number: "L1", expiration_date: "2099-12-31" });
    expect(got.status, JSON.stringify(got.body)).toBe(201);
    expect(got.body.lines[0].batch_number).toBe("L1");
    const [batch] = await w.db.select().from(t.batches).where(eq(t.batches.variantId, w.b.id));
    expect(batch).toMatchObject({ number: "L1", expirationDate: "2099-12-31" });
    const [held] = await w.db.select().from(t.batchStock).where(eq(t.batchStock.batchId, batch!.id));
    expect(held!.quantity / UNITS).toBe(2);
    const again = await receive({ batch_number: "L1" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("duplicate_batch");
    // Into the existing batch by id.
    expect((await receive({ batch_id: batch!.id })).status).toBe(201);
    expect(await level(w.db, w.b.id, w.location)).toEqual({ onHand: 4, incoming: 1 });
  });

  it("never receives more than ordered under parallel deliveries", async () => {
    const w = await world();
    const made = await order(w, [{ variant_id: w.x.id, quantity: "10" }]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        callApiJson("POST", "/deliveries", w.token, {
          purchase_order_id: made.body.id,
          lines: [{ line_id: made.body.lines[0].id, quantity: "3" }],
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 201).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(3);
    const after = await level(w.db, w.x.id, w.location);
    expect(after.onHand).toBe(4 + 3 * ok);
    expect(after.incoming).toBe(10 - 3 * ok);
    expect(await ledgerSum(w.db, w.x.id, w.location)).toBe(after.onHand);
  });

  it("edits keep what was received; a kit is refused; bad input and permissions answer clearly", async () => {
    const w = await world();
    const made = await order(w, [{ variant_id: w.x.id, quantity: "10" }]);
    await callApiJson("POST", "/deliveries", w.token, {
      purchase_order_id: made.body.id,
      lines: [{ line_id: made.body.lines[0].id, quantity: "6" }],
    });
    const below = await callApiJson("PATCH", `/purchase-orders/${made.body.id}`, w.token, {
      lines: [{ lid: made.body.lines[0].lid, variant_id: w.x.id, quantity: "5" }],
    });
    expect(below.status).toBe(422);
    expect(below.body.error.fields["lines.0.quantity"]).toMatchObject({ code: "below_received", params: { received: "6.0000000" } });
    const more = await callApiJson("PATCH", `/purchase-orders/${made.body.id}`, w.token, {
      lines: [{ lid: made.body.lines[0].lid, variant_id: w.x.id, quantity: "12" }],
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.lines[0]).toMatchObject({ received_units: "6.0000000", remaining_units: "6.0000000" });
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 10, incoming: 6 });

    const kit = await makeVariant(w.db, { isKit: true });
    const refused = await order(w, [{ variant_id: kit.id, quantity: "1" }]);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields["lines.0.variant_id"].code).toBe("kit_not_purchasable");
    const huge = await order(w, [{ variant_id: w.x.id, quantity: "1e30" }]);
    expect(huge.status).toBe(422);
    const noSupplier = await callApiJson("POST", "/purchase-orders", w.token, { location_id: w.location, lines: [] });
    expect(noSupplier.body.error.fields.supplier_id.code).toBe("required");
    const other = await makeLocation(w.db, { active: false });
    expect(
      (await callApiJson("POST", "/deliveries", w.token, { purchase_order_id: made.body.id, location_id: other })).body.error.fields
        .location_id.code,
    ).toBe("unknown_location");

    const viewer = await addUser(w.company.companyId, { permissions: ["view_purchase_orders"] });
    expect((await callApiJson("GET", `/purchase-orders/${made.body.id}`, viewer.token)).status).toBe(200);
    expect((await order({ ...w, token: viewer.token }, [])).status).toBe(403);
    expect((await callApiJson("POST", "/deliveries", viewer.token, { purchase_order_id: made.body.id })).status).toBe(403);
  });

  it("prints for the supplier in its currency and is emailed to the supplier's address with its PDF", async () => {
    const w = await world();
    const made = await order(w, [{ variant_id: w.x.id, quantity: "10" }], { expected_date: "2026-12-15", supplier_reference: "ACME-77" });
    const response = await callApi("GET", `/purchase-orders/${made.body.id}/pdf`, w.token);
    expect(response.status, response.status === 200 ? "" : await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/pdf");
    const printed = (await pdfStrings(new Uint8Array(await response.arrayBuffer()))).join("\n");
    expect(printed).toContain(made.body.number);
    expect(printed).toContain("Acme Supply");
    // The supplier is not billed: the party prints under "Supplier".
    expect(printed).toContain("SUPPLIER");
    expect(printed).not.toContain("BILL TO");
    expect(printed).toMatch(/125[.,]00/);
    expect(printed).toContain("ACME-77");

    const queued = await callApiJson("POST", `/purchase-orders/${made.body.id}/email`, w.token, { language: "en" });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body.to).toEqual(["orders@acme.test"]);
    const [row] = await w.db.select().from(t.outbox).where(eq(t.outbox.topic, "email.document"));
    const handled = await consumeOutboxMessage(consumerDeps(), {
      type: "company_outbox",
      companyId: w.company.companyId,
      outboxId: row!.id,
      topic: row!.topic,
      payload: row!.payload,
    });
    expect(handled).toBe("handled");
    const mail = await waitForEmail(mailUrl, "orders@acme.test");
    expect(mail.subject).toContain(made.body.number);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${made.body.number}.pdf`, contentType: "application/pdf" })]);
    // A viewer prints it but does not send it.
    const viewer = await addUser(w.company.companyId, { permissions: ["view_purchase_orders"] });
    expect((await callApi("GET", `/purchase-orders/${made.body.id}/pdf`, viewer.token)).status).toBe(200);
    expect((await callApiJson("POST", `/purchase-orders/${made.body.id}/email`, viewer.token, {})).status).toBe(403);
  });

  it("finds orders and deliveries by their number in the global search, with their supplier and status", async () => {
    const w = await world();
    const made = await order(w, [{ variant_id: w.x.id, quantity: "2" }]);
    const got = await callApiJson("POST", "/deliveries", w.token, { purchase_order_id: made.body.id });
    expect(got.status).toBe(201);
    const ctx = await ctxOf(w.company);
    const found = await searchEverything(ctx, { q: made.body.number });
    expect(found).toContainEqual(
      expect.objectContaining({
        type: "purchase_orders",
        id: made.body.id,
        href: `/inventory/purchase-orders/${made.body.id}`,
        customer: "Acme Supply",
        status: "completed_automatically",
        total: "25.00",
      }),
    );
    expect(await searchEverything(ctx, { q: got.body.number })).toContainEqual(
      expect.objectContaining({ type: "deliveries", id: got.body.id, href: `/inventory/deliveries/${got.body.id}` }),
    );
  });

  it("receives pack lines in packs: what remains is said in packs, all that remains comes in whole", async () => {
    const w = await world();
    const [pack] = await w.db
      .insert(t.packs)
      .values({ variantId: w.x.id, label: "Box of 6", quantity: 6 * UNITS })
      .returning();
    const made = await order(w, [{ pack_id: pack!.id, quantity: "3", price: "30" }]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.lines[0]).toMatchObject({ kind: "pack", quantity: "3.0000000", units: "18.0000000" });
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 4, incoming: 18 });
    const over = await callApiJson("POST", "/deliveries", w.token, {
      purchase_order_id: made.body.id,
      lines: [{ line_id: made.body.lines[0].id, quantity: "4" }],
    });
    expect(over.body.error.fields["lines.0.quantity"]).toMatchObject({ code: "more_than_remaining", params: { remaining: "3.0000000" } });
    const two = await callApiJson("POST", "/deliveries", w.token, {
      purchase_order_id: made.body.id,
      lines: [{ line_id: made.body.lines[0].id, quantity: "2" }],
    });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    // 30.00 a box of 6 at 1.25: 4.00 EUR a unit.
    expect(two.body.lines[0]).toMatchObject({ quantity: "12.0000000", unit_cost: "4.0000" });
    const rest = await callApiJson("POST", "/deliveries", w.token, { purchase_order_id: made.body.id });
    expect(rest.body.lines[0].quantity).toBe("6.0000000");
    expect(await level(w.db, w.x.id, w.location)).toEqual({ onHand: 22, incoming: 0 });
  });
});
