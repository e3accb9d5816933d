import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { dbServerStats } from "../support/db-server-stats";
import { appRequest } from "../support/app-request";
import { tenantSchema } from "../../db/client";
import { call, productWorld, unique, type ProductWorld } from "./products-fixtures";

// Every HTTP request the Worker sends the database server is one round trip. The Worker here gets
// the control database's address under a label (`/-/<label>/…`), and the company's database is
// this file's own: the server's counters tell these requests apart from other test files'.
const bindings = env as unknown as Record<string, string>;
const label = `round-trips-${unique()}`;
const server = bindings.LOCAL_DB_URL!;
/** The round trips an answer says it made before it was sent (outside production). */
const told = (response: Response) => Number(/db;desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "")?.[1]);
const labelled = { ...bindings, CONTROL_DATABASE_URL: bindings.CONTROL_DATABASE_URL!.replace(server, `${server}/-/${label}`) };

async function counted(): Promise<number> {
  const stats = await dbServerStats(server);
  return (stats.labels[label] ?? 0) + (stats.pipelines[w.company.company.databaseName] ?? 0);
}

/** The database round trips of one API request, the work it leaves to waitUntil included. */
async function roundTrips(path: string, token: string, write?: { method: string; json: unknown; status: number }): Promise<number> {
  const send = async () => {
    const ctx = createExecutionContext();
    const init = write ? { token, method: write.method, json: write.json } : { token };
    const response = await worker.fetch(appRequest("http://app.test", `/api/v1${path}`, init), labelled as never, ctx);
    expect(response.status, path).toBe(write?.status ?? 200);
    await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
  };
  await send(); // the first request of an isolate checks the company's schema version
  const before = await counted();
  await send();
  return (await counted()) - before;
}

let w: ProductWorld;

// A few products and customers, each with what their list shows from other tables (brand, tags,
// variants, addresses, price level, currency): per-row reads would show as more round trips.
beforeAll(async () => {
  w = await productWorld();
  const u = unique();
  for (let i = 0; i < 4; i++) {
    const product = await call("POST", "/products", w.token, {
      label: `Round trip ${u} ${i}`,
      brand_id: w.brand.id,
      tag_ids: w.tags.map((t) => t.id),
      variants: [{ sku: `RT-${u}-${i}` }],
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const customer = await call("POST", "/customers", w.token, {
      label: `Round trip ${u} ${i}`,
      price_level_id: w.retail.id,
      currency_id: w.usd.id,
      addresses: [{ label: "Office", type: "both", address1: `${i} rue du Port`, city: "Nantes", country: "FR" }],
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  }
});

describe("a list through the API costs at most two database round trips: the session, then the page with everything it shows", () => {
  it.each([
    ["products, filtered and sorted", `/products?page_size=50&brand_id=BRAND&active=true&sort=-label`],
    ["products, searched", "/products?search=Round%20trip&page_size=50"],
    ["products, with the total count", "/products?page_size=50&total_count=true"],
    ["customers, searched and sorted", "/customers?search=Round&page_size=50&sort=label"],
    ["stock levels, sorted", "/stock-levels?page_size=50&sort=-on_hand"],
    ["locations", "/locations"],
  ])("%s", async (_name, path) => {
    expect(await roundTrips(path.replace("BRAND", String(w.brand.id)), w.token)).toBeLessThanOrEqual(2);
  });

  it("sees both round trips of a product list, the session lookup and the page (a counter seeing nothing would pass the limit)", async () => {
    expect(await roundTrips("/products?page_size=50", w.token)).toBe(2);
  });
});

describe("a write through the API", () => {
  // Drop shipped: the order reserves no stock, so the count is the document's own machinery.
  it("a 10-line sales order costs at most three round trips: the session, one read batch (pricing), one write batch (with the answer's reads)", async () => {
    const { db } = w.company;
    const variants = (await db.select({ id: tenantSchema.variants.id }).from(tenantSchema.variants).limit(4)).map((v) => v.id);
    const [customer] = await db.select({ id: tenantSchema.customers.id }).from(tenantSchema.customers).limit(1);
    const [location] = await db.select({ id: tenantSchema.locations.id }).from(tenantSchema.locations).limit(1);
    const lines = Array.from({ length: 10 }, (_, i) => ({ variant_id: variants[i % variants.length]!, quantity: "1", discount: "5" }));
    const json = { customer_id: customer!.id, location_id: location!.id, delivery_type: "drop_shipping", shipping_cost: "7.50", lines };
    expect(await roundTrips("/sales-orders", w.token, { method: "POST", json, status: 201 })).toBeLessThanOrEqual(3);
  });
});

describe("outside production, an answer tells the database round trips it made before it was sent (server-timing)", () => {
  it("tells the same count as the database server's for a list", async () => {
    await roundTrips("/products?page_size=50", w.token); // the isolate's first request checks the schema
    const before = await counted();
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      appRequest("http://app.test", "/api/v1/products?page_size=50", { token: w.token }),
      labelled as never,
      ctx,
    );
    await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
    expect(told(response)).toBe(2);
    expect((await counted()) - before).toBe(2);
  });

  it("is not sent in production", async () => {
    const ctx = createExecutionContext();
    const production = { ...labelled, APP_ENV: "production" };
    const response = await worker.fetch(appRequest("http://app.test", "/api/v1/health", {}), production as never, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.headers.get("server-timing")).toBeNull();
  });
});

describe("a stock document through the API, counted by its own answer (the outbox's drain after it is background work)", () => {
  it.each([
    ["stock entry", "/stock-entries"],
    ["stock removal", "/stock-removals"],
  ])(
    "a %s of 3 lines costs at most three round trips: the session, one read batch, one write batch (with the answer's reads)",
    async (_name, path) => {
      const { db } = w.company;
      const variants = (await db.select({ id: tenantSchema.variants.id }).from(tenantSchema.variants).limit(3)).map((v) => v.id);
      const [location] = await db.select({ id: tenantSchema.locations.id }).from(tenantSchema.locations).limit(1);
      const lines = variants.map((variant_id) => ({ variant_id, quantity: "1" }));
      await roundTrips("/locations", w.token); // the isolate's first request checks the schema
      const ctx = createExecutionContext();
      const request = appRequest("http://app.test", `/api/v1${path}`, {
        token: w.token,
        method: "POST",
        json: { location_id: location!.id, lines },
      });
      const response = await worker.fetch(request, labelled as never, ctx);
      const body = await response.text();
      await waitOnExecutionContext(ctx);
      expect(response.status, body).toBe(201);
      expect(told(response)).toBeLessThanOrEqual(3);
      expect(told(response)).toBeGreaterThanOrEqual(2);
    },
  );
});
