import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, tenantSchema } from "../../../db/client";
import { createCustomer } from "../contacts/create-customer";
import { zName, zOptionalEmail } from "../contacts/shared";
import { passwordLinkTtl } from "../identity/password-link";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { conflict, isUniqueViolation, parseInput, strictInput } from "../shared/input";
import { INVITATION_PENDING_HASH, invitationEmail, inviterNameOf, type EmailLinkInput } from "../users/staff";
import { readStoreSettings } from "./settings/store-settings";
import { STORE_ADMIN_EDIT, STORE_ADMIN_VIEW } from "./settings/store-settings-verbs";

const t = tenantSchema;
const { users, memberships, invitations } = controlSchema;

/** The store's customers page lists at most this many of each. */
export const STORE_CUSTOMERS_PAGE = 100;

export interface StoreBuyerView {
  user_id: string;
  email: string;
  name: string;
  /** Invited and not yet signed in (no password chosen, or the invitation not accepted). */
  pending: boolean;
  active: boolean;
}

export interface StoreCustomerView {
  id: number;
  label: string;
  access: "none" | "requested" | "granted" | "denied" | "disabled";
  last_access: number | null;
  buyers: StoreBuyerView[];
}

export interface AccessRequestView {
  id: number;
  company_name: string;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  created_at: number;
}

/**
 * The store's customers (those given access, asked or disabled), with their buyers, and the
 * access requests waiting for an answer (domain spec §3: requested, granted, denied, disabled).
 */
export async function listStoreCustomers(
  ctx: Ctx,
  _input: Record<string, never> = {},
): Promise<{ customers: StoreCustomerView[]; requests: AccessRequestView[]; choices: { id: number; label: string }[] }> {
  requirePermission(ctx, STORE_ADMIN_VIEW);
  const { db } = ctx;
  const [customers, requests, choices] = await db.batch([
    db
      .select({ id: t.customers.id, label: t.customers.label, access: t.customers.b2bAccess, lastAccess: t.customers.b2bUserLastAccess })
      .from(t.customers)
      .where(ne(t.customers.b2bAccess, "none"))
      .orderBy(sql`${t.customers.label} collate nocase`, t.customers.id)
      .limit(STORE_CUSTOMERS_PAGE),
    db
      .select()
      .from(t.storeAccessRequests)
      .where(eq(t.storeAccessRequests.status, "requested"))
      .orderBy(desc(t.storeAccessRequests.id))
      .limit(STORE_CUSTOMERS_PAGE),
    // The active customers a buyer may be invited for.
    db
      .select({ id: t.customers.id, label: t.customers.label })
      .from(t.customers)
      .where(eq(t.customers.active, true))
      .orderBy(sql`${t.customers.label} collate nocase`, t.customers.id)
      .limit(2000),
  ]);
  const buyers = await storeBuyers(
    ctx,
    customers.map((c) => String(c.id)),
  );
  return {
    customers: customers.map((c) => ({
      id: c.id,
      label: c.label,
      access: c.access,
      last_access: c.lastAccess,
      buyers: buyers.filter((b) => b.customerId === String(c.id)).map(({ customerId: _, ...b }) => b),
    })),
    choices,
    requests: requests.map((r) => ({
      id: r.id,
      company_name: r.companyName,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
      phone: r.phone,
      message: r.message,
      created_at: r.createdAt,
    })),
  };
}

