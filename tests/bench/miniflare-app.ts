import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type { Miniflare as MiniflareClass } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { prepareDatabases, type AppStackOptions } from "../../scripts/lib/app-stack";
import { ROOT } from "../../scripts/lib/config";

// The Miniflare copy wrangler itself runs on: the top-level one may be another version.
const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler"));
const { Miniflare, Log, LogLevel, convertV4MiniflareOptions } = (await import(
  fromWrangler.resolve("miniflare")
)) as typeof import("miniflare") & {
  convertV4MiniflareOptions(options: unknown): ConstructorParameters<typeof MiniflareClass>[0];
};

/**
 * Migrates and seeds the databases, then serves the built app (build/server, build/client) in
 * workerd through Miniflare's API, without the development proxy `wrangler dev` puts in front, and
 * on a socket of the app's own (`unsafeDirectSockets`): Miniflare's entry Worker, in the same
 * workerd, stands for Cloudflare's front line (it rewrites each request, gzips answers for a client
 * that accepts it, and copies each answer twice), which a Worker in production does not pay for.
 * It was a quarter of the health row's CPU, and more for a page (docs/benchmarks.md, 2026-11-28).
 * Its requests then carry no `CF-Connecting-IP` unless the client sends one (the sign-in row does).
 */
export async function startAppInMiniflare(
  options: Omit<AppStackOptions, "onSpawn" | "quiet">,
): Promise<{ url: string; controlUrl: string; inspector?: string; close(): Promise<void> }> {
  const vars = await prepareDatabases(options);
  const config = join(ROOT, "build/server/wrangler.json");
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(config);
  // Miniflare 5 converts an explicit module list, not module rules: the entry first, then its chunks.
  const { modulesRules: _rules, ...worker } = workerOptions;
  const serverDir = join(ROOT, "build/server");
  const chunks = readdirSync(join(serverDir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => join(serverDir, "assets", f));
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: options.port,
      // BENCH_PROFILE: workerd's V8 inspector, for CPU profiles of the measured runs.
      ...(process.env.BENCH_PROFILE ? { inspectorPort: 0 } : {}),
      // BENCH_VERBOSE=1: the Worker's own logs (its console, its errors) on the bench's output.
      ...(process.env.BENCH_VERBOSE ? { log: new Log(LogLevel.INFO) } : {}),
      // BENCH_IN_MEMORY=1: Durable Objects, R2 and queues kept in memory instead of files (to tell their disk writes apart).
      resourcePersistencePath: process.env.BENCH_IN_MEMORY ? undefined : resolve(options.stateDir, "miniflare"),
      workers: [
        {
          ...worker,
          name: "comptoir",
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
          modules: [main!, ...chunks].map((path) => ({ type: "ESModule", path })),
          modulesRoot: serverDir,
          bindings: { ...(worker.bindings as Record<string, unknown>), ...vars },
        },
      ],
    }),
  );
  await miniflare.ready;
  const url = (await miniflare.unsafeGetDirectURL("comptoir")).origin;
  const inspector = process.env.BENCH_PROFILE
    ? (await miniflare.getInspectorURL()).href.replace(/^ws/, "http").replace(/\/$/, "")
    : undefined;
  return { url, controlUrl: String(vars.CONTROL_DATABASE_URL), inspector, close: () => miniflare.dispose() };
}
