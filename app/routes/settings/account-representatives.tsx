import { Link } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { ACCOUNT_REPRESENTATIVES } from "../../../worker/domain/settings/alerts/alert-schemas";
import { listAccountRepresentatives } from "../../../worker/domain/settings/alerts/list-account-representatives";
import { requirePage } from "../../../worker/guards";
import { StatusBadge } from "../../components/settings/catalogue-settings-parts";
import { useT } from "../../i18n";
import type { Route } from "./+types/account-representatives";

/**
 * The company's account representatives (users of that type): customers and alerts name them.
 * They are users like the others: invited, edited and disabled on the users' pages.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, ACCOUNT_REPRESENTATIVES);
  return { representatives: await listAccountRepresentatives(await ctxFromRequest(rc)) };
}

export default function AccountRepresentatives({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { representatives } = loaderData;
  return (
    <>
      <title>{`${t("account_representatives.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("account_representatives.title")}</h1>
        <Link to="/settings/users/create?type=accountRepresentative" className="button button--primary">
          {t("account_representatives.invite")}
        </Link>
      </div>
      <p className="muted">{t("account_representatives.intro")}</p>
      <section className="card">
        {representatives.length === 0 ? (
          <p className="muted">{t("account_representatives.none")}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t("account_representatives.name")}</th>
                  <th scope="col">{t("account_representatives.email")}</th>
                  <th scope="col">{t("catalogue_settings.status")}</th>
                </tr>
              </thead>
              <tbody>
                {representatives.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/settings/users/${r.id}`}>{`${r.first_name} ${r.last_name}`.trim() || r.email}</Link>
                    </td>
                    <td>{r.email}</td>
                    <td>
                      <StatusBadge active={r.active} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
