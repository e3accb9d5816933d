import { Link } from "react-router";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { listUsers } from "../../../../worker/domain/users/list-users";
import { requirePage } from "../../../../worker/guards";
import { useT } from "../../../i18n";
import type { Route } from "./+types/list";
import { UserStatus } from "./user-status";

/** The company's staff users (B2B users are managed with their customers). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, { allOf: ["settings"] });
  return { users: await listUsers(await ctxFromRequest(ctx)) };
}

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("users.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("users.title")}</h1>
        <Link to="/settings/users/create" className="button button--primary">
          {t("users.invite")}
        </Link>
      </div>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("users.name")}</th>
              <th scope="col">{t("users.email")}</th>
              <th scope="col">{t("users.type")}</th>
              <th scope="col">{t("users.status")}</th>
              <th scope="col">{t("users.permissions")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.users.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link to={`/settings/users/${user.id}`}>{user.display_name}</Link>
                  {user.is_admin ? <span className="muted"> · {t("users.administrator")}</span> : null}
                </td>
                <td>{user.email}</td>
                <td>{t(`users.type_${user.type}`)}</td>
                <td>
                  <UserStatus user={user} />
                </td>
                <td>{t("users.permission_count", { count: user.permissions.length })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
