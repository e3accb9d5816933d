// npm run bench — p50, p95, p99, requests/s, database round trips and CPU time per request for the health
// check, server-rendered pages, API lists, token refresh, sign-in and stock documents, at a fixed
// concurrency. Uses BENCH_URL if set (with BENCH_DB_URL, its database server, for round trips),
// else serves the built app in workerd through Miniflare, without the `wrangler dev` proxy.
// Each row's workerd CPU is also a multiple of the health row's and of health checks sent just before it; its round trips are its own
// (made before its answer) then all until the database falls quiet (the outbox's work included).
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { join } from "node:path";
import { DEMO_BUYER_EMAIL, DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/lib/config";
import { dbServerStats } from "../support/db-server-stats";
import { freePort } from "../support/free-port";
import { cpuPerRequest, cpuSample } from "./cpu";
import { startDbServerProcess } from "./db-process";
import { lightFetch } from "./light-fetch";
import { startAppInMiniflare } from "./miniflare-app";
import { startProfile, summarizeProfile } from "./profile";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
/** Sequential requests over which the database round trips of one request are averaged. */
const ROUND_TRIP_SAMPLES = 10;

/** Pipeline requests the database server has answered, all databases together (null when unknown). */
async function databaseRequests(): Promise<number | null> {
  if (!dbUrl) return null;
  const { pipelines } = await dbServerStats(dbUrl);
  return Object.values(pipelines).reduce((a, b) => a + b, 0);
}

/** Waits until the database server has answered nothing new for QUIET_MS (the outbox's queue waits up to a second). */
const QUIET_MS = 1_500;
async function quietDatabase(): Promise<number | null> {
  let last = await databaseRequests();
  if (last === null) return null;
  for (let quietSince = Date.now(); Date.now() - quietSince < QUIET_MS;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = (await databaseRequests())!;
    if (now !== last) [last, quietSince] = [now, Date.now()];
  }
  return last;
}

/** The round trips a request made before its answer, as the Worker counts them (outside production, `server-timing`). */
function ownRoundTrips(response: Response): number | null {
  const found = /db;desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "");
  return found ? Number(found[1]) : null;
}

/**
 * Round trips of one request, over a few requests sent one at a time: its own before the answer
 * (the Worker's count), and all the database answered until it fell quiet again, the work left
 * to after the answer (the outbox's dispatch, its queue's consumer) included.
 */
async function roundTrips(make: () => Promise<Response>): Promise<{ own: string; all: string }> {
  const before = await quietDatabase();
  let own: number | null = 0;
  for (let i = 0; i < ROUND_TRIP_SAMPLES; i++) {
    const response = await make();
    await response.arrayBuffer();
    const count = ownRoundTrips(response);
    own = own === null || count === null ? null : own + count;
  }
  const after = await quietDatabase();
  const per = (n: number | null) => (n === null ? "n/a" : (n / ROUND_TRIP_SAMPLES).toFixed(1));
  return { own: per(own), all: per(before === null ? null : after! - before) };
}

/**
 * The health row's workerd CPU per request: every other row's is also printed as a multiple of it,
 * a figure that holds from one machine (and one load) to the next better than milliseconds do.
 */
const HEALTH = "GET /api/v1/health";
let health: number | undefined;
/**
 * Health requests sent just before each row, a second measure of its multiple: the load of these
 * shared cores drifts over a run of several minutes, and the health row is measured first, its
 * code not yet optimised by the runtime (its CPU per request is higher than later). 0: none.
 */
const HEALTH_BEFORE_EACH = Number(process.env.BENCH_HEALTH_BEFORE_EACH ?? 500);

/** Workerd CPU per request of `requests` health checks sent now, at the bench's concurrency. */
async function healthNow(requests: number): Promise<number> {
  let next = 0;
  const before = cpuSample(dbPid);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < requests) await (await fetch(`${base}/api/v1/health`)).arrayBuffer();
    }),
  );
  return Number(cpuPerRequest(before, cpuSample(dbPid), requests).workerd);
}

/** BENCH_ONLY=sales,stock: only the rows whose name contains one of these words (the others are skipped). */
const ONLY = process.env.BENCH_ONLY?.split(",").map((word) => word.trim().toLowerCase());

/**
 * With `ttfb`, the time until the response headers arrive (a streamed page's first byte); with
 * `expectStatus`, the status every answer must have (else any 2xx).
 */
