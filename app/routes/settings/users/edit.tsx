import { Link, redirect } from "react-router";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { hasPermissions } from "../../../../worker/domain/identity/permissions";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "../../../../worker/domain/shared/locale";
import { getUser } from "../../../../worker/domain/users/get-user";
import { updateUser } from "../../../../worker/domain/users/update-user";
import { requireSelfOrPermission } from "../../../../worker/guards";
import { formAction, orNotFound } from "../../../server/form-page.server";
import { submittedPermissions } from "../../../components/permissions-fieldset";
import { UserForm, userFormValues } from "../../../components/user-form";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/edit";
import { userFormOptions } from "./form-options";

const SETTINGS = { allOf: ["settings"] } as const;

// One's own profile opens without the settings permission; anyone else's needs it.
async function load(request: Request, ctx: Parameters<typeof requireSelfOrPermission>[1], id: string) {
  const actor = requireSelfOrPermission(request, ctx, id, SETTINGS);
  const verbs = await ctxFromRequest(ctx);
  const user = await orNotFound(() => getUser(verbs, { id }));
  const self = actor.userId === id;
  const canManage = hasPermissions(actor.permissions, SETTINGS);
  return {
    actor,
    verbs,
    user,
    self,
    canManage,
    // Personal fields are the user's own; someone managing them changes only their access.
    options: userFormOptions(actor, { manageAccess: !self, profileEditable: self, activeEditable: !self && user.member }),
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, self, canManage, options } = await load(request, context.get(requestContext), params.id);
  return { user, self, canManage, options, saved: new URL(request.url).searchParams.has("saved") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const { actor, verbs, user, self, canManage, options } = await load(request, ctx, params.id);
  const form = await request.formData();
  const values = userFormValues(form, {
    access: options.access !== null,
    profile: options.profileEditable,
    active: options.activeEditable,
    permissions: submittedPermissions(form, actor.permissions, user.permissions),
  });
  return formAction(
    async () => {
      const updated = await updateUser(verbs, { ...values, id: user.id });
      const headers = new Headers();
      // Changing one's own language shows the app in it at once.
      if (self && updated.language !== user.language)
        headers.append("set-cookie", `${LOCALE_COOKIE}=${updated.language}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`);
      return redirect(canManage ? `/settings/users/${user.id}?saved=1` : `/settings/users/${user.id}/edit?saved=1`, { headers });
    },
    (refusal) => ({ ...refusal, values }),
  );
}

export default function EditUser({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const { user, self, canManage, options, saved } = loaderData;
  const values = actionData?.values;
  const title = self ? t("users.my_profile") : t("users.edit_title", { name: user.display_name });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        {canManage ? <Link to={`/settings/users/${user.id}`}>{t("users.back_to_user")}</Link> : null}
      </div>
      {saved ? (
        <p role="status" className="alert alert--success">
          {t("users.notice_saved")}
        </p>
      ) : null}
      {actionData && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <UserForm
        key={values ? JSON.stringify(values) : user.id}
        user={
          values
            ? {
                ...user,
                ...values,
                type: (values.type ?? user.type) as "regularUser",
                language: (values.language ?? user.language) as "en",
              }
            : user
        }
        options={options}
        errors={actionData?.fields}
        submitLabel={t("users.save")}
      />
    </>
  );
}
