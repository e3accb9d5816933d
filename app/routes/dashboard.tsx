import { Link } from "react-router";
import { requestContext } from "../../worker/context";
import { listLocations } from "../../worker/domain/settings/list-locations";
import { listMyInvitations } from "../../worker/domain/users/company-invitations";
import { requirePage } from "../../worker/guards";
import { useT } from "../i18n";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const user = requirePage(request, ctx);
  const [locations, invitations] = await Promise.all([listLocations(await ctx.tenant()), listMyInvitations(ctx.control, user)]);
  return {
    firstName: user.firstName,
    company: user.company.label,
    trial: user.company.status === "trial",
    locations,
    pendingInvitations: invitations.length,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { firstName, company, trial, locations, pendingInvitations } = loaderData;
  return (
    <>
      <title>{`${t("dashboard.title")} | ${t("app.name")}`}</title>
      <h1>{t("dashboard.welcome", { name: firstName })}</h1>
      <p>
        {t("dashboard.company", { company })} {trial ? <span className="badge">{t("dashboard.trial")}</span> : null}
      </p>
      {pendingInvitations > 0 ? (
        <p className="alert" data-testid="pending-invitations">
          {t("dashboard.pending_invitations", { count: pendingInvitations })}{" "}
          <Link to="/invitations">{t("dashboard.see_invitations")}</Link>
        </p>
      ) : null}
      <section className="card">
        <h2>{t("dashboard.locations")}</h2>
        {locations.length === 0 ? (
          <p>{t("dashboard.no_data")}</p>
        ) : (
          <ul className="plain-list">
            {locations.map((location) => (
              <li key={location.id}>
                {location.label} · {location.address.city}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
