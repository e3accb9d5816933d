import { tenantSchema } from "../../../../db/client";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import type { PaymentMethodView } from "./payment-method-schemas";
import { paymentMethodList, selection, view } from "./payment-method-shared";

/** Payment methods through the list parameters; anyone signed in to the back office reads them. */
export async function listPaymentMethodsPage(
  ctx: Ctx,
  params: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<PaymentMethodView>> {
  requireBackOffice(ctx);
  const { db } = ctx;
  const query = parseListQuery(params, paymentMethodList);
  const result = await runList(db, {
    registry: paymentMethodList,
    query,
    select: () => db.select(selection).from(tenantSchema.paymentMethods).$dynamic(),
  });
  return { ...result, items: result.items.map(view) };
}

/** Every payment method, by label. */
export async function allPaymentMethods(ctx: Ctx): Promise<PaymentMethodView[]> {
  return (await listPaymentMethodsPage(ctx, { page_size: -1 })).items;
}
