import { SALES_ACCESS } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { readSubscription, type SubscriptionView } from "./subscription-views";

/** One subscription with its lines and terms. */
export async function getSubscription(ctx: Ctx, input: { id: unknown }): Promise<SubscriptionView> {
  requirePermission(ctx, SALES_ACCESS.subscription.read);
  return readSubscription(ctx.db, input.id);
}
