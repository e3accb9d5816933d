import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../../db/client";
import type { Ctx } from "../../shared/ctx";
import { conflict, isUniqueViolation } from "../../shared/input";

const { storeDomains } = controlSchema;

/** A store's own domain: a host name of two labels or more, lower-cased, without port. */
export const zStoreDomain = z
  .string({ error: "invalid" })
  .trim()
  .toLowerCase()
  .max(253, "too_long")
  .regex(/^(([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})?$/, "invalid_domain")
  .nullable()
  .transform((v) => v || null);

/** How the store is reached: its address part (`?company=<url>`, `<url>.` before the stores' domain) and its own domain. */
export interface StoreAddresses {
  url: string | null;
  custom_domain: string | null;
}

export async function readStoreAddresses(control: ControlDb, companyId: string): Promise<StoreAddresses> {
  const rows = await control
    .select({ kind: storeDomains.kind, host: storeDomains.host })
    .from(storeDomains)
    .where(eq(storeDomains.companyId, companyId));
  return {
    url: rows.find((r) => r.kind === "slug")?.host ?? null,
    custom_domain: rows.find((r) => r.kind === "domain")?.host ?? null,
  };
}

/**
 * Sets the addresses given (null removes one). An address another company holds is refused on
 * its field (`store_address_taken`); both are unique across the platform.
 */
export async function writeStoreAddresses(ctx: Ctx, given: Partial<StoreAddresses>): Promise<void> {
  const companyId = ctx.actor.company.id;
  const changes: { kind: "slug" | "domain"; field: keyof StoreAddresses; host: string | null }[] = [];
  if (given.url !== undefined) changes.push({ kind: "slug", field: "url", host: given.url });
  if (given.custom_domain !== undefined) changes.push({ kind: "domain", field: "custom_domain", host: given.custom_domain });
  for (const { kind, field, host } of changes) {
    const mine = and(eq(storeDomains.companyId, companyId), eq(storeDomains.kind, kind));
    try {
      if (host === null) await ctx.control.delete(storeDomains).where(mine);
      else
        await ctx.control
          .insert(storeDomains)
          .values({ id: ctx.newId(), companyId, kind, host })
          .onConflictDoUpdate({ target: [storeDomains.companyId, storeDomains.kind], set: { host } });
    } catch (error) {
      if (isUniqueViolation(error, "store_domains.host")) throw conflict("store_address_taken", field);
      throw error;
    }
  }
}

/**
 * The company a request's host belongs to, when it is a store's: `<slug>.<storesDomain>` or a
 * store's own domain. Null for any other host (the back-office's).
 */
export async function companyOfStoreHost(control: ControlDb, host: string, storesDomain: string | undefined): Promise<string | null> {
  const name = host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  const suffix = storesDomain ? `.${storesDomain.toLowerCase()}` : null;
  const lookup =
    suffix && name.endsWith(suffix) && !name.slice(0, -suffix.length).includes(".")
      ? { kind: "slug" as const, host: name.slice(0, -suffix.length) }
      : { kind: "domain" as const, host: name };
  if (!lookup.host) return null;
  const [row] = await control
    .select({ companyId: storeDomains.companyId })
    .from(storeDomains)
    .where(and(eq(storeDomains.kind, lookup.kind), eq(storeDomains.host, lookup.host)))
    .limit(1);
  return row?.companyId ?? null;
}

/** The company of a `?company=<slug>` store address, if a store has it. */
export async function companyOfStoreSlug(control: ControlDb, slug: string): Promise<string | null> {
  const [row] = await control
    .select({ companyId: storeDomains.companyId })
    .from(storeDomains)
    .where(and(eq(storeDomains.kind, "slug"), eq(storeDomains.host, slug.toLowerCase())))
    .limit(1);
  return row?.companyId ?? null;
}
