// npm run bench:compare -- <other checkout> [<checkout>]: this tree's build (or the second checkout's)
// and another checkout's build (each
// built, each served in workerd through Miniflare with its own database server) measured side by
// side. Each row's requests go to both in alternating slices, so that what else the shared cores
// run falls on both alike; a row's workerd CPU per request is also a multiple of each side's own
// health checks, measured the same way in the same run. A row's change is the mean of its slices'
// changes (each slice against the other side's slice beside it), with the half-width of its 95 %
// interval: a change within it is not told apart from the machine's noise.
// BENCH_ONLY picks rows as in `npm run bench`; BENCH_SLICES (10) slices of BENCH_SLICE (200) requests
// per side and row, at BENCH_CONCURRENCY (10) clients.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/lib/config";
import { freePort } from "../support/free-port";
import { workerdCpuMs, workerdPids } from "./cpu";
import { lightFetch } from "./light-fetch";
import { pairedChange } from "./paired-change";

const other = process.argv[2] ?? process.env.BENCH_COMPARE;
if (!other) throw new Error("usage: npm run bench:compare -- <path of another checkout, built>");
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SLICES = Number(process.env.BENCH_SLICES ?? 10);
const SLICE = Number(process.env.BENCH_SLICE ?? 200);
const ONLY = process.env.BENCH_ONLY?.split(",").map((word) => word.trim().toLowerCase());

interface Side {
  name: string;
  base: string;
  pids: number[];
  cookie: string;
  bearer: Record<string, string>;
  /** A 10-line sales order's body, each call the next lines of the levels and the next customer (as `npm run bench` sends them). */
  nextOrder(): string;
  /** A stock document's body at the first location: the next `count` levels, one unit each. */
  nextStockLines(count: number): string;
  /** The path of a payment of 1.00 on the next of 20 finalized invoices of 10,000.00 (as `npm run bench` pays them). */
  nextPayment(): string;
  close(): Promise<void>;
}

