import { Form, Link, useNavigation } from "react-router";
import { useErrorText, useT } from "../i18n";

/** The sign-in form shared by the back-office and the store; field names are not shown in errors. */
export function LoginForm({
  error,
  params,
  email,
}: {
  error?: string | undefined;
  params?: Record<string, unknown> | undefined;
  email?: string | undefined;
}) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="form" noValidate>
      {error ? (
        <p role="alert" className="alert alert--error">
          {errorText(error, params)}
        </p>
      ) : null}
      <label className="field">
        <span>{t("login.email")}</span>
        <input type="email" name="email" autoComplete="username" defaultValue={email} />
      </label>
      <label className="field">
        <span>{t("login.password")}</span>
        <input type="password" name="password" autoComplete="current-password" />
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t("login.submit")}
      </button>
      <Link to="/password-reset">{t("password_reset.forgot_link")}</Link>
    </Form>
  );
}
