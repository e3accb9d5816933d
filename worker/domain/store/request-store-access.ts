import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import { zName, zOptionalEmail, zPhone } from "../contacts/shared";
import { storeAccessRequestedRow } from "../settings/alerts/alert-watch";
import { requirePublic, type Ctx } from "../shared/ctx";
import { insertedId } from "../shared/inserted-id";
import { reserveInTurn, type AttemptLimiter, type LimitKey } from "../identity/sign-in-limits";
import { DomainError } from "../shared/domain-error";
import { conflict, isUniqueViolation, parseInput, runBatch, strictInput, zOptionalText } from "../shared/input";
import { readStoreSettings } from "./settings/store-settings";

export const RequestStoreAccessInput = strictInput({
  company_name: zName(200),
  first_name: zName(100),
  last_name: zName(100),
  email: zOptionalEmail.pipe(z.string({ error: "email_required" })).transform((v) => v.toLowerCase()),
  phone: zPhone.nullable().optional(),
  message: zOptionalText(2_000).optional(),
  language: z.enum(["en", "fr"], { error: "invalid" }).default("en"),
});

/** The limiter of the public forms, and the visitor's address (null when unknown: then only the store's limit counts). */
export interface AccessRequestLimits {
  limiter: AttemptLimiter;
  address: string | null;
}

/**
 * A visitor asks for access from the store's access form (domain spec §5): the request waits
 * for staff to grant or deny it. Only an open store whose form is on takes requests, and one
 * email has one waiting request at a time. The answer never says whether the email has an account.
 * A valid form is counted per address, then per store, before it is saved (`store_access_rate_limited`).
 */
export async function requestStoreAccess(
  ctx: Ctx,
  { limiter, address, ...raw }: AccessRequestLimits & Record<string, unknown>,
): Promise<void> {
  requirePublic(ctx, "public_store");
  const input = parseInput(RequestStoreAccessInput, raw);
  const settings = await readStoreSettings(ctx.db);
  if (!settings.status || !settings.access_form_enabled) throw new DomainError("store_access_form_closed");
  const keys: LimitKey[] = [{ kind: "access-store", value: ctx.actor.company.id }];
  if (address) keys.unshift({ kind: "access-address", value: address });
  await reserveInTurn(limiter, keys, "store_access_rate_limited");
  try {
    // The b2b_store_access_request alerts hear of it with the request, or not at all.
    await runBatch(ctx.db, [
      ctx.db.insert(tenantSchema.storeAccessRequests).values({
        companyName: input.company_name,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message ?? null,
        language: input.language,
      }),
      storeAccessRequestedRow(ctx.outbox, insertedId("store_access_requests")),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("store_access_already_requested", "email");
    throw error;
  }
}