async function measure(
  name: string,
  make: () => Promise<Response>,
  requests = REQUESTS,
  options: { ttfb?: boolean; concurrency?: number; thinkMs?: number; expectStatus?: number } = {},
) {
  if (ONLY && name !== HEALTH && !ONLY.some((word) => name.toLowerCase().includes(word))) return;
  for (let i = 0; i < Math.min(50, requests / 10); i++) await (await make()).arrayBuffer(); // warm-up
  const trips = await roundTrips(make);
  const healthBefore = name !== HEALTH && HEALTH_BEFORE_EACH > 0 ? await healthNow(HEALTH_BEFORE_EACH) : undefined;
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  let firstFailure = "";
  const stopProfile = inspector ? await startProfile(inspector) : null;
  const timeline: [number, number][] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  if (process.env.BENCH_SLOWEST) loopDelay.enable();
  const cpuBefore = cpuSample(dbPid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency ?? CONCURRENCY }, async () => {
      // People do not all click at the same instant: paced clients start spread over one think time.
      if (options.thinkMs) await new Promise((r) => setTimeout(r, options.thinkMs! * Math.random()));
      while (next++ < requests) {
        const t = performance.now();
        const response = await make();
        const firstByte = performance.now() - t;
        const body = await response.arrayBuffer();
        latencies.push(options.ttfb ? firstByte : performance.now() - t);
        if (process.env.BENCH_SLOWEST) timeline.push([t - started, latencies.at(-1)!]);
        if ((options.expectStatus ? response.status !== options.expectStatus : !response.ok) && failures++ === 0)
          firstFailure = `${response.status} ${response.headers.get("location") ?? ""} ${new TextDecoder().decode(body).slice(0, 300)}`;
        // A person between two clicks: from half to one and a half times the think time.
        if (options.thinkMs) await new Promise((r) => setTimeout(r, options.thinkMs! * (0.5 + Math.random())));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuPerRequest(cpuBefore, cpuSample(dbPid), requests);
  if (name === HEALTH) health = Number(cpu.workerd);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
  const row = {
    name,
    requests: latencies.length,
    failures,
    p50_ms: pct(0.5),
    p95_ms: pct(0.95),
    p99_ms: pct(0.99),
    rps: (latencies.length / seconds).toFixed(0),
    round_trips: trips.own,
    round_trips_with_background: trips.all,
    cpu_x_health: health ? (Number(cpu.workerd) / health).toFixed(1) : "n/a",
    cpu_x_health_before: healthBefore ? (Number(cpu.workerd) / healthBefore).toFixed(1) : "n/a",
    cpu_ms_workerd: cpu.workerd,
    cpu_ms_db: cpu.db,
    cpu_ms_bench: cpu.bench,
  };
  if (firstFailure) console.log(`  first failure: ${firstFailure}`);
  const profileSummary =
    stopProfile &&
    summarizeProfile(await stopProfile(), join(process.env.BENCH_PROFILE!, `${name.replace(/[^a-z0-9]+/gi, "-")}.cpuprofile`));
  console.log(
    `${name.padEnd(38)} p50 ${row.p50_ms.padStart(6)} ms  p95 ${row.p95_ms.padStart(6)} ms  p99 ${row.p99_ms.padStart(6)} ms  ${row.rps.padStart(5)} req/s  ${trips.own.padStart(4)} db round trips (${trips.all} with background)  cpu/req ${cpu.workerd} ms workerd (${row.cpu_x_health}× health${healthBefore ? `, ${row.cpu_x_health_before}× the ${healthBefore.toFixed(2)} ms of health just before` : ""}) + ${cpu.db} ms db + ${cpu.bench} ms load  (${row.requests} requests, ${failures} failed)`,
  );
  if (profileSummary) console.log(profileSummary);
  // BENCH_SLOWEST=1: when the slowest 1 % started (ms into the run) and how long each took, to tell a pause from a queue.
  if (process.env.BENCH_SLOWEST)
    console.log(
      `  slowest: ${timeline
        .sort((a, b) => b[1] - a[1])
        .slice(0, Math.ceil(timeline.length / 100))
        .sort((a, b) => a[0] - b[0])
        .map(([at, ms]) => `${(at / 1000).toFixed(2)}s:${ms.toFixed(0)}ms`)
        .join(
          " ",
        )}; the load generator's event loop stalled at most ${(loopDelay.max / 1e6).toFixed(0)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms`,
    );
  loopDelay.disable();
  return row;
}

let stop = async () => {};
let controlUrl = process.env.BENCH_CONTROL_URL;
let base = process.env.BENCH_URL;
let dbUrl = process.env.BENCH_DB_URL;
let inspector: string | undefined;
let dbPid: number | undefined;
if (!base) {
  const dir = mkdtempSync(join(tmpdir(), "comptoir-bench-"));
  const db = await startDbServerProcess(dir);
  dbUrl = db.url;
  dbPid = db.pid;
  const app = await startAppInMiniflare({
    dbUrl: db.url,
    stateDir: dir,
    port: await freePort(),
    secrets: { SESSION_SECRET: randomBytes(32).toString("hex"), PASSWORD_PEPPER: randomBytes(32).toString("hex") },
    seedScale: (process.env.BENCH_SCALE as "small" | "large" | undefined) ?? "small",
  });
  base = app.url;
  controlUrl = app.controlUrl;
  inspector = app.inspector;
  if (inspector) mkdirSync(process.env.BENCH_PROFILE!, { recursive: true });
  stop = async () => {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}
// The app is served on its own socket (miniflare-app.ts): the address Cloudflare would give, so that
// sign-ins are counted by address as well, as in production.
const signIn = () =>
  fetch(`${base}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "127.0.0.1" },
    body: JSON.stringify({ grant_type: "password", username: DEMO_EMAIL, password: DEMO_PASSWORD, client_id: "comptoir-web" }),
  });
const first = await signIn();
if (!first.ok) throw new Error(`cannot sign in the demo user (status ${first.status})`);
const tokens = (await first.json()) as Tokens;
const cookie = `session=v1:${tokens.access_token}:${tokens.refresh_token}:${Date.now() + tokens.expires_in * 1000}`;

// Refresh tokens are spent on use: each call takes one from the pool and puts back its successor.
const refreshPool: string[] = [];
for (let i = 0; i < CONCURRENCY; i++) refreshPool.push(((await (await signIn()).json()) as Tokens).refresh_token);
async function refresh(): Promise<Response> {
  const refreshToken = refreshPool.shift()!;
  const response = await fetch(`${base}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: "comptoir-web" }),
  });
  const body = (await response.json()) as Tokens;
  refreshPool.push(response.ok ? body.refresh_token : refreshToken);
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

