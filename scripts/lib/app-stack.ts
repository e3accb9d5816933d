import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { localProvisioner } from "../../db/tenants";
import { migrateAll } from "../db-migrate";
import { seed, type Scale } from "../seed";
import { ROOT } from "./config";
import { ensureControlDatabase } from "./local-db";

export interface AppStackOptions {
  /** The local database server's base URL (already running). */
  dbUrl: string;
  /** Where wrangler keeps local Durable Object, queue and R2 state. */
  stateDir: string;
  port: number;
  secrets: { SESSION_SECRET: string; PASSWORD_PEPPER: string };
  /** Further variables for the Worker (SMTP_PORT, APP_URL…). */
  vars?: Record<string, string>;
  seedScale?: Scale | null;
  log?: (line: string) => void;
  quiet?: boolean;
  /** Told how to stop the app as soon as it is spawned, before it answers. */
  onSpawn?: (close: () => Promise<void>) => void;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer at ${url} within ${timeoutMs} ms`);
}

/** Migrates and seeds the databases; returns the variables the Worker needs on top of its config. */
export async function prepareDatabases(
  options: Pick<AppStackOptions, "dbUrl" | "secrets" | "vars" | "seedScale" | "log">,
): Promise<Record<string, string>> {
  const log = options.log ?? (() => {});
  await ensureControlDatabase(options.dbUrl);
  const target = { controlUrl: `${options.dbUrl}/control/`, provisioner: localProvisioner(options.dbUrl) };
  await migrateAll(target, log);
  if (options.seedScale) await seed(options.seedScale, { ...target, pepper: options.secrets.PASSWORD_PEPPER }, log);
  return { ...options.vars, ...options.secrets, LOCAL_DB_URL: options.dbUrl, CONTROL_DATABASE_URL: target.controlUrl };
}

/**
 * Migrates and seeds the databases, then serves the built app (build/server) in workerd
 * through `wrangler dev`, pointed at the given database server.
 */
export async function startApp(options: AppStackOptions): Promise<{ url: string; close(): Promise<void> }> {
  const vars = await prepareDatabases(options);
  const stateDir = resolve(options.stateDir);
  const envFile = join(stateDir, "worker.env");
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join("\n") + "\n",
    { mode: 0o600 },
  );

  // wrangler runs under this Node, in this process group: a Ctrl-C reaches it (and workerd)
  // directly, and close() below stops it. Every path is absolute: wrangler resolves relative
  // ones from the config's folder, not from ours.
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules/wrangler/bin/wrangler.js"),
      "dev",
      "-c",
      join(ROOT, "build/server/wrangler.json"),
      "--port",
      String(options.port),
      "--ip",
      "127.0.0.1",
      "--env-file",
      envFile,
      "--persist-to",
      join(stateDir, "wrangler"),
      "--show-interactive-dev-session=false",
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", options.quiet ? "ignore" : "inherit", options.quiet ? "pipe" : "inherit"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  options.onSpawn?.(close);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return { url, close };
}
