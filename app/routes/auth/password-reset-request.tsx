import { Form, Link, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { requestPasswordReset } from "../../../worker/domain/identity/password-reset";
import { mailDeps } from "../../../worker/integrations/mail/mail-deps";
import { afterResponse, limitDeps } from "../../../worker/web-session";
import { FormField } from "../../components/form-field";
import { formAction } from "../../server/form-page.server";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/password-reset-request";

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const email = String((await request.formData()).get("email") ?? "");
  return formAction(
    async () => {
      await requestPasswordReset(
        { control: ctx.control, ...mailDeps(ctx, request), ...limitDeps(ctx, request), waitUntil: afterResponse(ctx) },
        { email },
      );
      return { sent: true as const };
    },
    (refusal) => ({ ...refusal, email }),
    { notFound: "refusal" },
  );
}

export default function PasswordResetRequest({ actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const failed = actionData && "error" in actionData ? actionData : undefined;
  return (
    <>
      <title>{`${t("password_reset.request_title")} | ${t("app.name")}`}</title>
      <h1>{t("password_reset.request_title")}</h1>
      {actionData && "sent" in actionData ? (
        <p role="status" className="card">
          {t("password_reset.sent")}
        </p>
      ) : (
        <Form method="post" className="form" noValidate>
          <p className="muted">{t("password_reset.request_intro")}</p>
          {failed && !failed.fields ? (
            <p role="alert" className="alert alert--error">
              {errorText(failed)}
            </p>
          ) : null}
          <FormField name="email" label={t("password_reset.email")} errors={failed?.fields}>
            {(props) => <input {...props} type="email" autoComplete="username" defaultValue={failed?.email} />}
          </FormField>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("password_reset.send")}
          </button>
        </Form>
      )}
      <p>
        <Link to="/login">{t("password_reset.back_to_login")}</Link>
      </p>
    </>
  );
}
