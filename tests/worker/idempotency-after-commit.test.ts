import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { callApi } from "../support/fetch-app";
import { pricedVariant, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";

const t = tenantSchema;

/**
 * Runs `work` while a table of the company's database is renamed away: a real failure of the
 * database for the statements that read it, and for them only. Restored whatever happens.
 */
async function withoutTable<T>(db: TenantDb, table: string, work: () => Promise<T>): Promise<T> {
  await db.run(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    return await work();
  } finally {
    await db.run(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}

/**
 * Runs `work` while the company's database refuses to store an answer for a key (a trigger on
 * the update that writes it): the request fails after its write batch committed.
 */
async function withAnswersRefused<T>(db: TenantDb, work: () => Promise<T>): Promise<T> {
  await db.run(
    sql.raw("create trigger answers_refused before update of status on idempotency_keys begin select raise(abort, 'answers refused'); end"),
  );
  try {
    return await work();
  } finally {
    await db.run(sql.raw("drop trigger answers_refused"));
  }
}

function post(w: SalesWorld, path: string, body: unknown, key: string) {
  return callApi("POST", path, w.token, body, { "idempotency-key": key });
}

async function salesOrders(db: TenantDb) {
  return db.select({ id: t.salesDocuments.id }).from(t.salesDocuments).where(eq(t.salesDocuments.type, "sales_order"));
}

async function stockEntries(db: TenantDb) {
  return db.select({ id: t.stockDocuments.id }).from(t.stockDocuments).where(eq(t.stockDocuments.type, "entry"));
}

async function keyRow(db: TenantDb, key: string) {
  const [row] = await db
    .select()
    .from(t.idempotencyKeys)
    .where(and(eq(t.idempotencyKeys.key, key)));
  return row;
}

async function orderWorld() {
  const w = await salesWorld();
  const variant = await pricedVariant(w.db, w.level, "12.5");
  const order = { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: variant.id, quantity: "2" }] };
  return { w, variant, order };
}

describe("an idempotency key whose request saved its document and then failed", () => {
  it("a sales order saved before its answer failed is not saved again: the retry gets that order, replayed", async () => {
    const { w, variant, order } = await orderWorld();
    // The order's batch commits; keeping the answer for the key fails.
    const failed = await withAnswersRefused(w.db, () => post(w, "/sales-orders", order, "order-1"));
    expect(failed.status).toBe(500);
    const [saved] = await salesOrders(w.db);
    expect(saved).toBeDefined();
    expect(await keyRow(w.db, "order-1")).toMatchObject({ status: null, resource: { type: "sales_order", id: saved!.id } });

    const retry = await post(w, "/sales-orders", order, "order-1");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("content-type")).toContain("application/json");
    const body = await retry.text();
    const read = await callApi("GET", `/sales-orders/${saved!.id}`, w.token);
    expect(JSON.parse(body)).toEqual(await read.json());
    // The answer rebuilt is kept: a further retry gets the same bytes.
    const again = await post(w, "/sales-orders", order, "order-1");
    expect([again.status, again.headers.get("idempotent-replayed"), await again.text()]).toEqual([201, "true", body]);

    expect(await salesOrders(w.db)).toHaveLength(1);
    expect(await stockLevel(w.db, variant.id, w.location)).toEqual({ onHand: 0, committed: 2 });
  });

  it("a stock entry saved before its answer failed is not saved again: the retry gets that entry, replayed", async () => {
    const { w, variant } = await orderWorld();
    const entry = { location_id: w.location, lines: [{ variant_id: variant.id, quantity: "5" }] };
    const failed = await withAnswersRefused(w.db, () => post(w, "/stock-entries", entry, "entry-1"));
    expect(failed.status).toBe(500);
    const [saved] = await stockEntries(w.db);
    expect(saved).toBeDefined();

    const retry = await post(w, "/stock-entries", entry, "entry-1");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const read = await callApi("GET", `/stock-entries/${saved!.id}`, w.token);
    expect(await retry.json()).toEqual(await read.json());

    expect(await stockEntries(w.db)).toHaveLength(1);
    expect(await stockLevel(w.db, variant.id, w.location)).toEqual({ onHand: 5, committed: 0 });
  });

  it("a saved move, which creates nothing to read back, keeps its key: the retry is refused with idempotency_key_committed, never run again", async () => {
    const { w, variant, order } = await orderWorld();
    const made = await post(w, "/sales-orders", order, "order-to-cancel");
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const failed = await withAnswersRefused(w.db, () => post(w, `/sales-orders/${id}/cancel`, undefined, "cancel-1"));
    expect(failed.status).toBe(500);
    expect(await keyRow(w.db, "cancel-1")).toMatchObject({ status: null, committedAt: expect.any(Number), resource: null });
    const retry = await post(w, `/sales-orders/${id}/cancel`, undefined, "cancel-1");
    expect(retry.status).toBe(409);
    expect(((await retry.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "idempotency_key_committed",
      message: expect.stringMatching(/already saved/),
    });
    expect(await stockLevel(w.db, variant.id, w.location)).toEqual({ onHand: 0, committed: 0 });
  });

  it("a record saved, whose answer was lost, and deleted since cannot be answered again: the retry is refused with idempotency_key_committed", async () => {
    const { w } = await orderWorld();
    const customer = { label: `Gone ${Date.now()}` };
    const failed = await withAnswersRefused(w.db, () => post(w, "/customers", customer, "customer-gone"));
    expect(failed.status).toBe(500);
    const [saved] = await w.db.select({ id: t.customers.id }).from(t.customers).where(eq(t.customers.label, customer.label));
    expect((await callApi("DELETE", `/customers/${saved!.id}?acknowledge=cascade&acknowledge=irreversible`, w.token)).status).toBe(204);
    const retry = await post(w, "/customers", customer, "customer-gone");
    expect(retry.status).toBe(409);
    expect(((await retry.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_committed");
    expect(await w.db.select({ id: t.customers.id }).from(t.customers).where(eq(t.customers.label, customer.label))).toHaveLength(0);
  });

  it("a request that failed before saving anything frees its key: the retry runs, and saves once", async () => {
    const { w, order } = await orderWorld();
    // The prices are read to price the order, before its batch.
    const failed = await withoutTable(w.db, "prices", () => post(w, "/sales-orders", order, "order-2"));
    expect(failed.status).toBe(500);
    expect(await salesOrders(w.db)).toHaveLength(0);
    expect(await keyRow(w.db, "order-2")).toBeUndefined();

    const retry = await post(w, "/sales-orders", order, "order-2");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await salesOrders(w.db)).toHaveLength(1);
  });

  it("20 requests sent at once with the same key create one sales order; the others wait their turn or replay it", async () => {
    const { w, variant, order } = await orderWorld();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(w, "/sales-orders", order, "same")));
    const bodies = await Promise.all(
      answers.map(async (a) => ({
        status: a.status,
        replayed: a.headers.get("idempotent-replayed"),
        body: (await a.json()) as { id?: number; error?: { code: string } },
      })),
    );
    expect(bodies.every((a) => a.status === 201 || (a.status === 409 && a.body.error?.code === "idempotency_key_in_progress"))).toBe(true);
    const created = bodies.filter((a) => a.status === 201);
    expect(created.filter((a) => a.replayed === null)).toHaveLength(1);
    const orders = await salesOrders(w.db);
    expect(orders).toHaveLength(1);
    for (const answer of created) expect(answer.body.id).toBe(orders[0]!.id);
    expect(await stockLevel(w.db, variant.id, w.location)).toEqual({ onHand: 0, committed: 2 });
  });
});