// Other work on the machine shows in every figure: the load average is printed with them.
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
console.log(
  `benchmark against ${base}, concurrency ${CONCURRENCY}, ${REQUESTS} requests each, ${new Date().toISOString()}, load average ${load()}`,
);
await measure(HEALTH, () => fetch(`${base}/api/v1/health`));
await measure("GET /dashboard (SSR, signed in)", () => fetch(`${base}/dashboard`, { headers: { cookie } }));
// What every back-office page pays before its own content: the session, the shell's data and its
// render, React Router's walk. A signed-in unknown address answers the shell around a short 404.
await measure("GET shell alone (SSR, signed-in 404)", () => fetch(`${base}/shell-probe`, { headers: { cookie } }), REQUESTS, {
  expectStatus: 404,
});
await measure("GET /api/v1/locations (db read)", () =>
  fetch(`${base}/api/v1/locations`, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
);
await measure("POST /oauth2/token refresh_token", refresh);
// Catalogue: a page of 50 products with a filter and a sort, and searches by SKU and label prefix.
const bearer = { authorization: `Bearer ${tokens.access_token}` };
const productList = "page_size=50&brand_id=2&active=true&sort=-label";
await measure("GET /api/v1/products filter+sort", () => fetch(`${base}/api/v1/products?${productList}`, { headers: bearer }));
await measure("GET /api/v1/products search SKU", () => fetch(`${base}/api/v1/products?search=SWE-012&page_size=50`, { headers: bearer }));
await measure("GET /api/v1/products search label", () =>
  fetch(`${base}/api/v1/products?search=Sweat%20lin&page_size=50`, { headers: bearer }),
);
await measure(
  "GET products page (SSR, TTFB)",
  () => fetch(`${base}/products-and-services/products?${productList}`, { headers: { cookie } }),
  REQUESTS,
  { ttfb: true },
);
// Stock: documents written at 20 concurrent clients (each one atomic batch: document, lines,
// conditional level updates and ledger rows), and the contacts and stock lists.
const STOCK_CONCURRENCY = Number(process.env.BENCH_STOCK_CONCURRENCY ?? 20);
const STOCK_REQUESTS = Number(process.env.BENCH_STOCK_REQUESTS ?? 1000);
const locations = ((await (await fetch(`${base}/api/v1/locations?active=true`, { headers: bearer })).json()) as { items: { id: number }[] })
  .items;
const levels = (
  (await (await fetch(`${base}/api/v1/stock-levels?location_id=${locations[0]!.id}&page_size=40`, { headers: bearer })).json()) as {
    items: { variant_id: number; batch_tracked: boolean }[];
  }
).items.filter((l) => !l.batch_tracked);
let round = 0;
const stockLines = (count: number) =>
  Array.from({ length: count }, () => ({ variant_id: levels[round++ % levels.length]!.variant_id, quantity: "1" }));
const postJson = (path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: "POST", headers: { ...bearer, "content-type": "application/json" }, body: JSON.stringify(body) });
await measure(
  "POST /api/v1/stock-entries (3 lines)",
  () => postJson("/api/v1/stock-entries", { location_id: locations[0]!.id, lines: stockLines(3) }),
  STOCK_REQUESTS,
  {
    concurrency: STOCK_CONCURRENCY,
  },
);
await measure(
  "POST /api/v1/stock-removals (1 line)",
  () => postJson("/api/v1/stock-removals", { location_id: locations[0]!.id, lines: stockLines(1) }),
  STOCK_REQUESTS,
  {
    concurrency: STOCK_CONCURRENCY,
  },
);
await measure(
  "POST /api/v1/stock-movements (2 lines)",
  () => postJson("/api/v1/stock-movements", { location_id: locations[0]!.id, arrival_location_id: locations[1]!.id, lines: stockLines(2) }),
  STOCK_REQUESTS,
  { concurrency: STOCK_CONCURRENCY },
);
// Sales orders of 10 lines at 20 concurrent clients: each priced by the line engine and saved with
// its number and its stock reservation in one batch. Then every number must be unique, and no
// level the orders touched may be left below zero if the company forbids negative stock.
const SALES_CONCURRENCY = Number(process.env.BENCH_SALES_CONCURRENCY ?? 20);
const SALES_REQUESTS = Number(process.env.BENCH_SALES_REQUESTS ?? 1000);
// Customers without a credit limit or a minimum order: every order of the run is one they may place.
const salesCustomers = (
  (await (await fetch(`${base}/api/v1/customers?page_size=200`, { headers: bearer })).json()) as {
    items: { id: number; credit_limit: string | null; minimum_order_amount: string | null }[];
  }
).items.filter((c) => c.credit_limit === null && c.minimum_order_amount === null);
let salesRound = 0;
const salesStart = Date.now();
await measure(
  "POST /api/v1/sales-orders (10 lines)",
  () =>
    postJson("/api/v1/sales-orders", {
      customer_id: salesCustomers[salesRound++ % salesCustomers.length]!.id,
      location_id: locations[0]!.id,
      lines: stockLines(10),
    }),
  SALES_REQUESTS,
  { concurrency: SALES_CONCURRENCY },
);
if (!ONLY || ONLY.some((word) => "sales".includes(word))) {
  const numbers: string[] = [];
  for (let page = 0; ; page++) {
    const answer = (await (
      await fetch(`${base}/api/v1/sales-orders?page_size=500&page=${page}&created__Gte=${salesStart - 60_000}`, {
        headers: bearer,
      })
    ).json()) as { items: { number: string }[] };
    numbers.push(...answer.items.map((order) => order.number));
    if (answer.items.length < 500) break;
  }
  const levelsAfter = (
    (await (await fetch(`${base}/api/v1/stock-levels?location_id=${locations[0]!.id}&page_size=500`, { headers: bearer })).json()) as {
      items: { variant_id: number; on_hand: string; committed: string }[];
    }
  ).items.filter((l) => levels.some((used) => used.variant_id === l.variant_id));
  const lowest = Math.min(...levelsAfter.map((l) => Number(l.on_hand) - Number(l.committed)));
  console.log(
    `  sales orders: ${numbers.length} listed, ${numbers.length - new Set(numbers).size} duplicate numbers; lowest on hand − committed among the ${levelsAfter.length} levels used: ${lowest}`,
  );
}
await measure("GET /api/v1/stock-levels filter+sort", () =>
  fetch(`${base}/api/v1/stock-levels?location_id=${locations[0]!.id}&page_size=50&sort=-on_hand`, { headers: bearer }),
);
await measure("GET /api/v1/customers search+sort", () =>
  fetch(`${base}/api/v1/customers?search=Bou&page_size=50&sort=label`, { headers: bearer }),
);
const page = (path: string) => () => fetch(`${base}${path}`, { headers: { cookie } });
await measure("GET customers page (SSR, TTFB)", page("/contacts/customers?search=Bou&sort=label"), REQUESTS, { ttfb: true });
await measure("GET stock levels page (SSR, TTFB)", page("/inventory/stock-level"), REQUESTS, { ttfb: true });
// Reorder (issue 27): the levels under their reorder point, over every level of the company (100,000 variants
// at the large scale): the page of every location (p99 ≤ 150 ms asked), and the API's page of one location.
await measure("GET reorder page (SSR, TTFB)", page("/inventory/reorder"), REQUESTS, { ttfb: true });
await measure("GET /api/v1/reorder one location", () =>
  fetch(`${base}/api/v1/reorder?location_id=${locations[0]!.id}`, { headers: bearer }),
);
// Invoices and payments (issue 26): payments of 1.00 on 20 invoices of 10,000.00 (and their tax) at 20
// concurrent clients, each one batch (the payment, the invoice's money and status, its order's payment status);
// the invoice list (100,000 invoices at the large scale); one customer's balance.
const PAYMENT_REQUESTS = Number(process.env.BENCH_PAYMENT_REQUESTS ?? 1000);
const toPay: number[] = [];
// Invoices from scratch may go to any customer (no credit limit checks them).
const billed = ((await (await fetch(`${base}/api/v1/customers?page_size=20`, { headers: bearer })).json()) as { items: { id: number }[] })
  .items;
