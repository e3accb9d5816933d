import { isFinal, type StatusOf } from "../documents/statuses";
import { rewriteSalesDocument } from "../sales/sales-document-writes";
import { SALES_ACCESS, savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput } from "../shared/input";
import { todayIn } from "../stock/common";
import { UpdateSubscriptionInput } from "./subscription-schemas";
import { subscriptionTerms } from "./subscription-terms";
import { readSubscription, type SubscriptionView } from "./subscription-views";

/**
 * Changes an active subscription: lines given replace its lines (the next invoices bill them), and
 * its terms, the next renewal and the end date counted again from its first cycle (subscription-terms.ts).
 * The write claims the subscription, so that a cycle billed meanwhile makes it a conflict rather
 * than a renewal date moved back. A completed or cancelled subscription no longer changes.
 */
export async function updateSubscription(ctx: Ctx, input: { id: unknown } & Record<string, unknown>): Promise<SubscriptionView> {
  requirePermission(ctx, SALES_ACCESS.subscription.edit);
  const parsed = parseInput(UpdateSubscriptionInput, input);
  const saved = await savedSalesDocument(ctx.db, "subscription", parsed.id);
  if (isFinal("subscription", saved.status as StatusOf<"subscription">)) throw new DomainError("status_move_not_allowed");
  await rewriteSalesDocument(ctx, {
    type: "subscription",
    saved,
    customerId: parsed.customer_id ?? saved.customerId,
    locationId: parsed.location_id ?? saved.locationId,
    fields: parsed,
    reserve: false,
    // An edit may be the merchant's fix of a failed billing: the next run tries again without waiting (the failure shows until then).
    values: (priced) => ({ ...subscriptionTerms(parsed, saved, todayIn(priced.timezone, new Date(ctx.now()))), billingRetryAt: null }),
  });
  return readSubscription(ctx.db, saved.id);
}
