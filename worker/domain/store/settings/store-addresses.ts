import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../../db/client";
import type { Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { randomToken } from "../../shared/ids";
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
  /** A domain serves the store once verified; until then it is pending. */
  custom_domain_status: "pending" | "verified" | null;
  /** The DNS TXT record that proves the domain is the company's: its name and the value it must hold. */
  custom_domain_record: { name: string; value: string } | null;
}

/** The name of the TXT record that proves a store's own domain: `_comptoir-verify.<domain>`. */
export function verificationRecordName(host: string): string {
  return `_comptoir-verify.${host}`;
}

/** The platform's own hosts: sub-domains of STORES_DOMAIN are stores' addresses, never a company's domain. */
export interface PlatformHosts {
  storesDomain?: string | undefined;
}

export async function readStoreAddresses(control: ControlDb, companyId: string): Promise<StoreAddresses> {
  const rows = await control
    .select({
      kind: storeDomains.kind,
      host: storeDomains.host,
      token: storeDomains.verificationToken,
      verifiedAt: storeDomains.verifiedAt,
    })
    .from(storeDomains)
    .where(eq(storeDomains.companyId, companyId));
  const domain = rows.find((r) => r.kind === "domain");
  return {
    url: rows.find((r) => r.kind === "slug")?.host ?? null,
    custom_domain: domain?.host ?? null,
    custom_domain_status: domain ? (domain.verifiedAt === null ? "pending" : "verified") : null,
    custom_domain_record: domain ? { name: verificationRecordName(domain.host), value: domain.token ?? "" } : null,
  };
}

/**
 * Sets the addresses given (null removes one). An address part another store has is refused on its
 * field (`store_address_taken`). A new own domain is a claim with a fresh token: it serves the store
 * once verified (verifyStoreDomain), so it blocks no other company's claim until then; saving the
 * same domain again keeps its claim as it is.
 */
export async function writeStoreAddresses(
  ctx: Ctx,
  given: Partial<Pick<StoreAddresses, "url" | "custom_domain">>,
  platform: PlatformHosts = {},
): Promise<void> {
  const companyId = ctx.actor.company.id;
  const mine = (kind: "slug" | "domain") => and(eq(storeDomains.companyId, companyId), eq(storeDomains.kind, kind));
  if (given.url !== undefined) {
    try {
      if (given.url === null) await ctx.control.delete(storeDomains).where(mine("slug"));
      else
        await ctx.control
          .insert(storeDomains)
          .values({ id: ctx.newId(), companyId, kind: "slug", host: given.url })
          .onConflictDoUpdate({ target: [storeDomains.companyId, storeDomains.kind], set: { host: given.url } });
    } catch (error) {
      if (isUniqueViolation(error, "store_domains.host")) throw conflict("store_address_taken", "url");
      throw error;
    }
  }
  const host = given.custom_domain;
  if (host === undefined) return;
  if (host === null) {
    await ctx.control.delete(storeDomains).where(mine("domain"));
    return;
  }
  const stores = platform.storesDomain?.toLowerCase();
  if (stores && (host === stores || host.endsWith(`.${stores}`)))
    throw new DomainError("validation_failed", {}, { custom_domain: { code: "store_domain_reserved" } });
  const [current] = await ctx.control.select({ host: storeDomains.host }).from(storeDomains).where(mine("domain"));
  if (current?.host === host) return;
  const [serving] = await ctx.control
    .select({ companyId: storeDomains.companyId })
    .from(storeDomains)
    .where(and(eq(storeDomains.kind, "domain"), eq(storeDomains.host, host), isNotNull(storeDomains.verifiedAt)));
  if (serving && serving.companyId !== companyId) throw conflict("store_address_taken", "custom_domain");
  const claim = { host, verificationToken: randomToken(18), verifiedAt: null };
  await ctx.control
    .insert(storeDomains)
    .values({ id: ctx.newId(), companyId, kind: "domain", ...claim })
    .onConflictDoUpdate({ target: [storeDomains.companyId, storeDomains.kind], set: claim });
}

/**
 * The company a request's host belongs to, when it is a store's: `<slug>.<storesDomain>` or a
 * store's own domain, once verified. Null for any other host (the back-office's).
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
    .where(
      and(
        eq(storeDomains.kind, lookup.kind),
        eq(storeDomains.host, lookup.host),
        // An own domain serves its store only once verified; a claim alone serves nothing.
        lookup.kind === "domain" ? isNotNull(storeDomains.verifiedAt) : undefined,
      ),
    )
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
