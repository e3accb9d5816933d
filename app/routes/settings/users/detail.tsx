import { Form, Link, useNavigation } from "react-router";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { getUser } from "../../../../worker/domain/users/get-user";
import { PERMISSION_GROUPS } from "../../../../worker/domain/users/permission-groups";
import { resendInvitation } from "../../../../worker/domain/users/resend-invitation";
import { requirePage } from "../../../../worker/guards";
import { mailDeps } from "../../../../worker/integrations/mail/mail-deps";
import { formAction, orNotFound } from "../../../server/form-page.server";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/detail";
import { UserStatus } from "./user-status";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, { allOf: ["settings"] });
  const verbs = await ctxFromRequest(ctx);
  const user = await orNotFound(() => getUser(verbs, { id: params.id }));
  const notice = new URL(request.url).searchParams;
  return {
    user,
    groups: PERMISSION_GROUPS.map((g) => ({ id: g.id, permissions: g.permissions.filter((p) => user.permissions.includes(p)) })).filter(
      (g) => g.permissions.length,
    ),
    notice: notice.has("invited") ? "invited" : notice.has("saved") ? "saved" : null,
  };
}

// The one action here: send a pending invitation again.
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, { allOf: ["settings"] });
  return formAction(async () => {
    await resendInvitation(await ctxFromRequest(ctx), { id: params.id, ...mailDeps(ctx, request) });
    return { resent: true as const };
  });
}

export default function UserDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { user, groups, notice } = loaderData;
  return (
    <>
      <title>{`${user.display_name} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{user.display_name}</h1>
        <div className="actions">
          <Link to="/settings/users">{t("users.back_to_list")}</Link>
          <Link to={`/settings/users/${user.id}/edit`} className="button button--primary">
            {t("users.edit")}
          </Link>
        </div>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`users.notice_${notice}`, { email: user.email })}
        </p>
      ) : null}
      {actionData && "resent" in actionData ? (
        <p role="status" className="alert alert--success">
          {t("users.notice_invited", { email: user.email })}
        </p>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("users.email")}</dt>
          <dd>{user.email}</dd>
          <dt>{t("users.status")}</dt>
          <dd>
            <UserStatus user={user} />
          </dd>
          <dt>{t("users.type")}</dt>
          <dd>
            {t(`users.type_${user.type}`)}
            {user.is_admin ? ` · ${t("users.administrator")}` : ""}
          </dd>
          <dt>{t("users.language")}</dt>
          <dd>{user.language === "fr" ? "Français" : "English"}</dd>
          <dt>{t("users.timezone")}</dt>
          <dd>{user.timezone}</dd>
          <dt>{t("users.phone")}</dt>
          <dd>{user.phone ?? "—"}</dd>
          <dt>{t("users.prevent_negative_inventory")}</dt>
          <dd>{t(user.prevent_negative_inventory ? "common.yes" : "common.no")}</dd>
        </dl>
        {user.member ? null : <p className="muted">{t("users.awaiting_acceptance")}</p>}
        {user.invitation_pending ? (
          <Form method="post" style={{ marginTop: "1rem" }}>
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t("users.resend_invitation")}
            </button>
          </Form>
        ) : null}
      </section>
      <section className="card">
        <h2>{t("users.permissions")}</h2>
        {groups.length === 0 ? <p className="muted">{t("users.no_permissions")}</p> : null}
        {groups.map((group) => (
          <div key={group.id}>
            <h3 style={{ fontSize: "0.95rem", margin: "0.75rem 0 0.35rem" }}>{t(`permission_group.${group.id}`)}</h3>
            <p style={{ margin: 0 }}>{group.permissions.map((p) => t(`permission.${p}`)).join(" · ")}</p>
          </div>
        ))}
        {user.pos_permissions.length ? (
          <>
            <h3 style={{ fontSize: "0.95rem", margin: "0.75rem 0 0.35rem" }}>{t("users.pos_permissions")}</h3>
            <p style={{ margin: 0 }}>{user.pos_permissions.map((p) => t(`pos_permission.${p}`)).join(" · ")}</p>
          </>
        ) : null}
      </section>
    </>
  );
}
