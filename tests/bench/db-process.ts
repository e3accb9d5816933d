import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../support/free-port";

/**
 * The local database server in a process of its own, as production's database is on machines of
 * its own: in the bench's process its synchronous SQLite work held up the load generator's clock.
 */
export async function startDbServerProcess(dir: string): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("../../db/server/cli.ts", import.meta.url)), "--port", String(port), "--dir", dir],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  // A bench that fails part way still stops its database server.
  const orphan = () => child.kill("SIGKILL");
  process.once("exit", orphan);
  const url = `http://127.0.0.1:${port}`;
  for (let started = Date.now(); ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error(`the database server stopped (exit code ${child.exitCode})`);
    if (Date.now() - started > 30_000) throw new Error("the database server did not answer within 30 s");
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
  }
  return {
    url,
    pid: child.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        process.off("exit", orphan);
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