/** Serves a checkout's build with that checkout's own code (its migrations, its seed, its Miniflare setup). */
async function serve(root: string, name: string): Promise<Side> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  const { startDbServerProcess } = (await load("tests/bench/db-process.ts")) as typeof import("./db-process");
  const { startAppInMiniflare } = (await load("tests/bench/miniflare-app.ts")) as typeof import("./miniflare-app");
  const dir = mkdtempSync(join(tmpdir(), "comptoir-compare-"));
  const db = await startDbServerProcess(dir);
  const before = new Set(workerdPids());
  const app = await startAppInMiniflare({
    dbUrl: db.url,
    stateDir: dir,
    port: await freePort(),
    secrets: { SESSION_SECRET: randomBytes(32).toString("hex"), PASSWORD_PEPPER: randomBytes(32).toString("hex") },
    seedScale: "small",
  });
  const pids = workerdPids().filter((pid) => !before.has(pid));
  const token = await fetch(`${app.url}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "password", username: DEMO_EMAIL, password: DEMO_PASSWORD, client_id: "comptoir-web" }),
  });
  if (!token.ok) throw new Error(`${name}: cannot sign in the demo user (status ${token.status})`);
  const t = (await token.json()) as { access_token: string; refresh_token: string; expires_in: number };
  const bearer = { authorization: `Bearer ${t.access_token}` };
  const get = async <T>(path: string) => (await (await fetch(`${app.url}${path}`, { headers: bearer })).json()) as T;
  const [location] = (await get<{ items: { id: number }[] }>("/api/v1/locations?active=true")).items;
  const levels = (
    await get<{ items: { variant_id: number; batch_tracked: boolean }[] }>(`/api/v1/stock-levels?location_id=${location!.id}&page_size=40`)
  ).items.filter((l) => !l.batch_tracked);
  const customers = (
    await get<{ items: { id: number; credit_limit: string | null; minimum_order_amount: string | null }[] }>(
      "/api/v1/customers?page_size=200",
    )
  ).items.filter((c) => c.credit_limit === null && c.minimum_order_amount === null);
  // Made only when the payments row is measured: 20 invoices take 5,000 payments (250 each).
  const toPay: number[] = [];
  if (!ONLY || ONLY.some((word) => "post /api/v1/invoices/{id}/payments".includes(word)))
    for (let i = 0; i < 20; i++) {
      const made = await fetch(`${app.url}/api/v1/invoices`, {
        method: "POST",
        headers: { ...bearer, "content-type": "application/json" },
        body: JSON.stringify({
          customer_id: customers[i % customers.length]!.id,
          location_id: location!.id,
          lines: [{ variant_id: levels[i % levels.length]!.variant_id, price: "100", quantity: "100" }],
          finalize: true,
        }),
      });
      if (made.status !== 201) throw new Error(`${name}: cannot make an invoice to pay (status ${made.status})`);
      toPay.push(((await made.json()) as { id: number }).id);
    }
  let payments = 0;
  let round = 0;
  let orders = 0;
  return {
    name,
    base: app.url,
    pids,
    cookie: `session=v1:${t.access_token}:${t.refresh_token}:${Date.now() + t.expires_in * 1000}`,
    bearer,
    nextPayment: () => `/api/v1/invoices/${toPay[payments++ % toPay.length]}/payments`,
    nextStockLines: (count) =>
      JSON.stringify({
        location_id: location!.id,
        lines: Array.from({ length: count }, () => ({ variant_id: levels[round++ % levels.length]!.variant_id, quantity: "1" })),
      }),
    nextOrder: () =>
      JSON.stringify({
        customer_id: customers[orders++ % customers.length]!.id,
        location_id: location!.id,
        lines: Array.from({ length: 10 }, () => ({ variant_id: levels[round++ % levels.length]!.variant_id, quantity: "1" })),
      }),
    close: async () => {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Make = (side: Side) => () => Promise<Response>;

async function slice(side: Side, make: () => Promise<Response>, requests: number, expect: number | undefined): Promise<number> {
  let next = 0;
  const before = workerdCpuMs(side.pids);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < requests) {
        const response = await make();
        await response.arrayBuffer();
        if (expect ? response.status !== expect : !response.ok) throw new Error(`${side.name}: status ${response.status}`);
      }
    }),
  );
  return workerdCpuMs(side.pids) - before;
}

/** Workerd CPU per request of each side, over SLICES alternating slices (the side that goes first alternates too), and each slice's. */
async function measure(sides: Side[], make: Make, expect?: number): Promise<{ perRequest: number[]; slices: number[][] }> {
  const makers = sides.map(make);
  for (const [i, side] of sides.entries()) await slice(side, makers[i]!, 50, expect); // warm-up
  const slices: number[][] = sides.map(() => []);
  for (let s = 0; s < SLICES; s++)
    for (const i of s % 2 ? [...sides.keys()].reverse() : sides.keys()) slices[i]!.push(await slice(sides[i]!, makers[i]!, SLICE, expect));
  return { perRequest: slices.map((spent) => spent.reduce((a, b) => a + b, 0) / (SLICES * SLICE)), slices };
}

/** A JSON body posted to the API as the demo user. */
const postJson = (s: Side, path: string, body: string) =>
  lightFetch(`${s.base}${path}`, { method: "POST", headers: { ...s.bearer, "content-type": "application/json" }, body });

const ROWS: [string, Make, number?][] = [
  ["GET /dashboard", (s) => () => lightFetch(`${s.base}/dashboard`, { headers: { cookie: s.cookie } })],
  ["GET shell alone (signed-in 404)", (s) => () => lightFetch(`${s.base}/shell-probe`, { headers: { cookie: s.cookie } }), 404],
  [
    "GET products page",
    (s) => () =>
      lightFetch(`${s.base}/products-and-services/products?page_size=50&brand_id=2&active=true&sort=-label`, {
        headers: { cookie: s.cookie },
      }),
  ],
  ["GET customers page", (s) => () => lightFetch(`${s.base}/contacts/customers?search=Bou&sort=label`, { headers: { cookie: s.cookie } })],
  ["GET stock levels page", (s) => () => lightFetch(`${s.base}/inventory/stock-level`, { headers: { cookie: s.cookie } })],
  ["GET /api/v1/locations", (s) => () => lightFetch(`${s.base}/api/v1/locations`, { headers: s.bearer })],
  [
    "GET /api/v1/products filter+sort",
    (s) => () => lightFetch(`${s.base}/api/v1/products?page_size=50&brand_id=2&active=true&sort=-label`, { headers: s.bearer }),
  ],
  // The entries come first: each removal takes one of the units they added.
  ["POST /api/v1/stock-entries (3 lines)", (s) => () => postJson(s, "/api/v1/stock-entries", s.nextStockLines(3))],
  ["POST /api/v1/stock-removals (1 line)", (s) => () => postJson(s, "/api/v1/stock-removals", s.nextStockLines(1))],
  ["POST /api/v1/invoices/{id}/payments", (s) => () => postJson(s, s.nextPayment(), JSON.stringify({ amount: "1" }))],
  ["POST /api/v1/sales-orders (10 lines)", (s) => () => postJson(s, "/api/v1/sales-orders", s.nextOrder())],
];

const second = process.argv[3];
const sides = [
  await serve(resolve(other), other),
  await serve(second ? resolve(second) : resolve(import.meta.dirname, "../.."), second ?? "this tree"),
];
try {
  console.log(
    `compare: ${sides[0]!.name} → ${sides[1]!.name}, ${SLICES}×${SLICE} requests per side and row, concurrency ${CONCURRENCY}, ${new Date().toISOString()}`,
  );
  const health = (await measure(sides, (s) => () => lightFetch(`${s.base}/api/v1/health`))).perRequest;
  console.log(`GET /api/v1/health`.padEnd(36), health.map((ms) => `${ms.toFixed(3)} ms`).join(" → "));
  for (const [name, make, expect] of ROWS) {
    if (ONLY && !ONLY.some((word) => name.toLowerCase().includes(word))) continue;
    const { perRequest: cpu, slices } = await measure(sides, make, expect);
    const times = cpu.map((ms, i) => `${ms.toFixed(3)} ms (${(ms / health[i]!).toFixed(2)}× health)`);
    const { change, within } = pairedChange(slices[0]!, slices[1]!);
    console.log(`${name.padEnd(36)} ${times.join(" → ")}  ${change.toFixed(1)} % (± ${within.toFixed(1)})`);
  }
} finally {
  for (const side of sides) await side.close();
}