/** The buyers of these customers in the actor's company: members, and invitees who have not accepted yet. */
async function storeBuyers(ctx: Ctx, customerIds: string[]): Promise<(StoreBuyerView & { customerId: string })[]> {
  if (customerIds.length === 0) return [];
  const companyId = ctx.actor.company.id;
  const { control } = ctx;
  const [members, invited] = await control.batch([
    control
      .select({ user: users, membership: memberships })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.companyId, companyId),
          inArray(memberships.customerId, customerIds),
          // Staff viewing the store as a customer are not its buyers.
          sql`not exists (select 1 from json_each(${memberships.permissions}) where value = 'b2b_portal')`,
        ),
      ),
    control
      .select()
      .from(invitations)
      .where(and(eq(invitations.companyId, companyId), inArray(invitations.customerId, customerIds))),
  ]);
  return [
    ...members.map(({ user, membership }) => ({
      customerId: membership.customerId!,
      user_id: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`,
      pending: user.passwordHash === INVITATION_PENDING_HASH,
      active: membership.active,
    })),
    ...invited.map((i) => ({
      customerId: i.customerId!,
      user_id: i.userId,
      email: i.email,
      name: `${i.firstName} ${i.lastName}`,
      pending: true,
      active: true,
    })),
  ];
}

export const InviteStoreBuyerInput = strictInput({
  customer_id: z.number({ error: "unknown_customer" }).int().positive(),
  email: zOptionalEmail.pipe(z.string({ error: "email_required" })),
  first_name: zName(100),
  last_name: zName(100),
  language: z.enum(["en", "fr"], { error: "invalid" }).default("en"),
});

/**
 * Invites a buyer of a customer to the store (platform spec §2 'email-invite'): a new person gets
 * an account without a password and an email with a link to choose one; someone who already has
 * an account gets an invitation to accept once signed in. Either way they order for that customer
 * only, and the customer's access becomes granted. Someone already in the company is refused.
 */
export async function inviteStoreBuyer(
  ctx: Ctx,
  { baseUrl, ...raw }: EmailLinkInput & Record<string, unknown>,
): Promise<{ userId: string }> {
  requirePermission(ctx, STORE_ADMIN_EDIT);
  const input = parseInput(InviteStoreBuyerInput, raw);
  const [customer] = await ctx.db.select({ id: t.customers.id }).from(t.customers).where(eq(t.customers.id, input.customer_id)).limit(1);
  if (!customer) throw new DomainError("validation_failed", {}, { customer_id: { code: "unknown_customer" } });
  return inviteBuyer(ctx, { ...input, baseUrl });
}

async function inviteBuyer(ctx: Ctx, input: z.output<typeof InviteStoreBuyerInput> & { baseUrl: string }): Promise<{ userId: string }> {
  const { control } = ctx;
  const companyId = ctx.actor.company.id;
  const customerId = String(input.customer_id);
  const profile = { email: input.email, firstName: input.first_name, lastName: input.last_name, language: input.language };
  const [existing, settings] = await Promise.all([
    control.query.users.findFirst({ where: eq(users.email, input.email) }),
    readStoreSettings(ctx.db),
  ]);
  const message = settings.invite_message;
  const grant = ctx.db.update(t.customers).set({ b2bAccess: "granted", updatedAt: ctx.now() }).where(eq(t.customers.id, input.customer_id));
  try {
    if (!existing) {
      const userId = ctx.newId();
      await control.batch([
        control.insert(users).values({ id: userId, ...profile, passwordHash: INVITATION_PENDING_HASH, currentCompanyId: companyId }),
        control.insert(memberships).values({ userId, companyId, permissions: [], customerId }),
        invitationEmail(ctx, "member", { userId, baseUrl: input.baseUrl, message }),
      ]);
      await grant;
      return { userId };
    }
    const member = await control.query.memberships.findFirst({
      where: and(eq(memberships.userId, existing.id), eq(memberships.companyId, companyId)),
    });
    if (member) throw conflict("store_buyer_already_exists", "email");
    const now = ctx.now();
    await control.batch([
      control.insert(invitations).values({
        id: ctx.newId(),
        userId: existing.id,
        companyId,
        ...profile,
        timezone: existing.timezone,
        permissions: [],
        customerId,
        inviterName: inviterNameOf(ctx.actor),
        expiresAt: now + passwordLinkTtl("invitation"),
        createdAt: now,
      }),
      invitationEmail(ctx, "invitee", { userId: existing.id, baseUrl: input.baseUrl, message }),
    ]);
    await grant;
    return { userId: existing.id };
  } catch (error) {
    // The same person invited twice at once: the unique indexes keep one.
    if (isUniqueViolation(error)) throw conflict("store_buyer_already_exists", "email");
    throw error;
  }
}

export const DecideAccessRequestInput = strictInput({
  id: z.number({ error: "not_found" }).int().positive(),
  decision: z.enum(["grant", "deny"], { error: "invalid" }),
  // The customer the buyer will order for; without it, the customer whose emails hold the
  // request's, else a new customer named after the request's company.
  customer_id: z.number({ error: "unknown_customer" }).int().positive().nullable().optional(),
});

/**
 * Grants or denies an access request. Granting invites the requester as a buyer of a customer;
 * a request already answered (twice at once included) is refused with `store_access_request_decided`.
 */
export async function decideAccessRequest(
  ctx: Ctx,
  { baseUrl, ...raw }: EmailLinkInput & Record<string, unknown>,
): Promise<{ status: "granted" | "denied"; customerId: number | null }> {
  requirePermission(ctx, STORE_ADMIN_EDIT);
  const input = parseInput(DecideAccessRequestInput, raw);
  const r = t.storeAccessRequests;
  const status = input.decision === "grant" ? "granted" : "denied";
  // Claimed first: of two answers at once, one wins.
  const [request] = await ctx.db
    .update(r)
    .set({ status, decidedAt: ctx.now() })
    .where(and(eq(r.id, input.id), eq(r.status, "requested")))
    .returning();
  if (!request) {
    const [known] = await ctx.db.select({ id: r.id }).from(r).where(eq(r.id, input.id)).limit(1);
    throw new DomainError(known ? "store_access_request_decided" : "not_found");
  }
  if (status === "denied") return { status, customerId: null };
  try {
    const customerId = input.customer_id ?? (await customerForRequest(ctx, request));
    await inviteBuyer(ctx, {
      customer_id: customerId,
      email: request.email,
      first_name: request.firstName,
      last_name: request.lastName,
      language: request.language,
      baseUrl,
    });
    await ctx.db.update(r).set({ customerId }).where(eq(r.id, request.id));
    return { status, customerId };
  } catch (error) {
    // Nothing was granted: the request waits again.
    await ctx.db.update(r).set({ status: "requested", decidedAt: null }).where(eq(r.id, request.id));
    throw error;
  }
}

async function customerForRequest(ctx: Ctx, request: typeof t.storeAccessRequests.$inferSelect): Promise<number> {
  const [match] = await ctx.db
    .select({ id: t.customers.id })
    .from(t.customers)
    .where(sql`exists (select 1 from json_each(${t.customers.emails}) where lower(value) = lower(${request.email}))`)
    .orderBy(t.customers.id)
    .limit(1);
  if (match) return match.id;
  const created = await createCustomer(ctx, {
    label: request.companyName,
    emails: [request.email],
    ...(request.phone ? { phone: request.phone } : {}),
  });
  return created.id;
}

export const SetStoreAccessInput = strictInput({
  customer_id: z.number({ error: "not_found" }).int().positive(),
  access: z.enum(["granted", "disabled"], { error: "invalid" }),
});

/** Disables a customer's store access (its buyers can no longer sign in to the company) or gives it back. */
export async function setCustomerStoreAccess(ctx: Ctx, raw: unknown): Promise<void> {
  requirePermission(ctx, STORE_ADMIN_EDIT);
  const input = parseInput(SetStoreAccessInput, raw);
  const [customer] = await ctx.db
    .update(t.customers)
    .set({ b2bAccess: input.access, updatedAt: ctx.now() })
    .where(eq(t.customers.id, input.customer_id))
    .returning({ id: t.customers.id });
  if (!customer) throw new DomainError("not_found");
  await ctx.control
    .update(memberships)
    .set({ active: input.access === "granted" })
    .where(
      and(
        eq(memberships.companyId, ctx.actor.company.id),
        eq(memberships.customerId, String(customer.id)),
        sql`not exists (select 1 from json_each(${memberships.permissions}) where value = 'b2b_portal')`,
      ),
    );
}
