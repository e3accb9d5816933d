// The compiled catalogs first: `vitest` may be a fresh clone's first command (scripts/lib/generated.ts).
import "./scripts/lib/generated";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { freePort } from "./tests/support/free-port";

// Worker tests run inside workerd against a real local libSQL server started by globalSetup.
export default defineConfig(async () => {
  process.env.WORKER_TEST_DB_PORT ??= String(await freePort());
  const dbUrl = `http://127.0.0.1:${process.env.WORKER_TEST_DB_PORT}`;
  // The SMTP sink the Worker sends to, and its HTTP view that tests read received mail from.
  process.env.WORKER_TEST_SMTP_PORT ??= String(await freePort());
  process.env.WORKER_TEST_MAIL_PORT ??= String(await freePort());
  // The DNS-over-HTTPS server that checks stores' own domains: a fake answering the same JSON API.
  process.env.WORKER_TEST_DOH_PORT ??= String(await freePort());
  // Stripe: a fake of the calls the billing makes, and the secret its webhook events are signed with.
  process.env.WORKER_TEST_STRIPE_PORT ??= String(await freePort());
  process.env.WORKER_TEST_STRIPE_WEBHOOK_SECRET ??= "whsec_test_worker_0123456789abcdef";
  // Mail servers for the SMTP client's tests: misbehaving ones and their control, and two that ask for a password.
  const smtpTestPorts: Record<string, number> = {};
  for (const name of ["closing", "silent", "trickle", "control", "plain", "login"]) {
    const key = `WORKER_TEST_SMTP_${name.toUpperCase()}_PORT`;
    process.env[key] ??= String(await freePort());
    smtpTestPorts[name] = Number(process.env[key]);
  }
  // Exactly the local mail servers a company's settings may name in these tests; every other internal address stays refused.
  const privateSmtpHosts = [
    process.env.WORKER_TEST_SMTP_PORT,
    ...Object.entries(smtpTestPorts)
      .filter(([n]) => n !== "control")
      .map(([, p]) => p),
  ];
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            LOCAL_DB_URL: dbUrl,
            CONTROL_DATABASE_URL: `${dbUrl}/control/`,
            SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
            PASSWORD_PEPPER: "test-pepper-0123456789abcdef",
            OAUTH_CLIENT_SECRET: "test-client-secret-0123456789",
            SMTP_HOST: "127.0.0.1",
            SMTP_PORT: process.env.WORKER_TEST_SMTP_PORT,
            TEST_MAIL_URL: `http://127.0.0.1:${process.env.WORKER_TEST_MAIL_PORT}`,
            TEST_SMTP_PORTS: JSON.stringify(smtpTestPorts),
            SMTP_ALLOWED_PRIVATE_HOSTS: privateSmtpHosts.map((port) => `127.0.0.1:${port}`).join(","),
            DNS_OVER_HTTPS_URL: `http://127.0.0.1:${process.env.WORKER_TEST_DOH_PORT}/dns-query`,
            STRIPE_API_URL: `http://127.0.0.1:${process.env.WORKER_TEST_STRIPE_PORT}`,
            STRIPE_SECRET_KEY: "sk_test_worker",
            STRIPE_WEBHOOK_SECRET: process.env.WORKER_TEST_STRIPE_WEBHOOK_SECRET,
          },
        },
      }),
    ],
    resolve: {
      alias: { "virtual:react-router/server-build": fileURLToPath(new URL("./tests/support/no-ssr-build.ts", import.meta.url)) },
    },
    test: {
      name: "worker",
      include: ["tests/worker/**/*.test.ts"],
      globalSetup: ["./tests/support/worker-global-setup.ts"],
      testTimeout: 30_000,
      // No cache of transformed modules on disk for the Worker tests. With it, a test file's first
      // request asks Vitest for every module of its import graph already on disk, and the Workers
      // pool sends them all to workerd in one WebSocket message, each module twice (by URL and by
      // path) with its source map. workerd refuses a message over 32 MiB ("Message is too large",
      // 1009) and the pool's connection dies with the files it was running. The app alone made
      // messages of up to 21 MiB; Factur-X's library and its font library weigh 10 MiB more (code
      // and maps), twice. Without the cache every module travels in its own message (the largest
      // about 5.5 MiB), however large the app grows, for a slower start of each file.
      fsModuleCache: false,
    },
  };
});