if (!ONLY || ONLY.some((word) => "payments".includes(word)))
  for (let i = 0; i < 20; i++) {
    const made = await postJson("/api/v1/invoices", {
      customer_id: billed[i % billed.length]!.id,
      location_id: locations[0]!.id,
      lines: [{ variant_id: levels[i % levels.length]!.variant_id, price: "100", quantity: "100" }],
      finalize: true,
    });
    toPay.push(((await made.json()) as { id: number }).id);
  }
let payRound = 0;
await measure(
  "POST /api/v1/invoices/{id}/payments",
  () => postJson(`/api/v1/invoices/${toPay[payRound++ % toPay.length]}/payments`, { amount: "1" }),
  PAYMENT_REQUESTS,
  { concurrency: SALES_CONCURRENCY },
);
await measure("GET /api/v1/invoices list", () => fetch(`${base}/api/v1/invoices?page_size=50`, { headers: bearer }));
await measure("GET /api/v1/invoices unpaid by due date", () =>
  fetch(`${base}/api/v1/invoices?page_size=50&status=unpaid&sort=-due_date`, { headers: bearer }),
);
// Purchasing (issue 27): a delivery of 10 lines (one unit each) against 20 purchase orders of 10 lines,
// at 20 concurrent clients: one read batch and one write batch (the delivery, its lines, the ledger and
// the moving average cost, the order lines' received units, the incoming stock and the order's status).
const DELIVERY_REQUESTS = Number(process.env.BENCH_DELIVERY_REQUESTS ?? 1000);
const toReceive: { id: number; lines: number[] }[] = [];
if (!ONLY || ONLY.some((word) => "deliveries".includes(word))) {
  const supplier = (await (await postJson("/api/v1/suppliers", { name: "Bench supplier" })).json()) as { id: number };
  for (let i = 0; i < 20; i++) {
    const made = await postJson("/api/v1/purchase-orders", {
      supplier_id: supplier.id,
      location_id: locations[0]!.id,
      lines: Array.from({ length: 10 }, (_, k) => ({
        variant_id: levels[(i * 10 + k) % levels.length]!.variant_id,
        quantity: "100000",
        price: "2",
      })),
    });
    const order = (await made.json()) as { id: number; lines: { id: number }[] };
    toReceive.push({ id: order.id, lines: order.lines.map((l) => l.id) });
  }
}
let receiveRound = 0;
await measure(
  "POST /api/v1/deliveries (10 lines)",
  () => {
    const order = toReceive[receiveRound++ % toReceive.length]!;
    return postJson("/api/v1/deliveries", {
      purchase_order_id: order.id,
      lines: order.lines.map((id) => ({ line_id: id, quantity: "1" })),
    });
  },
  DELIVERY_REQUESTS,
  { concurrency: SALES_CONCURRENCY },
);
const balanceOf = billed.at(-1)!.id;
await measure("GET /api/v1/customers/{id}/balance", () => fetch(`${base}/api/v1/customers/${balanceOf}/balance`, { headers: bearer }));
// Each sign-in runs PBKDF2 (100,000 iterations): fewer requests keep the run short.
// The B2B store: its catalogue page (28 products at the buyer's prices, with the stock left), and
// cart changes by 50 buyers at once, each with their own cart (a Durable Object per buyer).
// Its rows go through node:http (light-fetch.ts): lighter on the two cores the server shares with its
// load, and it follows no redirect, so a refused buyer counts as a failure.
const STORE_BUYERS = Number(process.env.BENCH_STORE_BUYERS ?? 50);
const buyerCookies = controlUrl ? await storeBuyerCookies(controlUrl, STORE_BUYERS) : [];
if (buyerCookies.length > 0) {
  const storeVariants = [
    ...(await (await fetch(`${base}/b2b?page=2`, { headers: { cookie: buyerCookies[0]! } })).text()).matchAll(
      /name="variant_id" value="(\d+)"/g,
    ),
  ].map((m) => Number(m[1]));
  // The catalogue as 50 buyers browse it, each turning a page about once a second (the store's real
  // load), then 10 clients asking without pause (the machine's ceiling: latency there is queueing).
  let view = 0;
  const cataloguePage = () => {
    const n = view++;
    return lightFetch(`${base}/b2b?page=${n % 4}`, { headers: { cookie: buyerCookies[n % buyerCookies.length]! } });
  };
  await measure(`GET /b2b catalogue (SSR, TTFB, ${STORE_BUYERS} buyers, 1 s apart)`, cataloguePage, Math.min(REQUESTS, 1000), {
    ttfb: true,
    concurrency: STORE_BUYERS,
    thinkMs: 1000,
  });
  await measure(
    "GET /b2b catalogue (SSR, TTFB, no pause)",
    () => fetch(`${base}/b2b?page=3`, { headers: { cookie: buyerCookies[0]! } }),
    REQUESTS,
    {
      ttfb: true,
    },
  );
  let click = 0;
  const cartUpdate = () => {
    const n = click++;
    // What the cart's form sends from the page (React Router's fetcher posts to the route's .data).
    return lightFetch(`${base}/b2b/cart.data`, {
      method: "POST",
      headers: { cookie: buyerCookies[n % buyerCookies.length]!, "content-type": "application/x-www-form-urlencoded", origin: base! },
      body: new URLSearchParams({
        intent: "update",
        variant_id: String(storeVariants[n % storeVariants.length]),
        pack_id: "",
        quantity: String(1 + (n % 3)),
      }).toString(),
    });
  };
  // 50 buyers clicking about once a second each (the store's real load), then the same 50 clicking
  // without pause (the machine's ceiling: latency there is queueing behind the CPU).
  await measure(`POST /b2b/cart.data update (${STORE_BUYERS} buyers, 1 s apart)`, cartUpdate, Math.min(REQUESTS, 1000), {
    concurrency: STORE_BUYERS,
    thinkMs: 1000,
  });
  await measure(`POST /b2b/cart.data update (${STORE_BUYERS} buyers, no pause)`, cartUpdate, REQUESTS, { concurrency: STORE_BUYERS });
  // After a change the page reads the cart again: the layout's loaders only (the catalogue's own stay as they were).
  await measure("GET /b2b.data cart refresh (layout loaders)", () =>
    fetch(`${base}/b2b.data?page=3&_routes=root,routes/layouts/storefront`, { headers: { cookie: buyerCookies[0]! } }),
  );
}
if (!ONLY || ONLY.some((word) => ["import", "export"].includes(word))) await importExportBench();
await measure("POST /oauth2/token password", signIn, Math.min(REQUESTS, 300));
// Issue 27: a price update of every variant priced in the company's first selling level (+1 %,
// rounded to the cent) as a background operation, then its revert: seconds until each is done.
const PRICE_UPDATE = "price update of every priced variant (+1 %), then its revert";
if (!ONLY || ONLY.some((word) => PRICE_UPDATE.includes(word))) await benchPriceUpdate();

