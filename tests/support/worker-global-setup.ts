import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { libsqlClient } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { startDbServer } from "../../db/server/server";
import { migrations as controlMigrations } from "../../migrations/control/bundle";
import { ensureControlDatabase } from "../../scripts/lib/local-db";
import { serveSinkOverHttp, startSmtpSink } from "../../scripts/lib/smtp-sink";
import { startFakeDoh } from "./fake-doh-server";
import { startFakeStripe } from "../../scripts/lib/fake-stripe";
import { startTrapServers } from "./smtp-trap-servers";

// Starts the local database server, the SMTP servers, the DNS-over-HTTPS fake and the Stripe fake the Worker tests talk to, on the ports the config chose.
export default async function setup() {
  const port = Number(process.env.WORKER_TEST_DB_PORT);
  const dir = mkdtempSync(join(tmpdir(), "comptoir-worker-tests-"));
  const server = await startDbServer({ dir, port, host: "127.0.0.1" });
  await ensureControlDatabase(server.url);
  await migrateDatabase(libsqlClient({ url: `${server.url}/control/` }), controlMigrations);
  const sink = await startSmtpSink({ port: Number(process.env.WORKER_TEST_SMTP_PORT) });
  const sinkHttp = await serveSinkOverHttp(sink, Number(process.env.WORKER_TEST_MAIL_PORT));
  // The SMTP client's servers: misbehaving ones, and two that ask for a password and keep what they get in the sink.
  const smtpPort = (name: string) => Number(process.env[`WORKER_TEST_SMTP_${name}_PORT`]);
  const traps = await startTrapServers(
    { closing: smtpPort("CLOSING"), silent: smtpPort("SILENT"), trickle: smtpPort("TRICKLE") },
    smtpPort("CONTROL"),
  );
  const signedIn = await Promise.all(
    (["PLAIN", "LOGIN"] as const).map((method) =>
      startSmtpSink({
        port: smtpPort(method),
        auth: { methods: [method], username: "mailer", password: "s3cret-Pass" },
        onMessage: (message) => sink.messages.push(message),
      }),
    ),
  );
  const doh = await startFakeDoh(Number(process.env.WORKER_TEST_DOH_PORT));
  // Stripe's stand-in: tests read the events it signs (POST /_fake/events with deliver false) and post them themselves.
  const stripe = await startFakeStripe({
    port: Number(process.env.WORKER_TEST_STRIPE_PORT),
    webhookSecret: process.env.WORKER_TEST_STRIPE_WEBHOOK_SECRET,
  });
  return async () => {
    await stripe.close();
    await doh.close();
    await traps.close();
    for (const server of signedIn) await server.close();
    await sinkHttp.close();
    await sink.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
