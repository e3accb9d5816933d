import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requestContext, type RequestContext } from "../../../worker/context";
import { checkPasswordLink, completePasswordReset } from "../../../worker/domain/identity/password-reset";
import { startSession } from "../../../worker/domain/identity/sessions";
import type { ErrorCode } from "../../../worker/domain/shared/domain-error";
import { statusForCode } from "../../../worker/error-status";
import { pageUrl } from "../../../worker/guards";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "../../../worker/domain/shared/locale";
import { readCookie } from "../../../worker/session-cookie";
import { signedInHeaders } from "../../../worker/web-session";
import { FormField } from "../../components/form-field";
import { formAction, recoverFrom } from "../../server/form-page.server";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/password-reset-confirm";

const LINK_ERRORS: readonly ErrorCode[] = ["password_link_invalid", "password_link_expired"];

function linkOf(params: Route.LoaderArgs["params"], request: Request) {
  const invitation = new URL(request.url).searchParams.get("invitation") === "1";
  return { uid: params.uid, timestamp: params.timestamp, hash: params.hash, kind: invitation ? "invitation" : "reset" } as const;
}

function linkDeps(ctx: RequestContext) {
  return { control: ctx.control, secret: ctx.env.settings.SESSION_SECRET, pepper: ctx.env.settings.PASSWORD_PEPPER };
}

// The link is checked before the form is shown, so a dead link says so at once.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const link = linkOf(params, request);
  return recoverFrom(
    LINK_ERRORS,
    async () => {
      const { user } = await checkPasswordLink(linkDeps(ctx), link);
      // Shown in the language saved for the user, unless this browser already chose one.
      if (!readCookie(request, LOCALE_COOKIE) && user.language !== ctx.locale)
        throw redirect(pageUrl(request).pathname + pageUrl(request).search, {
          headers: { "set-cookie": `${LOCALE_COOKIE}=${user.language}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax` },
        });
      return { linkError: null, kind: link.kind, firstName: user.firstName };
    },
    (error) => data({ linkError: error.code, kind: link.kind, firstName: "" }, { status: statusForCode(error.code) }),
  );
}

// On success the user is signed in and sent home (an invited user lands in the app at once);
// a user without an active company cannot have a session, so goes to the sign-in page.
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await request.formData();
  return formAction(
    async () => {
      const { userId } = await completePasswordReset(linkDeps(ctx), {
        link: linkOf(params, request),
        password: String(form.get("password") ?? ""),
        confirmation: String(form.get("confirmation") ?? ""),
        endOtherSessions: form.has("end_other_sessions"),
      });
      return recoverFrom(
        ["login_invalid"],
        async () => redirect("/", { headers: signedInHeaders(ctx, await startSession(ctx.control, userId), request) }),
        () => redirect("/login"),
      );
    },
    (refusal) =>
      LINK_ERRORS.includes(refusal.error) ? { linkError: refusal.error, fields: undefined } : { linkError: null, fields: refusal.fields },
    { notFound: "refusal" },
  );
}

export default function PasswordResetConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const invitation = loaderData.kind === "invitation";
  const linkError = actionData?.linkError ?? loaderData.linkError;
  const title = t(invitation ? "password_reset.invitation_title" : "password_reset.new_title");

  if (linkError)
    return (
      <>
        <title>{`${t("password_reset.link_problem_title")} | ${t("app.name")}`}</title>
        <h1>{t("password_reset.link_problem_title")}</h1>
        <p role="alert" className="alert alert--error">
          {errorText(linkError)}
        </p>
        <p>
          <Link to="/password-reset">{t("password_reset.request_new_link")}</Link>
        </p>
      </>
    );

  const fields = actionData?.fields;
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <h1>{title}</h1>
      {invitation ? <p className="muted">{t("password_reset.invitation_intro", { firstName: loaderData.firstName })}</p> : null}
      <Form method="post" className="form" noValidate>
        {fields ? (
          <p role="alert" className="alert alert--error">
            {errorText("password_not_updated")}
          </p>
        ) : null}
        <FormField name="password" label={t("password_reset.password")} errors={fields}>
          {(props) => <input {...props} type="password" autoComplete="new-password" />}
        </FormField>
        <FormField name="confirmation" label={t("password_reset.confirmation")} errors={fields}>
          {(props) => <input {...props} type="password" autoComplete="new-password" />}
        </FormField>
        <p className="muted">{t("password_reset.rules")}</p>
        {invitation ? (
          // A new account has no other session; the verb still ends any, harmlessly.
          <input type="hidden" name="end_other_sessions" value="on" />
        ) : (
          <label style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
            <input type="checkbox" name="end_other_sessions" defaultChecked />
            {t("password_reset.end_other_sessions")}
          </label>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {t(invitation ? "password_reset.invitation_submit" : "password_reset.submit")}
        </button>
      </Form>
    </>
  );
}
