import { SALES_ACCESS } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import type { ListResult } from "../shared/list-query-sql";
import { listSubscriptionsOf, type SubscriptionView } from "./subscription-views";

/** One page of subscriptions: the sales documents' filters and sorts, plus renewal_date and end_date. */
export async function listSubscriptions(ctx: Ctx, query: URLSearchParams | Record<string, unknown>): Promise<ListResult<SubscriptionView>> {
  requirePermission(ctx, SALES_ACCESS.subscription.view);
  return listSubscriptionsOf(ctx.db, query);
}
