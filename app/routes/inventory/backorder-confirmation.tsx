import { data, Link } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { readOrdersMade } from "../../../worker/domain/purchasing/reorder";
import { requirePage } from "../../../worker/guards";
import { useT } from "../../i18n";
import { BACKORDER_PATH, OrdersMadeList, ordersMadeParam, PURCHASE_ORDERS_VIEW } from "./reorder-parts";
import type { Route } from "./+types/backorder-confirmation";
import "../../components/inventory/inventory.css";

/**
 * The backorder wizard's last step: the purchase orders it made or added to. The address names
 * them (their ids joined by "-"), so the page can be reloaded or shared; an order of another
 * company, or none, is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, PURCHASE_ORDERS_VIEW);
  const ids = ordersMadeParam(params.id);
  const made = ids.length ? await readOrdersMade(await ctxFromRequest(rc), ids) : { purchase_orders: [] };
  if (made.purchase_orders.length === 0) throw data(null, { status: 404 });
  return { orders: made.purchase_orders };
}

export default function BackorderConfirmation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("backorder.done_title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("backorder.done_title")}</h1>
        <Link to={BACKORDER_PATH}>{t("backorder.back")}</Link>
      </div>
      <OrdersMadeList orders={loaderData.orders} title={t("backorder.done", { count: loaderData.orders.length })} />
    </>
  );
}
