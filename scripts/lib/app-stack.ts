import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { localProvisioner } from "../../db/tenants";
import { migrateAll } from "../db-migrate";
import { seed, type Scale } from "../seed";
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
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
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

/**
 * Migrates and seeds the databases, then serves the built app (build/server) in workerd
 * through `wrangler dev`, pointed at the given database server.
 */
export async function startApp(options: AppStackOptions): Promise<{ url: string; close(): Promise<void> }> {
  const log = options.log ?? (() => {});
  await ensureControlDatabase(options.dbUrl);
  const target = { controlUrl: `${options.dbUrl}/control/`, provisioner: localProvisioner(options.dbUrl) };
  await migrateAll(target, log);
  if (options.seedScale) await seed(options.seedScale, { ...target, pepper: options.secrets.PASSWORD_PEPPER }, log);

  const envFile = join(options.stateDir, "worker.env");
  const vars = { ...options.vars, ...options.secrets, LOCAL_DB_URL: options.dbUrl, CONTROL_DATABASE_URL: target.controlUrl };
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join("\n") + "\n",
    { mode: 0o600 },
  );

  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "-c",
      "build/server/wrangler.json",
      "--port",
      String(options.port),
      "--ip",
      "127.0.0.1",
      "--env-file",
      envFile,
      "--persist-to",
      join(options.stateDir, "wrangler"),
      "--show-interactive-dev-session=false",
    ],
    {
      stdio: ["ignore", options.quiet ? "ignore" : "inherit", options.quiet ? "pipe" : "inherit"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      detached: true,
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    process.kill(-child.pid!, "SIGTERM");
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on("exit", () => resolve());
        process.kill(-child.pid!, "SIGTERM");
      }),
  };
}
