import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { signUp } from "../../../worker/domain/companies/sign-up";
import { COMMON_CURRENCIES, countryNames } from "../../../worker/domain/shared/countries";
import { limitDeps, signedInHeaders } from "../../../worker/web-session";
import { FormField } from "../../components/form-field";
import { formAction } from "../../server/form-page.server";
import { rememberPromoCode } from "../../server/promo-code.server";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/signup";

const FIELDS = ["email", "first_name", "last_name", "company_name", "phone", "country", "currency"] as const;

export function loader({ request, context }: Route.LoaderArgs) {
  // A promotion link (?promo_code=) is kept for the checkout (platform spec §5).
  rememberPromoCode(request);
  const ctx = context.get(requestContext);
  if (ctx.actor) throw redirect("/");
  // Lists are built on the server, in the visitor's language, so the page needs no script.
  const currencies = new Intl.DisplayNames([ctx.locale], { type: "currency" });
  return {
    countries: countryNames(ctx.locale),
    currencies: COMMON_CURRENCIES.map((code) => ({ code, name: `${code} · ${currencies.of(code) ?? code}` })),
    defaultCountry: ctx.locale === "fr" ? "FR" : "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const values = Object.fromEntries(FIELDS.map((f) => [f, form[f] ?? ""]));
  return formAction(
    async () => {
      const session = await signUp(
        {
          control: ctx.control,
          provisioner: ctx.provisioner,
          pepper: ctx.env.settings.PASSWORD_PEPPER,
          locale: ctx.locale,
          ...limitDeps(ctx, request),
        },
        form,
      );
      return redirect("/setup", { headers: signedInHeaders(ctx, session, request) });
    },
    (refusal) => ({ ...refusal, values }),
    { notFound: "refusal" },
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fields;
  const values: Record<string, string> = actionData?.values ?? {};
  // The company takes the browser's time zone (the server checks it; without script, UTC).
  const [timezone, setTimezone] = useState("");
  useEffect(() => setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  const text = (name: string, type = "text", autoComplete?: string) => (
    <FormField name={name} label={t(`signup.${name}`)} errors={errors}>
      {(props) => <input {...props} type={type} autoComplete={autoComplete} defaultValue={values[name]} />}
    </FormField>
  );
  return (
    <>
      <title>{`${t("signup.title")} | ${t("app.name")}`}</title>
      <h1>{t("signup.title")}</h1>
      <p className="muted">{t("signup.trial")}</p>
      <Form method="post" className="form" noValidate>
        {actionData?.error && actionData.error !== "validation_failed" && !errors ? (
          <p role="alert" className="alert alert--error">
            {errorText(actionData)}
          </p>
        ) : null}
        <input type="hidden" name="timezone" value={timezone} />
        {text("company_name", "text", "organization")}
        {text("first_name", "text", "given-name")}
        {text("last_name", "text", "family-name")}
        {text("email", "email", "email")}
        {text("phone", "tel", "tel")}
        <FormField name="country" label={t("signup.country")} errors={errors}>
          {(props) => (
            <select {...props} defaultValue={values.country ?? loaderData.defaultCountry} autoComplete="country">
              <option value="">{t("signup.choose")}</option>
              {loaderData.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="currency" label={t("signup.currency")} errors={errors}>
          {(props) => (
            <select {...props} defaultValue={values.currency ?? ""}>
              <option value="">{t("signup.choose")}</option>
              {loaderData.currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="password" label={t("signup.password")} errors={errors}>
          {(props) => <input {...props} type="password" autoComplete="new-password" />}
        </FormField>
        <p className="muted">{t("signup.password_rules")}</p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("signup.submit")}
        </button>
      </Form>
      <p>
        {t("signup.have_account")} <Link to="/login">{t("signup.sign_in")}</Link>
      </p>
    </>
  );
}
