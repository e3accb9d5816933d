import { z } from "zod";
import type { Cart } from "./durable-objects/cart";
import type { SignInThrottle } from "./durable-objects/sign-in-throttle";
import type { OperationProgress } from "./durable-objects/operation-progress";
import type { JobMessage } from "./queues/jobs";

/** Bindings declared in wrangler.toml. */
export interface Bindings {
  OPERATIONS: DurableObjectNamespace<OperationProgress>;
  JOBS: Queue<JobMessage>;
  FILES: R2Bucket;
  SIGN_IN_THROTTLE: DurableObjectNamespace<SignInThrottle>;
  /** One cart per buyer and company (durable-objects/cart.ts). */
  CARTS: DurableObjectNamespace<Cart>;
  [key: string]: unknown;
}

const settingsSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    DB_PROVIDER: z.enum(["local", "turso"]).default("local"),
    CONTROL_DATABASE_URL: z.url(),
    CONTROL_DATABASE_TOKEN: z.string().optional(),
    LOCAL_DB_URL: z.url().optional(),
    LOCAL_DB_TOKEN: z.string().optional(),
    TURSO_API_URL: z.url().default("https://api.turso.tech"),
    TURSO_ORG: z.string().optional(),
    TURSO_GROUP: z.string().default("default"),
    TURSO_API_TOKEN: z.string().optional(),
    TURSO_GROUP_TOKEN: z.string().optional(),
    SESSION_SECRET: z.string().min(32),
    PASSWORD_PEPPER: z.string().min(16),
    MAINTENANCE_MESSAGE: z.string().optional(),
    // The first-party OAuth client of /oauth2/token; without a secret it is a public client.
    OAUTH_CLIENT_ID: z.string().min(1).default("comptoir-web"),
    OAUTH_CLIENT_SECRET: z.string().min(16).optional(),
    // Public address of the app, used in links sent by email; else the request's origin.
    APP_URL: z.url().optional(),
    // The support site behind the account menu's "Find help"; `{language}` becomes fr or en. Unset: no entry.
    HELP_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Outgoing mail (password reset, invitations).
    SMTP_HOST: z.string().min(1).default("127.0.0.1"),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
    SMTP_SECURITY: z.enum(["none", "starttls", "tls"]).default("none"),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    MAIL_FROM: z.string().min(3).default("Comptoir <no-reply@comptoir.example>"),
    // Internal SMTP servers a company may name anyway (exact `host:port`, comma-separated): local
    // test servers. Ignored in production, where every internal address is refused.
    SMTP_ALLOWED_PRIVATE_HOSTS: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((list) => list.every((entry) => /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+):[0-9]{1,5}$/.test(entry)), "each entry is host:port"),
    // The DNS-over-HTTPS JSON API that checks a store's own domain (its `_comptoir-verify.` TXT record).
    DNS_OVER_HTTPS_URL: z.url().default("https://cloudflare-dns.com/dns-query"),
    // Stripe, which bills the product's own subscriptions. Without the secret key (a Worker secret in
    // production) billing is off: the account page shows the status and the billing verbs say so.
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    // Signs the events Stripe posts to /webhooks/stripe; without it every event is refused.
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_URL: z.url().default("https://api.stripe.com"),
    // The domain under which each store has its sub-domain (`<store url>.<STORES_DOMAIN>`); stores' own domains need no setting.
    STORES_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/)
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.DB_PROVIDER === "local" && !s.LOCAL_DB_URL)
      ctx.addIssue({ code: "custom", path: ["LOCAL_DB_URL"], message: "required when DB_PROVIDER=local" });
    if (s.DB_PROVIDER === "turso")
      for (const key of ["TURSO_ORG", "TURSO_API_TOKEN", "TURSO_GROUP_TOKEN"] as const)
        if (!s[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when DB_PROVIDER=turso" });
  });

export type Settings = z.infer<typeof settingsSchema>;

export interface Env {
  settings: Settings;
  bindings: Bindings;
}

// Parsed once per isolate: the bindings object is stable for an isolate's life.
let cached: { raw: unknown; env: Env } | undefined;

export function parseEnv(raw: Bindings): Env {
  if (cached?.raw === raw) return cached.env;
  const result = settingsSchema.safeParse(raw);
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Worker configuration: ${detail}`);
  }
  const settings = result.data;
  if (settings.APP_ENV === "production") settings.SMTP_ALLOWED_PRIVATE_HOSTS = [];
  const env = { settings, bindings: raw };
  cached = { raw, env };
  return env;
}
