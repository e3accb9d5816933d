import { and, eq, isNull } from "drizzle-orm";
import { controlSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { conflict, isUniqueViolation } from "../../shared/input";
import { readStoreAddresses, verificationRecordName, type StoreAddresses } from "./store-addresses";
import { STORE_ADMIN_EDIT } from "./store-settings-verbs";

const { storeDomains } = controlSchema;

/** Reads a name's TXT records (their texts); rejects when the lookup itself fails (no answer, a bad answer, too late). */
export interface TxtResolver {
  txt(name: string): Promise<string[]>;
}

/**
 * Proves the store's own domain is the company's: its TXT record `_comptoir-verify.<domain>` must
 * hold the claim's token. Then the domain serves the store, and no other company's claim of it can
 * be verified (only one serving row per host). A failed lookup saves nothing and says so.
 */
export async function verifyStoreDomain(ctx: Ctx, input: { resolver: TxtResolver }): Promise<StoreAddresses> {
  requirePermission(ctx, STORE_ADMIN_EDIT);
  const companyId = ctx.actor.company.id;
  const mine = and(eq(storeDomains.companyId, companyId), eq(storeDomains.kind, "domain"));
  const [claim] = await ctx.control.select().from(storeDomains).where(mine);
  if (!claim) throw new DomainError("validation_failed", {}, { custom_domain: { code: "required" } });
  if (claim.verifiedAt !== null) return readStoreAddresses(ctx.control, companyId);
  const name = verificationRecordName(claim.host);
  let texts: string[];
  try {
    texts = await input.resolver.txt(name);
  } catch {
    throw new DomainError("store_domain_check_failed", { name });
  }
  if (!claim.verificationToken || !texts.some((text) => text.trim() === claim.verificationToken))
    throw new DomainError("validation_failed", {}, { custom_domain: { code: "store_domain_not_verified", params: { name } } });
  try {
    // The claim as it was read: a domain changed meanwhile is not verified by the old one's record.
    await ctx.control
      .update(storeDomains)
      .set({ verifiedAt: ctx.now() })
      .where(and(mine, eq(storeDomains.id, claim.id), eq(storeDomains.host, claim.host), isNull(storeDomains.verifiedAt)));
  } catch (error) {
    if (isUniqueViolation(error, "store_domains.host")) throw conflict("store_address_taken", "custom_domain");
    throw error;
  }
  return readStoreAddresses(ctx.control, companyId);
}
