import { Link } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { todayIn } from "../../../worker/domain/stock/common";
import { STORE_ADMIN_VIEW } from "../../../worker/domain/store/settings/store-settings-verbs";
import { getStoreDashboard } from "../../../worker/domain/store/store-dashboard";
import { requirePage } from "../../../worker/guards";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const user = requirePage(request, rc, STORE_ADMIN_VIEW);
  return { dashboard: await getStoreDashboard(await ctxFromRequest(rc), { today: todayIn(user.timezone) }) };
}

/** The store's dashboard: orders to validate, the buyers who came last, customers with access, and this month's sales. */
export default function StoreDashboardPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { dashboard } = loaderData;
  return (
    <>
      <title>{`${t("store_admin.dashboard")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("store_admin.dashboard")}</h1>
        <nav className="store-admin-links">
          <Link to="/b2b-store/customers">{t("store_admin.customers")}</Link>
          <Link to="/b2b-store/settings/setup">{t("store_settings.title")}</Link>
        </nav>
      </div>
      <div className="store-dashboard">
        <section className="card" data-testid="store-pending">
          <h2>{t("store_admin.pending_orders", { count: dashboard.pendingCount })}</h2>
          {dashboard.pendingOrders.length === 0 ? <p className="muted">{t("store_admin.no_pending")}</p> : null}
          <ul className="plain-list">
            {dashboard.pendingOrders.map((o) => (
              <li key={o.id}>
                <Link to={`/sales/sales-orders/${o.id}`}>{o.number}</Link> · {o.customer} · {format.date(o.date)} ·{" "}
                {format.money(o.total, o.currency)}
              </li>
            ))}
          </ul>
        </section>
        <section className="card">
          <h2>{t("store_admin.customers")}</h2>
          <p data-testid="store-customers-count">{t("store_admin.customers_with_access", { count: dashboard.customersWithAccess })}</p>
          <p>
            <Link to="/b2b-store/customers">{t("store_admin.access_requests", { count: dashboard.accessRequests })}</Link>
          </p>
          <h3>{t("store_admin.last_buyers")}</h3>
          {dashboard.lastBuyers.length === 0 ? <p className="muted">{t("store_admin.no_buyers_yet")}</p> : null}
          <ul className="plain-list">
            {dashboard.lastBuyers.map((b) => (
              <li key={b.id}>
                <Link to={`/contacts/customers/${b.id}`}>{b.label}</Link> · {format.dateTime(b.last_access)}
              </li>
            ))}
          </ul>
        </section>
        <section className="card" data-testid="store-sales">
          <h2>{t("store_admin.month_sales")}</h2>
          {dashboard.monthSales.length === 0 ? <p className="muted">{t("store_admin.no_sales")}</p> : null}
          {dashboard.monthSales.map((s) => (
            <p key={s.currency}>
              <strong>{format.money(s.total, s.currency)}</strong> · {t("store_admin.orders_count", { count: s.count })}
            </p>
          ))}
        </section>
      </div>
    </>
  );
}
