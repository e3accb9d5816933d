import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { getBuyerProfile, isBuyerAccount, updateBuyerProfile } from "../../../worker/domain/store/buyer-profile";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { useErrorText, useT } from "../../i18n";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const ctx = await ctxFromRequest(rc);
  // Staff viewing the store as a customer have no buyer account here (platform spec §2).
  if (!isBuyerAccount(ctx)) throw redirect("/b2b");
  return { profile: await getBuyerProfile(ctx), saved: new URL(request.url).searchParams.has("saved") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const form = await request.formData();
  const values = {
    first_name: String(form.get("first_name") ?? ""),
    last_name: String(form.get("last_name") ?? ""),
    phone: String(form.get("phone") ?? ""),
    language: String(form.get("language") ?? ""),
  };
  return formAction(
    async () => {
      await updateBuyerProfile(await ctxFromRequest(rc), values);
      return redirect("/b2b/settings?saved=1");
    },
    (refusal) => ({ ...refusal, values }),
  );
}

/** The buyer's own settings (/b2b/settings): name, phone and the language of the store's emails; the email is the sign-in. */
export default function BuyerSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const { profile, saved } = loaderData;
  const failed = actionData && "fields" in actionData ? actionData : null;
  const values = failed?.values ?? { ...profile, phone: profile.phone ?? "" };
  const fieldError = (name: string) => failed?.fields?.[name];
  const field = (name: "first_name" | "last_name" | "phone", label: string, autoComplete: string) => {
    const error = fieldError(name);
    return (
      <div className={`field${error ? " field--invalid" : ""}`}>
        <label htmlFor={`buyer-${name}`}>{label}</label>
        <input
          id={`buyer-${name}`}
          name={name}
          defaultValue={values[name] ?? ""}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `buyer-${name}-error` : undefined}
        />
        {error ? (
          <span id={`buyer-${name}-error`} className="field__error" role="alert">
            {errorText(error.code, error.params)}
          </span>
        ) : null}
      </div>
    );
  };
  return (
    <>
      <title>{t("b2b.settings")}</title>
      <h1>{t("b2b.settings")}</h1>
      {saved && !failed ? (
        <p role="status" className="alert alert--success">
          {t("b2b.settings_saved")}
        </p>
      ) : null}
      {failed && !failed.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(failed.error, failed.params)}
        </p>
      ) : null}
      <Form method="post" className="card store-settings" noValidate>
        <p>
          {t("b2b.settings_email")} <strong>{profile.email}</strong>
        </p>
        {field("first_name", t("b2b.settings_first_name"), "given-name")}
        {field("last_name", t("b2b.settings_last_name"), "family-name")}
        {field("phone", t("b2b.settings_phone"), "tel")}
        <div className="field">
          <label htmlFor="buyer-language">{t("b2b.settings_language")}</label>
          <select id="buyer-language" name="language" defaultValue={values.language}>
            <option value="en">{t("language.en")}</option>
            <option value="fr">{t("language.fr")}</option>
          </select>
        </div>
        <button type="submit" className="button button--primary" disabled={navigation.state !== "idle"}>
          {t("b2b.settings_save")}
        </button>
      </Form>
      <section className="card store-settings">
        <h2>{t("b2b.settings_password")}</h2>
        <p>{t("b2b.settings_password_text")}</p>
        <Link to="/password-reset">{t("b2b.settings_password_link")}</Link>
      </section>
    </>
  );
}
