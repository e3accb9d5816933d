import { Form, redirect, useNavigation } from "react-router";
import { requestContext } from "../../worker/context";
import { ctxFromRequest } from "../../worker/ctx";
import { listUserCompanies } from "../../worker/domain/companies/list-user-companies";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../../worker/domain/users/company-invitations";
import { requirePage } from "../../worker/guards";
import { formAction } from "../server/form-page.server";
import { useErrorText, useT } from "../i18n";
import type { Route } from "./+types/invitations";

/** The companies inviting the signed-in user (the link of the invitation email opens here). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx);
  const verbs = await ctxFromRequest(ctx);
  const params = new URL(request.url).searchParams;
  const joinedId = params.get("joined");
  // The company just joined, if the user is indeed a member now, offered to switch to.
  const joined = joinedId ? ((await listUserCompanies(verbs)).find((c) => c.id === joinedId) ?? null) : null;
  const invitations = await listMyInvitations(verbs);
  return {
    invitations: invitations.map((i) => ({ ...i, expires_on: new Date(i.expires_at).toISOString().slice(0, 10) })),
    joined: joined && joined.id !== actor.company.id ? { id: joined.id, label: joined.label } : null,
    declined: params.has("declined"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx);
  const form = await request.formData();
  const id = String(form.get("invitation") ?? "");
  return formAction(
    async () => {
      const verbs = await ctxFromRequest(ctx);
      if (form.get("intent") === "accept") {
        const { companyId } = await acceptInvitation(verbs, { id });
        return redirect(`/invitations?joined=${encodeURIComponent(companyId)}`);
      }
      await declineInvitation(verbs, { id });
      return redirect("/invitations?declined=1");
    },
    (refusal) => refusal,
    { notFound: "refusal" },
  );
}

export default function Invitations({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { invitations, joined, declined } = loaderData;
  return (
    <>
      <title>{`${t("invitations.title")} | ${t("app.name")}`}</title>
      <h1>{t("invitations.title")}</h1>
      <p className="muted">{t("invitations.intro")}</p>
      {joined ? (
        <div role="status" className="alert alert--success">
          <p>{t("invitations.notice_accepted", { company: joined.label })}</p>
          <Form method="post" action="/companies/switch">
            <input type="hidden" name="company_id" value={joined.id} />
            <button type="submit" className="button button--primary">
              {t("invitations.open_company", { company: joined.label })}
            </button>
          </Form>
        </div>
      ) : null}
      {declined ? (
        <p role="status" className="alert alert--success">
          {t("invitations.notice_declined")}
        </p>
      ) : null}
      {actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      {invitations.length === 0 ? <p>{t("invitations.none")}</p> : null}
      {invitations.map((invitation) => (
        <section key={invitation.id} className="card" data-testid="invitation">
          <h2>{invitation.company.label}</h2>
          <p>
            {t("invitations.invited_by", { name: invitation.inviter_name })} · {t(`users.type_${invitation.type}`)} ·{" "}
            {t("users.permission_count", { count: invitation.permissions.length })}
          </p>
          <p className="muted">{t("invitations.expires", { date: invitation.expires_on })}</p>
          <Form method="post" className="actions">
            <input type="hidden" name="invitation" value={invitation.id} />
            {(["accept", "decline"] as const).map((intent) => (
              <button
                key={intent}
                type="submit"
                name="intent"
                value={intent}
                className={intent === "accept" ? "button button--primary" : "button button--secondary"}
                disabled={busy}
                aria-label={t(`invitations.${intent}_label`, { company: invitation.company.label })}
              >
                {t(`invitations.${intent}`)}
              </button>
            ))}
          </Form>
        </section>
      ))}
    </>
  );
}
