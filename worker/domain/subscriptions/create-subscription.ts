import { entryStatus } from "../documents/statuses";
import { insertSalesDocument } from "../sales/sales-document-writes";
import { SALES_ACCESS } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseInput } from "../shared/input";
import { todayIn } from "../stock/common";
import { CreateSubscriptionInput } from "./subscription-schemas";
import { subscriptionTerms } from "./subscription-terms";
import { readSubscription, type SubscriptionView } from "./subscription-views";

/**
 * Creates a subscription: numbered (ABO-), its lines priced as an estimate's for its customer, and
 * its terms; it starts active, its first invoice due on its first cycle's date (the cron makes it,
 * bill-subscriptions.ts). Nothing is reserved: each cycle's invoice bills, it does not ship.
 */
export async function createSubscription(ctx: Ctx, input: unknown): Promise<SubscriptionView> {
  requirePermission(ctx, SALES_ACCESS.subscription.edit);
  const parsed = parseInput(CreateSubscriptionInput, input);
  const saved = await insertSalesDocument(ctx, {
    type: "subscription",
    customerId: parsed.customer_id,
    locationId: parsed.location_id,
    fields: parsed,
    reserve: false,
    values: (priced) => ({
      status: entryStatus("subscription"),
      ...subscriptionTerms(parsed, null, todayIn(priced.timezone, new Date(ctx.now()))),
    }),
  });
  return readSubscription(ctx.db, saved.id);
}
