import { Link } from "react-router";
import { getStoreOrder, listStoreOrders } from "../../../worker/domain/store/list-store-orders";
import { isStatusOf } from "../../../worker/domain/documents/statuses";
import { StatusChip } from "../../components/status-chip";
import { StoreDocumentLines } from "../../components/store/store-document-lines";
import { OrderAgain } from "../../components/store/quick-order";
import { StoreHistory } from "../../components/store/store-history";
import { StoreTotals } from "../../components/store/store-totals";
import { useStorefront } from "../../components/store/use-storefront";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { loadStoreHistory } from "../../server/store-history.server";
import type { Route } from "./+types/orders-history";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { detail: order, list } = await loadStoreHistory(request, context, params.order, {
    shown: (menu) => menu.orders,
    one: (ctx, id) => getStoreOrder(ctx, { id }),
    list: (ctx, page) => listStoreOrders(ctx, { page }),
  });
  return { order, placed: order !== null && new URL(request.url).searchParams.has("placed"), list };
}

function OrderStatus({ status }: { status: string }) {
  return isStatusOf("sales_order", status) ? <StatusChip status={status} /> : <>{status}</>;
}

/** The buyer's order history (platform spec §2): the customer's orders, 10 a page, and one order with its lines. */
export default function OrdersHistory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { order, placed, list } = loaderData;
  const cartShown = useStorefront().menu.cart;
  if (order)
    return (
      <>
        <title>{t("b2b.order_number", { number: order.number })}</title>
        {placed ? (
          <p role="status" className="alert alert--success">
            {t("b2b.order_placed", { number: order.number })}
          </p>
        ) : null}
        <h1>{t("b2b.order_number", { number: order.number })}</h1>
        <p>
          <OrderStatus status={order.status} /> · {format.date(order.date)}
          {order.external_reference ? ` · ${order.external_reference}` : ""}
        </p>
        <StoreDocumentLines lines={order.lines ?? []} currency={order.currency} />
        <StoreTotals figures={{ ...order, total_incl_tax: order.total }} currency={order.currency} testId="order-detail" />
        {cartShown ? <OrderAgain orderId={order.id} /> : null}
        <Link to="/b2b/orders-history">{t("b2b.back_to_orders")}</Link>
      </>
    );
  return (
    <StoreHistory
      title={t("b2b.orders_title")}
      empty={t("b2b.no_orders")}
      columns={[t("b2b.number"), t("b2b.date"), t("b2b.status"), t("b2b.total")]}
      testId="store-order"
      page={list}
      rows={
        list?.items.map((o) => ({
          id: o.id,
          cells: [
            <Link key="number" to={`/b2b/orders-history/${o.id}`}>
              {o.number}
            </Link>,
            format.date(o.date),
            <OrderStatus key="status" status={o.status} />,
            format.money(o.total, o.currency),
          ],
        })) ?? null
      }
    />
  );
}
