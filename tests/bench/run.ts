// npm run bench — p50, p99 and requests/s for the health check, one server-rendered page and
// one company-database read, at a fixed concurrency. Uses BENCH_URL if set, else starts the app.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDbServer } from "../../db/server/server";
import { startApp } from "../../scripts/lib/app-stack";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/lib/config";
import { freePort } from "../support/free-port";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

async function measure(name: string, make: () => Promise<Response>) {
  for (let i = 0; i < 50; i++) await (await make()).arrayBuffer(); // warm-up
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const t = performance.now();
        const response = await make();
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
        if (!response.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
  const row = { name, requests: latencies.length, failures, p50_ms: pct(0.5), p99_ms: pct(0.99), rps: (latencies.length / seconds).toFixed(0) };
  console.log(`${name.padEnd(34)} p50 ${row.p50_ms.padStart(6)} ms   p99 ${row.p99_ms.padStart(6)} ms   ${row.rps.padStart(5)} req/s   (${row.requests} requests, ${failures} failed)`);
  return row;
}

let stop = async () => {};
let base = process.env.BENCH_URL;
if (!base) {
  const dir = mkdtempSync(join(tmpdir(), "comptoir-bench-"));
  const db = await startDbServer({ dir, port: 0 });
  const app = await startApp({
    dbUrl: db.url,
    stateDir: dir,
    port: await freePort(),
    secrets: { SESSION_SECRET: randomBytes(32).toString("hex"), PASSWORD_PEPPER: randomBytes(32).toString("hex") },
    seedScale: (process.env.BENCH_SCALE as "small" | "large" | undefined) ?? "small",
    quiet: true,
  });
  base = app.url;
  stop = async () => {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

const login = await fetch(`${base}/login`, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
  body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  redirect: "manual",
});
const token = login.headers.get("set-cookie")?.match(/session=([^;]+)/)?.[1];
if (!token) throw new Error(`cannot sign in the demo user (status ${login.status})`);

console.log(`benchmark against ${base}, concurrency ${CONCURRENCY}, ${REQUESTS} requests each, ${new Date().toISOString()}`);
await measure("GET /api/v1/health", () => fetch(`${base}/api/v1/health`));
await measure("GET /dashboard (SSR, signed in)", () => fetch(`${base}/dashboard`, { headers: { cookie: `session=${token}` } }));
await measure("GET /api/v1/locations (db read)", () => fetch(`${base}/api/v1/locations`, { headers: { authorization: `Bearer ${token}` } }));
await stop();
