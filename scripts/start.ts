// npm start — the main job: local database server, migrations, demo data, build, and the app
// served by workerd at http://localhost:8787. Data lives in .data/ and survives restarts.
// Stopping it (Ctrl-C, SIGTERM, SIGHUP) stops everything it started, whenever it comes.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { APP_PORT, DATA_DIR, DEMO_BUYER_EMAIL, DEMO_EMAIL, DEMO_PASSWORD, ROOT } from "./lib/config";
import { startApp } from "./lib/app-stack";
import { ensureDevVars } from "./lib/dev-vars";
import { ensureDbServer } from "./lib/local-db";
import { startFakeStripe } from "./lib/fake-stripe";
import { startSmtpSink } from "./lib/smtp-sink";

const cleanups: (() => Promise<void>)[] = [];
let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    setTimeout(() => process.exit(code), 15_000).unref();
    // The last started stops first: the app before the database it uses.
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(0));
// npm passes a SIGTERM to its shell only; when the shell goes, this process is re-parented.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void stop(0), 500).unref();

try {
  const secrets = ensureDevVars();
  if (!process.argv.includes("--no-build")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", cwd: ROOT });
    if (build.status !== 0) await stop(build.status ?? 1);
  }
  mkdirSync(DATA_DIR, { recursive: true });
  const db = await ensureDbServer();
  cleanups.push(() => db.close());
  // Without an SMTP server in .dev.vars, a local mail catcher receives the app's email and
  // prints it here, links included (password reset, invitations).
  const vars = { ...secrets };
  if (!secrets.SMTP_HOST) {
    const catcher = await startSmtpSink({
      onMessage: (m) => console.log(`\n── email to ${m.to.join(", ")}: ${m.subject}\n${m.text}\n──`),
    });
    cleanups.push(() => catcher.close());
    Object.assign(vars, {
      SMTP_HOST: catcher.host,
      SMTP_PORT: String(catcher.port),
      SMTP_SECURITY: "none",
      APP_URL: `http://localhost:${APP_PORT}`,
    });
    console.log(`Email the app sends is printed here (local mail catcher on port ${catcher.port}).`);
  }
  // Without a Stripe key in .dev.vars, a local stand-in for Stripe's API takes the checkout, its
  // hosted card page and its webhooks (test card 4242 4242 4242 4242); the README says how to use Stripe's test mode.
  if (!secrets.STRIPE_SECRET_KEY) {
    const webhookSecret = `whsec_${randomBytes(24).toString("hex")}`;
    const stripe = await startFakeStripe({ webhookUrl: `http://localhost:${APP_PORT}/webhooks/stripe`, webhookSecret });
    cleanups.push(() => stripe.close());
    Object.assign(vars, { STRIPE_API_URL: stripe.url, STRIPE_SECRET_KEY: "sk_test_local", STRIPE_WEBHOOK_SECRET: webhookSecret });
    console.log(`Billing goes to a local stand-in for Stripe at ${stripe.url} (test card 4242 4242 4242 4242).`);
  }
  let closeApp: (() => Promise<void>) | undefined;
  cleanups.push(async () => closeApp?.());
  const app = await startApp({
    dbUrl: db.url,
    stateDir: DATA_DIR,
    port: APP_PORT,
    secrets: { SESSION_SECRET: secrets.SESSION_SECRET!, PASSWORD_PEPPER: secrets.PASSWORD_PEPPER! },
    vars,
    seedScale: "small",
    log: console.log,
    onSpawn: (close) => (closeApp = close),
  });
  closeApp = app.close;
  console.log(`\nComptoir is running at http://localhost:${APP_PORT}`);
  console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  console.log(`Demo store buyer: ${DEMO_BUYER_EMAIL} / ${DEMO_PASSWORD} (http://localhost:${APP_PORT}/b2b)\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
