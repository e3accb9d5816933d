import { runCascade } from "../documents/cascades";
import { SALES_ACCESS, savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { readSubscription, type SubscriptionView } from "./subscription-views";

/**
 * Cancels a subscription (domain spec §4): it bills no more, and the invoices it made that are not
 * finalised yet (its upcoming drafts) are cancelled with it; finalised ones stand (cascades.ts).
 */
export async function cancelSubscription(ctx: Ctx, input: { id: unknown }): Promise<SubscriptionView> {
  requirePermission(ctx, SALES_ACCESS.subscription.edit);
  const saved = await savedSalesDocument(ctx.db, "subscription", input.id);
  await runCascade(ctx, "subscription", "cancel", saved);
  return readSubscription(ctx.db, saved.id);
}
