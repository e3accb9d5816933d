import { eq } from "drizzle-orm";
import { z } from "zod";
import { controlSchema } from "../../../db/client";
import { listUserCompanies, type UserCompany } from "../companies/list-user-companies";
import { signedInUser } from "../identity/actor";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput } from "../shared/input";
import { profileFields } from "../users/users-schemas";

const { users } = controlSchema;

/** What a buyer sees and changes of their own account on the store's settings page. */
export interface BuyerProfile {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  language: "en" | "fr";
}

const UpdateBuyerProfileInput = z.strictObject({
  first_name: profileFields.first_name,
  last_name: profileFields.last_name,
  phone: profileFields.phone.optional(),
  language: profileFields.language,
});

/** A buyer's own account: staff viewing the store as a customer have none there (their settings are the back office's). */
export function isBuyerAccount(ctx: Ctx): boolean {
  return ctx.actor.kind === "user" && Boolean(ctx.actor.customerId) && !ctx.actor.permissions.includes("b2b_portal");
}

function buyer(ctx: Ctx) {
  if (!isBuyerAccount(ctx)) throw new DomainError("forbidden");
  return signedInUser(ctx.actor);
}

export async function getBuyerProfile(ctx: Ctx, _input: Record<string, never> = {}): Promise<BuyerProfile> {
  const actor = buyer(ctx);
  const [row] = await ctx.control
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, language: users.language })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!row) throw new DomainError("not_found");
  return { first_name: row.firstName, last_name: row.lastName, email: row.email, phone: row.phone, language: row.language };
}

/**
 * Changes a buyer's name, phone and language (the store's pages and emails follow the language).
 * The email is the sign-in: it is not changed here.
 */
export async function updateBuyerProfile(ctx: Ctx, raw: unknown): Promise<BuyerProfile> {
  const actor = buyer(ctx);
  const input = parseInput(UpdateBuyerProfileInput, raw);
  await ctx.control
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      language: input.language,
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
    })
    .where(eq(users.id, actor.userId));
  return getBuyerProfile(ctx);
}

/**
 * Change company (platform spec §2): the buyer's other companies, when they have more than one.
 * None for staff viewing the store, nor on a store's own host, where the host names the company.
 */
export async function otherBuyerCompanies(
  ctx: Ctx,
  input: { onStoreHost: boolean; known?: readonly UserCompany[] | undefined },
): Promise<{ id: string; label: string }[]> {
  if (!isBuyerAccount(ctx) || input.onStoreHost) return [];
  // A page's session read them already (its shell): no second read.
  const companies = input.known ?? (await listUserCompanies(ctx));
  return companies.filter((c) => c.id !== ctx.actor.company.id).map((c) => ({ id: c.id, label: c.label }));
}