console.log(`load average at the end ${load()}`);
await stop();

async function benchPriceUpdate() {
  const read = async <T>(path: string) => (await (await fetch(`${base}${path}`, { headers: bearer })).json()) as T;
  const levels = await read<{ items: { id: number; type: string }[] }>("/api/v1/price-levels?page_size=100");
  const currencies = await read<{ items: { id: number; is_default: boolean }[] }>("/api/v1/currencies?page_size=100");
  const level = levels.items.find((l) => l.type === "selling");
  const currency = currencies.items.find((c) => c.is_default);
  if (!level || !currency) throw new Error("no selling price level or default currency to update");
  type Update = { id: number; status: string; variants: number; changed: number; reverted: number; kept: number };
  const until = async (id: number, done: (u: Update) => boolean) => {
    for (;;) {
      const update = await read<Update>(`/api/v1/price-updates/${id}`);
      if (done(update)) return update;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const started = performance.now();
  const made = await postJson("/api/v1/price-updates", {
    price_level_id: level.id,
    currency_id: currency.id,
    change: "percentage",
    value: "1",
    rounding: "0.01",
  });
  if (made.status !== 201) throw new Error(`price update refused: ${made.status} ${(await made.text()).slice(0, 300)}`);
  const { id } = (await made.json()) as { id: number };
  const updated = await until(id, (u) => u.status !== "in_progress");
  const updateSeconds = (performance.now() - started) / 1000;
  const revertStarted = performance.now();
  const revert = await postJson(`/api/v1/price-updates/${id}/revert`, {});
  if (!revert.ok) throw new Error(`revert refused: ${revert.status} ${(await revert.text()).slice(0, 300)}`);
  const reverted = await until(id, (u) => u.status !== "revert_in_progress" && u.status !== "completed");
  const revertSeconds = (performance.now() - revertStarted) / 1000;
  console.log(
    JSON.stringify({
      name: PRICE_UPDATE,
      update_s: updateSeconds.toFixed(1),
      update: { status: updated.status, variants: updated.variants, changed: updated.changed },
      revert_s: revertSeconds.toFixed(1),
      revert: { status: reverted.status, reverted: reverted.reverted, kept: reverted.kept },
    }),
  );
}

/**
 * Buyers of the demo store's customer, each signed in: the demo buyer and copies of it (same
 * customer and password), written straight into the control database before the run.
 */
async function storeBuyerCookies(url: string, count: number): Promise<string[]> {
  const { controlDb, controlSchema } = await import("../../db/client");
  const { eq } = await import("drizzle-orm");
  const { newId } = await import("../../worker/domain/shared/ids");
  const control = controlDb({ url });
  const { users, memberships } = controlSchema;
  const [demo] = await control.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
  if (!demo) return [];
  const [membership] = await control.select().from(memberships).where(eq(memberships.userId, demo.id));
  const emails = [DEMO_BUYER_EMAIL];
  for (let i = 1; i < count; i++) {
    const id = newId();
    const email = DEMO_BUYER_EMAIL.replace("@", `+${i}-${id.slice(-6)}@`);
    await control.batch([
      control.insert(users).values({ ...demo, id, email, createdAt: Date.now() }),
      control.insert(memberships).values({ ...membership!, userId: id, createdAt: Date.now() }),
    ]);
    emails.push(email);
  }
  // One after another: sign-ins at once from one address are refused past the address's limit (a
  // sign-in counts against it until it succeeds), and a refused buyer would measure redirects.
  const cookies: string[] = [];
  for (const email of emails) {
    const response = await fetch(`${base}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "comptoir-web" }),
    });
    if (!response.ok) throw new Error(`cannot sign in the store buyer ${email} (status ${response.status}: ${await response.text()})`);
    const t = (await response.json()) as Tokens;
    cookies.push(`session=v1:${t.access_token}:${t.refresh_token}:${Date.now() + t.expires_in * 1000}`);
  }
  return cookies;
}

/**
 * An import of IMPORT_ROWS products (a CSV in the template's columns, with a price and stock) and
 * then an export of the products list to XLSX, through the app as a browser drives them: upload,
 * import, the operations list polled, the live channel listened to. Each is timed end to end, and
 * the live channel's lag is each pushed change's arrival after the change was saved.
 */
async function importExportBench() {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const headers = { cookie, origin: base! };
  const template = await (await fetch(`${base}/settings/import-data/template?kind=products&format=csv`, { headers })).text();
  const header = template
    .replace(/^\ufeff/, "")
    .split("\r\n")[0]!
    .split(",");
  const price = header.findIndex((h) => h.startsWith("Prix") || h.startsWith("Price"));
  const stock = header.findIndex((h) => h.startsWith("Stock"));
  const run = Date.now().toString(36);
  const lines = [header.join(",")];
  for (let i = 0; i < rows; i++)
    lines.push(
      header
        .map((_, c) => (c === 0 ? `Bench ${run} ${i}` : c === 1 ? `B-${run}-${i}` : c === price ? "12.5" : c === stock ? "5" : ""))
        .join(","),
    );
  const csv = lines.join("\n");

  const lags: number[] = [];
  const socket = new WebSocket(`${base!.replace(/^http/, "ws")}/operations/live`, { headers: { cookie } } as unknown as string[]);
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { operation: { updated: number } };
    lags.push(Date.now() - message.operation.updated);
  };
  await new Promise((resolve) => {
    socket.onopen = resolve;
    socket.onerror = resolve;
  });

  const waitFor = async (batchId: string) => {
    for (;;) {
      const { operations } = (await (await fetch(`${base}/operations`, { headers })).json()) as {
        operations: { batch_id: string; status: string; errors: unknown[]; result: unknown }[];
      };
      const op = operations.find((o) => o.batch_id === batchId);
      if (op && op.status !== "in_progress") return op;
      if (process.env.BENCH_VERBOSE) console.error(JSON.stringify(op ?? operations[0] ?? null));
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const started = performance.now();
  const upload = new FormData();
  upload.set("intent", "upload");
  upload.set("kind", "products");
  upload.set("file", new File([csv], "bench.csv", { type: "text/csv" }));
  const uploaded = await (await fetch(`${base}/settings/import-data.data`, { method: "POST", headers, body: upload })).text();
  const fileId = /[0-9A-Za-z]{10,40}\.csv/.exec(uploaded)?.[0];
  if (!fileId) throw new Error(`upload refused: ${uploaded.slice(0, 300)}`);
  const start = new FormData();
  start.set("intent", "import");
  start.set("kind", "products");
  start.set("file_id", fileId);
  start.set("file_name", "bench.csv");
  start.set("map.product", "0");
  start.set("map.sku", "1");
  start.set(`map.price_${await fieldId("price_")}`, String(price));
  start.set(`map.stock_${await fieldId("stock_")}`, String(stock));
  const answer = await (await fetch(`${base}/settings/import-data.data`, { method: "POST", headers, body: start })).text();
  const batchId = /"batch_id","([0-9A-Za-z]+)"/.exec(answer)?.[1] ?? /([0-9a-z]{26})/i.exec(answer.split("batch_id")[1] ?? "")?.[1];
  if (!batchId) throw new Error(`import refused: ${answer.slice(0, 300)}`);
  console.error(`import ${batchId} started`);
  const imported = await waitFor(batchId);
  const importSeconds = (performance.now() - started) / 1000;

  const exportStarted = performance.now();
  const ask = new FormData();
  ask.set("list", "products");
  ask.set("format", "xlsx");
  ask.set("query", "sort=label");
  ask.set(
    "columns",
    JSON.stringify([
      { key: "sku", label: "SKU" },
      { key: "label", label: "Label" },
      { key: "brand", label: "Brand" },
      { key: "active", label: "Status" },
    ]),
  );
  const exportAnswer = (await (
    await fetch(`${base}/operations/export`, { method: "POST", headers: { ...headers, accept: "application/json" }, body: ask })
  ).json()) as {
    operation?: { batch_id: string };
  };
  const exported = await waitFor(exportAnswer.operation!.batch_id);
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  socket.close();
  lags.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      name: `import ${rows} products (CSV) then export the products list (XLSX)`,
      import_s: importSeconds.toFixed(1),
      import: imported,
      export_s: exportSeconds.toFixed(1),
      export: exported,
      pushes: lags.length,
      push_lag_p50_ms: lags[Math.floor(lags.length / 2)] ?? null,
      push_lag_max_ms: lags.at(-1) ?? null,
    }),
  );

  /** The id in a template field (`price_3`): the company's first selling price level and first location, from the mapping the upload proposed. */
  async function fieldId(prefix: string): Promise<string> {
    const found = new RegExp(`"${prefix}(\\d+)"`).exec(uploaded);
    return found?.[1] ?? "";
  }
}
