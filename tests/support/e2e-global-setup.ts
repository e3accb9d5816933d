import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startDbServer } from "../../db/server/server";
import { startApp } from "../../scripts/lib/app-stack";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/lib/config";
import { startFakeStripe } from "../../scripts/lib/fake-stripe";
import { serveSinkOverHttp, startSmtpSink } from "../../scripts/lib/smtp-sink";
import { freePort } from "./free-port";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    demoEmail: string;
    demoPassword: string;
    /** The database server and the pepper, so tests can create their own companies and users. */
    dbUrl: string;
    pepper: string;
    /** The HTTP view of the SMTP server the app sends its email to (tests/support/sink-client.ts). */
    mailUrl: string;
    /** Stripe's stand-in the app bills through: its hosted card page, and its control routes (`/_fake/events`, `/_fake/state`). */
    stripeUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "comptoir-e2e-"));
  const db = await startDbServer({ dir, port: 0, host: "127.0.0.1" });
  const secrets = { SESSION_SECRET: randomBytes(32).toString("hex"), PASSWORD_PEPPER: randomBytes(32).toString("hex") };
  const sink = await startSmtpSink();
  const sinkHttp = await serveSinkOverHttp(sink);
  // The app's port is chosen first: Stripe's stand-in posts its signed events to the app's webhook.
  const port = await freePort();
  const webhookSecret = `whsec_${randomBytes(24).toString("hex")}`;
  const stripe = await startFakeStripe({ host: "127.0.0.1", webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`, webhookSecret });
  const app = await startApp({
    dbUrl: db.url,
    stateDir: dir,
    port,
    secrets,
    vars: {
      SMTP_HOST: sink.host,
      SMTP_PORT: String(sink.port),
      SMTP_SECURITY: "none",
      HELP_URL: "https://help.example.test/{language}/",
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString("hex")}`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    seedScale: "small",
    quiet: true,
  });
  project.provide("appUrl", app.url);
  project.provide("demoEmail", DEMO_EMAIL);
  project.provide("demoPassword", DEMO_PASSWORD);
  project.provide("dbUrl", db.url);
  project.provide("pepper", secrets.PASSWORD_PEPPER);
  project.provide("mailUrl", sinkHttp.url);
  project.provide("stripeUrl", stripe.url);
  return async () => {
    await app.close();
    await stripe.close();
    await sinkHttp.close();
    await sink.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
