import { Link, redirect } from "react-router";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { inviteUser } from "../../../../worker/domain/users/invite-user";
import { requirePage } from "../../../../worker/guards";
import { mailDeps } from "../../../../worker/integrations/mail/mail-deps";
import { formAction } from "../../../server/form-page.server";
import { submittedPermissions } from "../../../components/permissions-fieldset";
import { UserForm, userFormValues } from "../../../components/user-form";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/create";
import { userFormOptions } from "./form-options";

export function loader({ request, context }: Route.LoaderArgs) {
  const actor = requirePage(request, context.get(requestContext), { allOf: ["settings"] });
  // The account representatives page invites one with the type chosen.
  const type = new URL(request.url).searchParams.get("type") === "accountRepresentative" ? ("accountRepresentative" as const) : null;
  return { options: userFormOptions(actor, { manageAccess: true, profileEditable: true, activeEditable: false }), type };
}

// Invites the person by email: a link to choose a password for a new account, an invitation to accept for an existing one.
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, { allOf: ["settings"] });
  const form = await request.formData();
  const values = userFormValues(form, {
    access: true,
    profile: true,
    active: false,
    permissions: submittedPermissions(form, actor.permissions),
  });
  return formAction(
    async () => {
      const { user } = await inviteUser(await ctxFromRequest(ctx), { ...values, ...mailDeps(ctx, request) });
      return redirect(`/settings/users/${user.id}?invited=1`);
    },
    (refusal) => ({ ...refusal, values }),
    { notFound: "refusal" },
  );
}

export default function CreateUser({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const values = actionData?.values;
  return (
    <>
      <title>{`${t("users.invite_title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("users.invite_title")}</h1>
        <Link to="/settings/users">{t("users.back_to_list")}</Link>
      </div>
      <p className="muted">{t("users.invite_intro_pending")}</p>
      {actionData && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <UserForm
        // A failed post keeps what was typed.
        key={values ? JSON.stringify(values) : "new"}
        user={
          values
            ? { ...values, type: values.type as "regularUser", language: values.language as "en", active: true }
            : loaderData.type
              ? { type: loaderData.type }
              : null
        }
        options={loaderData.options}
        errors={actionData?.fields}
        submitLabel={t("users.send_invitation")}
      />
    </>
  );
}
