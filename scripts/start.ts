// npm start — the main job: local database server, migrations, demo data, build, and the app
// served by workerd at http://localhost:8787. Data lives in .data/ and survives restarts.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { APP_PORT, DATA_DIR, DEMO_EMAIL, DEMO_PASSWORD } from "./lib/config";
import { startApp } from "./lib/app-stack";
import { ensureDevVars } from "./lib/dev-vars";
import { ensureDbServer } from "./lib/local-db";
import { startSmtpSink, type SmtpSink } from "./lib/smtp-sink";

const secrets = ensureDevVars();
if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
mkdirSync(DATA_DIR, { recursive: true });
const db = await ensureDbServer();
// Without an SMTP server in .dev.vars, a local mail catcher receives the app's email and
// prints it here, links included (password reset, invitations).
let catcher: SmtpSink | undefined;
const vars = { ...secrets };
if (!secrets.SMTP_HOST) {
  catcher = await startSmtpSink({
    onMessage: (m) => console.log(`\n── email to ${m.to.join(", ")}: ${m.subject}\n${m.text}\n──`),
  });
  Object.assign(vars, {
    SMTP_HOST: catcher.host,
    SMTP_PORT: String(catcher.port),
    SMTP_SECURITY: "none",
    APP_URL: `http://localhost:${APP_PORT}`,
  });
}
const app = await startApp({
  dbUrl: db.url,
  stateDir: DATA_DIR,
  port: APP_PORT,
  secrets: { SESSION_SECRET: secrets.SESSION_SECRET!, PASSWORD_PEPPER: secrets.PASSWORD_PEPPER! },
  vars,
  seedScale: "small",
  log: console.log,
});
console.log(`\nComptoir is running at http://localhost:${APP_PORT}`);
console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
if (catcher) console.log(`Email the app sends is printed here (local mail catcher on port ${catcher.port}).`);
console.log("");

const stop = async () => {
  await app.close();
  await catcher?.close();
  await db.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
