import { Link, redirect } from "react-router";
import { requestContext } from "../../worker/context";
import { ctxFromRequest } from "../../worker/ctx";
import { effectiveStatus } from "../../worker/domain/identity/actor";
import { atAGlance } from "../../worker/domain/dashboard/at-a-glance";
import { listLocations } from "../../worker/domain/settings/locations/list-locations";
import { startTestContentRemoval, testContentBanner } from "../../worker/domain/onboarding/test-content";
import { activeStaffCount } from "../../worker/domain/users/staff";
import { listMyInvitations } from "../../worker/domain/users/company-invitations";
import { requirePage } from "../../worker/guards";
import { useT } from "../i18n";
import { TestContentPanel } from "../components/onboarding/test-content-progress";
import { tickedAcknowledgements } from "../components/ui/confirm-delete";
import { formAction } from "../server/form-page.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const user = requirePage(request, ctx);
  // The plan and the active-user count are for holders of admin (platform spec §6).
  const admin = user.permissions.includes("admin");
  const verbs = await ctxFromRequest(ctx);
  // The test content's banner, until it is dismissed (a cookie) or the content removed.
  const dismissed = (request.headers.get("cookie") ?? "").includes(`${TEST_CONTENT_DISMISSED}=1`);
  const [figures, locations, activeUsers, invitations, testContent] = await Promise.all([
    atAGlance(verbs),
    listLocations(verbs),
    admin ? activeStaffCount(ctx.control, user.company.id) : null,
    ctx.shell?.invitations ?? listMyInvitations(verbs),
    testContentBanner(verbs, { dismissed }),
  ]);
  return {
    firstName: user.firstName,
    company: user.company.label,
    account: activeUsers !== null ? { plan: effectiveStatus(user.company), activeUsers } : null,
    figures,
    locations,
    pendingInvitations: invitations.length,
    testContent,
  };
}

const TEST_CONTENT_DISMISSED = "test_content_dismissed";

/** The test content banner's two buttons: remove it all (in the background), or hide the banner. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx);
  const form = await request.formData();
  if (form.get("intent") === "dismiss_test_content")
    return redirect("/dashboard", {
      headers: { "set-cookie": `${TEST_CONTENT_DISMISSED}=1; Path=/dashboard; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax` },
    });
  const verbs = await ctxFromRequest(ctx);
  return formAction(async () => {
    await startTestContentRemoval(verbs, { acknowledged: tickedAcknowledgements(form) });
    return redirect("/dashboard");
  });
}

/** The figures of the dashboard, each leading to its list. */
const GLANCE = [
  { key: "salesOrdersOpen", label: "dashboard.sales_orders_open", to: "/sales/sales-orders" },
  { key: "invoicesToCollect", label: "dashboard.invoices_to_collect", to: "/sales/invoices" },
  { key: "estimatesPending", label: "dashboard.estimates_pending", to: "/sales/estimates" },
  { key: "activeProducts", label: "dashboard.active_products", to: "/products-and-services/products" },
  { key: "activeCustomers", label: "dashboard.active_customers", to: "/contacts/customers" },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { firstName, company, account, figures, locations, pendingInvitations, testContent } = loaderData;
  return (
    <>
      <title>{`${t("dashboard.title")} | ${t("app.name")}`}</title>
      <h1>{t("dashboard.welcome", { name: firstName })}</h1>
      <p>{t("dashboard.company", { company })}</p>
      {testContent ? <TestContentPanel state={testContent} dismissible /> : null}
      {account ? (
        <p data-testid="account-summary">
          <span className="badge">{t("dashboard.plan", { plan: t(`account.status_${account.plan}`) })}</span>{" "}
          {t("dashboard.active_users", { count: account.activeUsers })}
        </p>
      ) : null}
      {pendingInvitations > 0 ? (
        <p className="alert" data-testid="pending-invitations">
          {t("dashboard.pending_invitations", { count: pendingInvitations })}{" "}
          <Link to="/invitations">{t("dashboard.see_invitations")}</Link>
        </p>
      ) : null}
      <section className="card" data-testid="at-a-glance">
        <h2>{t("dashboard.at_a_glance")}</h2>
        <dl className="figures">
          {GLANCE.filter(({ key }) => figures[key] !== null).map(({ key, label, to }) => (
            <div key={key} className="figures__item">
              <dt>
                <Link to={to}>{t(label)}</Link>
              </dt>
              <dd data-testid={`figure-${key}`}>{figures[key]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card">
        <h2>{t("dashboard.locations")}</h2>
        {locations.length === 0 ? (
          <p>{t("dashboard.no_data")}</p>
        ) : (
          <ul className="plain-list">
            {locations.map((location) => (
              <li key={location.id}>{location.address.city ? `${location.label} · ${location.address.city}` : location.label}</li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
