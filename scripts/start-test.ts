// The README's first start, as CI checks it, on a pristine tree: the files git tracks (as they
// are in the checkout) copied into a temporary folder with nothing else, no generated file, no
// data, no node_modules; there `npm install` then `npm start` exactly as written (no extra
// environment), the demo login works, and a Ctrl-C (SIGINT to its process group) leaves nothing
// listening. A start that needs a file only another script makes fails here. `npm run test:start`.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DEMO_EMAIL, DEMO_PASSWORD, ROOT } from "./lib/config";

const port = 8787;
const base = `http://localhost:${port}`;
const env = { ...process.env };
for (const name of ["PORT", "DB_SERVER_PORT", "DB_SERVER_DIR", "LOCAL_DB_URL", "CONTROL_DATABASE_URL"]) delete env[name];
// A newcomer's shell knows nothing of this checkout's node_modules.
env.PATH = (env.PATH ?? "")
  .split(":")
  .filter((entry) => !entry.includes("node_modules"))
  .join(":");

/** The tracked files only, as the checkout has them: what a fresh clone of this tree holds. */
function pristineCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "comptoir-start-"));
  const listed = spawnSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" });
  if (listed.status !== 0) fail(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    const from = join(ROOT, file);
    if (!existsSync(from)) continue; // deleted in the checkout, not yet committed
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(from, join(dir, file));
  }
  return dir;
}

function listening(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port: p });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

function fail(message: string): never {
  console.log(`start test failed: ${message}`);
  process.exit(1);
}

if ((await listening(port)) || (await listening(8080))) fail(`port ${port} or 8080 is already in use before the start`);

const tree = pristineCopy();
process.on("exit", () => rmSync(tree, { recursive: true, force: true }));
console.log("start test: npm install in a pristine copy of the tracked files");
const install = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: tree, env, encoding: "utf8" });
if (install.status !== 0) fail(`npm install exited with ${install.status}\n${install.stdout}\n${install.stderr}`);

const started = Date.now();
const child = spawn("npm", ["start"], { cwd: tree, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
let output = "";
const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
child.stdout.on("data", keep);
child.stderr.on("data", keep);
const stopAll = () => {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
};

async function check(): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("the app did not answer /api/v1/health within 300 s");
    const health = await fetch(`${base}/api/v1/health`).catch(() => null);
    if (health?.ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`start test: healthy after ${Math.round((Date.now() - started) / 1000)} s`);

  const login = await fetch(`${base}/login`);
  if (login.status !== 200) throw new Error(`GET /login answered ${login.status}`);

  const signIn = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const cookies = signIn.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (signIn.status !== 302 && signIn.status !== 303) throw new Error(`signing in answered ${signIn.status}`);
  if (cookies.length === 0) throw new Error("signing in set no cookie");

  const dashboard = await fetch(`${base}/dashboard`, { redirect: "manual", headers: { cookie: cookies.join("; ") } });
  if (dashboard.status !== 200) throw new Error(`GET /dashboard signed in answered ${dashboard.status}`);
  if (!(await dashboard.text()).includes("<html")) throw new Error("GET /dashboard did not serve a page");
  console.log("start test: /login 200, demo sign-in, /dashboard 200");
}

try {
  await check();
} catch (error) {
  stopAll();
  console.log(output);
  fail((error as Error).message);
}

// Ctrl-C: SIGINT to the whole process group, as a terminal sends it.
process.kill(-child.pid!, "SIGINT");
const stopDeadline = Date.now() + 20_000;
while ((await listening(port)) || (await listening(8080))) {
  if (Date.now() > stopDeadline) {
    stopAll();
    fail(`something still listens on ${port} or 8080 20 s after SIGINT`);
  }
  await new Promise((r) => setTimeout(r, 250));
}
console.log("start test passed: nothing listens on 8787 or 8080 after SIGINT");
