import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

// Columns that several tables hold alike (a user's and an invitation's profile, a membership's and an invitation's access).
const stringList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);
const language = () =>
  text("language", { enum: ["en", "fr"] })
    .notNull()
    .default("en");
const timezone = () => text("timezone").notNull().default("UTC");
const userType = () =>
  text("user_type", { enum: ["regularUser", "accountRepresentative"] })
    .notNull()
    .default("regularUser");
// The user or company a row belongs to, and goes with.
const ownerUser = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const ownerCompany = () =>
  text("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
const preventNegativeInventory = () => integer("prevent_negative_inventory", { mode: "boolean" }).notNull().default(false);

/** A customer company of the product. Its business data lives in its own database. */
export const companies = sqliteTable(
  "companies",
  {
    id: text("id").primaryKey(),
    label: text("label").notNull(),
    status: text("status", {
      enum: ["trial", "subscribed", "paused", "suspended", "cancelled", "trial_ended"],
    })
      .notNull()
      .default("trial"),
    frozen: integer("frozen", { mode: "boolean" }).notNull().default(false),
    trialEndsAt: integer("trial_ends_at"),
    // A cancelled subscription's paid period ends here (ms): full access until then, read-only after.
    accessEndsAt: integer("access_ends_at"),
    databaseName: text("database_name").notNull(),
    databaseUrl: text("database_url").notNull(),
    // Number of tenant migrations applied; compared with the bundled list before use.
    schemaVersion: integer("schema_version").notNull().default(0),
    // The onboarding wizard's furthest saved step (/setup), so that it resumes after a sign-out.
    onboardingStep: text("onboarding_step", { enum: ["welcome", "company", "locations_users", "content", "finish"] })
      .notNull()
      .default("welcome"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("companies_database_name_unique").on(t.databaseName)],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    language: language(),
    timezone: timezone(),
    phone: text("phone"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    // Set at signup: the user is confined to /setup until onboarding is finished.
    sendToWizard: integer("send_to_wizard", { mode: "boolean" }).notNull().default(false),
    // Changes with the password; reset links signed before it stop working.
    passwordChangedAt: integer("password_changed_at").notNull().default(0),
    currentCompanyId: text("current_company_id").references(() => companies.id),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/** A user's place in a company, with the permissions held there. */
export const memberships = sqliteTable(
  "memberships",
  {
    userId: ownerUser(),
    companyId: ownerCompany(),
    permissions: stringList("permissions"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    userType: userType(),
    posPermissions: stringList("pos_permissions"),
    // The user may not take stock below zero in this company, whatever the company allows.
    preventNegativeInventory: preventNegativeInventory(),
    // Set for B2B users: the customer (in the company's database) this user orders for.
    customerId: text("customer_id"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index("memberships_company_idx").on(t.companyId)],
);

/**
 * An invitation of someone who already has an account to a company: they become a member
 * only when they accept it while signed in. It holds the access the inviter chose, and the
 * profile the inviter typed, shown to the company instead of the account's own until then.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    userId: ownerUser(),
    companyId: ownerCompany(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    language: language(),
    timezone: timezone(),
    phone: text("phone"),
    permissions: stringList("permissions"),
    userType: userType(),
    posPermissions: stringList("pos_permissions"),
    preventNegativeInventory: preventNegativeInventory(),
    // A buyer invited to the company's B2B store: the customer they will order for.
    customerId: text("customer_id"),
    // Kept as written when invited: the inviter may be an API token, or leave later.
    inviterName: text("inviter_name").notNull(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("invitations_user_company_unique").on(t.userId, t.companyId), index("invitations_company_idx").on(t.companyId)],
);

/**
 * A signed-in session (one sign-in, one token family). It works in one company at a time;
 * revoking it ends every access and refresh token issued in it.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: ownerUser(),
    companyId: text("company_id").references(() => companies.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Opaque access and refresh tokens of a session, stored hashed. A refresh token is used once. */
export const sessionTokens = sqliteTable(
  "session_tokens",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["access", "refresh"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    rotatedAt: integer("rotated_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("session_tokens_token_hash_unique").on(t.tokenHash), index("session_tokens_session_idx").on(t.sessionId)],
);

/** Platform-wide switches (maintenance mode), one JSON value per key. */
export const platformSettings = sqliteTable("platform_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at").notNull().default(now),
});

/** Tokens for external systems calling /api/v1; shown once, stored hashed. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    companyId: ownerCompany(),
    label: text("label").notNull(),
    tokenHash: text("token_hash").notNull(),
    permissions: stringList("permissions"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("api_tokens_token_hash_unique").on(t.tokenHash), index("api_tokens_company_idx").on(t.companyId)],
);

/**
 * How a B2B store is reached, resolved to its company: its address part (`slug`, a single label:
 * `?company=<slug>` and `<slug>.` before the stores' domain) and its own domain (`domain`, a host name).
 * A domain serves the store once verified (its DNS TXT record holds `verification_token`); a slug is
 * the platform's and needs no proof. Only serving hosts are unique: a domain's claim blocks no one.
 */
export const storeDomains = sqliteTable(
  "store_domains",
  {
    id: text("id").primaryKey(),
    companyId: ownerCompany(),
    kind: text("kind", { enum: ["slug", "domain"] })
      .notNull()
      .default("domain"),
    host: text("host").notNull(),
    verificationToken: text("verification_token"),
    verifiedAt: integer("verified_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("store_domains_serving_host_unique")
      .on(t.host)
      .where(sql`kind = 'slug' or verified_at is not null`),
    index("store_domains_host_idx").on(t.host),
    uniqueIndex("store_domains_company_kind_unique").on(t.companyId, t.kind),
  ],
);

/**
 * Messages to hand to the jobs queue, written in the same batch as the change that causes them
 * (decisions/013). The dispatcher sends the undispatched ones oldest first and stamps them.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    topic: text("topic").notNull(),
    payload: text("payload", { mode: "json" }).notNull(),
    createdAt: integer("created_at").notNull().default(now),
    dispatchedAt: integer("dispatched_at"),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [index("outbox_undispatched_idx").on(t.dispatchedAt, t.createdAt, t.id)],
);

/**
 * Outbox messages a consumer has taken on (claimed_at) and finished (done_at): a message
 * delivered again is skipped, and a claim left unfinished by a crash can be taken over later.
 */
export const processedMessages = sqliteTable("processed_messages", {
  id: text("id").primaryKey(),
  claimedAt: integer("claimed_at").notNull(),
  doneAt: integer("done_at"),
});

/**
 * A company's subscription to the product (platform spec §4 'Company account', domain spec §2
 * 'Account settings'): the plan, cycle and currency it pays, its card as Stripe reports it (never
 * the number), the billing information typed at checkout, and the Stripe objects it maps to.
 * One row per company, made at the first checkout step; the company's `status` says where the
 * account stands.
 */
export const companyBilling = sqliteTable("company_billing", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: ["standard", "premium", "elite"] }),
  period: text("period", { enum: ["monthly", "yearly"] }),
  currency: text("currency", { enum: ["usd", "eur"] }),
  b2bAddon: integer("b2b_addon", { mode: "boolean" }).notNull().default(false),
  // Billing information (checkout step 2).
  billingName: text("billing_name"),
  billingEmail: text("billing_email"),
  billingAddress1: text("billing_address1"),
  billingAddress2: text("billing_address2"),
  billingCity: text("billing_city"),
  billingPostalCode: text("billing_postal_code"),
  billingCountry: text("billing_country"),
  billingVatNumber: text("billing_vat_number"),
  // The promotion code kept from the promoCode cookie or typed at checkout, as Stripe knows it.
  promoCode: text("promo_code"),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  stripePaymentMethodId: text("stripe_payment_method_id"),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  cardExpMonth: integer("card_exp_month"),
  cardExpYear: integer("card_exp_year"),
  // End of the period paid for (ms): a cancelled account keeps its access until then.
  currentPeriodEnd: integer("current_period_end"),
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
  cancelReason: text("cancel_reason"),
  cancelComment: text("cancel_comment"),
  updatedAt: integer("updated_at").notNull().default(now),
});

/**
 * Stripe webhook events already handled: the event's id is written in the same batch as its
 * effect, so a replayed or re-delivered event changes nothing.
 */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  companyId: text("company_id").references(() => companies.id, { onDelete: "cascade" }),
  receivedAt: integer("received_at").notNull().default(now),
});
