import { Link, redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { getStorefront } from "../../../worker/domain/store/get-storefront";
import { getStoreOrder, listStoreOrders } from "../../../worker/domain/store/list-store-orders";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { isStatusOf } from "../../../worker/domain/documents/statuses";
import { PackNote } from "../../components/documents/pack-note";
import { StatusChip } from "../../components/status-chip";
import { OrderAgain } from "../../components/store/quick-order";
import { StorePager } from "../../components/store/store-pager";
import { StoreTotals } from "../../components/store/store-totals";
import { useStorefront } from "../../components/store/use-storefront";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { orNotFound } from "../../server/form-page.server";
import type { Route } from "./+types/orders-history";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const ctx = await ctxFromRequest(rc);
  const url = new URL(request.url);
  const page = Math.max(0, Number.parseInt(url.searchParams.get("page") ?? "0", 10) || 0);
  const [storefront, order, list] = await Promise.all([
    getStorefront(ctx),
    params.order ? orNotFound(() => getStoreOrder(ctx, { id: params.order })) : null,
    params.order ? null : listStoreOrders(ctx, { page }),
  ]);
  // A store that hides orders sends its history to the store's home (platform spec §5).
  if (!storefront.menu.orders) throw redirect("/b2b");
  return { order, placed: order !== null && url.searchParams.has("placed"), list };
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
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th>{t("b2b.product")}</th>
                <th>{t("b2b.quantity")}</th>
                <th>{t("b2b.price")}</th>
                <th>{t("b2b.line_total")}</th>
              </tr>
            </thead>
            <tbody>
              {(order.lines ?? []).map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.description ?? line.sku}
                    {line.kind === "pack" ? <PackNote label={line.pack_label} units={line.units} /> : null}
                  </td>
                  <td>{format.quantity(line.quantity)}</td>
                  <td>{format.money(line.price, order.currency)}</td>
                  <td>{format.money(line.total_excl_tax, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <StoreTotals figures={{ ...order, total_incl_tax: order.total }} currency={order.currency} testId="order-detail" />
        {cartShown ? <OrderAgain orderId={order.id} /> : null}
        <Link to="/b2b/orders-history">{t("b2b.back_to_orders")}</Link>
      </>
    );
  const pages = list ? Math.max(1, Math.ceil((list.totalCount ?? 0) / list.page_size)) : 1;
  return (
    <>
      <title>{t("b2b.orders_title")}</title>
      <h1>{t("b2b.orders_title")}</h1>
      {!list || list.items.length === 0 ? (
        <p>{t("b2b.no_orders")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th>{t("b2b.number")}</th>
                <th>{t("b2b.date")}</th>
                <th>{t("b2b.status")}</th>
                <th>{t("b2b.total")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((o) => (
                <tr key={o.id} data-testid="store-order">
                  <td>
                    <Link to={`/b2b/orders-history/${o.id}`}>{o.number}</Link>
                  </td>
                  <td>{format.date(o.date)}</td>
                  <td>
                    <OrderStatus status={o.status} />
                  </td>
                  <td>{format.money(o.total, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list ? <StorePager page={list.page} pages={pages} href={(p) => `?page=${p}`} /> : null}
    </>
  );
}
