import { Form, redirect, useNavigation } from "react-router";
import { companyStep, saveCompanyStep } from "../../../worker/domain/onboarding/onboarding";
import { STEP_PATHS } from "../../../worker/domain/onboarding/steps";
import { setCompanyLogo } from "../../../worker/domain/settings/company-settings/set-company-logo";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALES } from "../../../worker/domain/shared/locale";
import { CountryField, errorsByField, SelectField, TextField } from "../../components/contacts/form-parts";
import { WizardNav, WizardStep } from "../../components/onboarding/wizard";
import { formAction } from "../../server/form-page.server";
import { useErrorText, useT } from "../../i18n";
import { countryNames } from "../../../worker/domain/shared/countries";
import { openSetupPage } from "./setup.server";
import type { Route } from "./+types/company";

/** Company step: name, address, default currency, languages (the user's interface, the documents'), logo. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await openSetupPage(args);
  const view = await companyStep(ctx);
  const notice = new URL(args.request.url).searchParams.get("notice");
  return { ...view, countries: countryNames(ctx.locale), logoSaved: notice === "logo_saved" };
}

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

function typed(form: FormData) {
  return {
    label: field(form, "label"),
    address1: field(form, "address1"),
    city: field(form, "city"),
    postal_code: field(form, "postal_code"),
    country: field(form, "country"),
    default_currency: field(form, "default_currency"),
    languages: form.getAll("languages").map(String),
    interface_language: field(form, "interface_language"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openSetupPage(args);
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const values = typed(form);
  return formAction(
    async () => {
      if (intent === "upload_logo") {
        const file = form.get("logo");
        await setCompanyLogo(ctx, { bytes: file instanceof File ? await file.arrayBuffer() : new ArrayBuffer(0) });
        return redirect(`${STEP_PATHS.company}?notice=logo_saved`);
      }
      const { language } = await saveCompanyStep(ctx, values);
      // The interface language is the saved cookie's (platform spec): the choice made here becomes it.
      return redirect(STEP_PATHS.locations_users, {
        headers: { "set-cookie": `${LOCALE_COOKIE}=${language}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax` },
      });
    },
    (refusal) => ({ ...refusal, intent, values }),
  );
}

export default function CompanyStep({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { settings } = loaderData;
  const failed = actionData && actionData.intent !== "upload_logo" ? actionData : undefined;
  const values = failed?.values ?? {
    label: settings.label,
    address1: settings.address1 ?? "",
    city: settings.city ?? "",
    postal_code: settings.postal_code ?? "",
    country: settings.country,
    default_currency: settings.default_currency,
    languages: settings.languages as string[],
    interface_language: loaderData.language,
  };
  const errors = errorsByField(failed?.fields);
  const logoErrors = actionData?.intent === "upload_logo" ? errorsByField(actionData.fields) : undefined;
  return (
    <WizardStep step="company" saved={loaderData.saved} title={t("setup.company_title")} failure={actionData}>
      <p className="muted">{t("setup.company_intro")}</p>
      <Form method="post" key={failed ? JSON.stringify(failed.values) : "saved"}>
        <TextField name="label" label={t("setup.company_name")} value={values.label} errors={errors} required />
        <div className="setup-grid">
          <TextField name="address1" label={t("contacts.address1")} value={values.address1} errors={errors} autoComplete="address-line1" />
          <TextField name="city" label={t("contacts.city")} value={values.city} errors={errors} autoComplete="address-level2" />
          <TextField
            name="postal_code"
            label={t("contacts.postal_code")}
            value={values.postal_code}
            errors={errors}
            autoComplete="postal-code"
          />
          <CountryField name="country" value={values.country} errors={errors} countries={loaderData.countries} />
        </div>
        <div className="setup-grid">
          <SelectField
            name="default_currency"
            label={t("setup.default_currency")}
            value={values.default_currency}
            errors={errors}
            options={loaderData.currencies.map((iso) => ({ value: iso, label: iso }))}
          />
          <SelectField
            name="interface_language"
            label={t("setup.interface_language")}
            value={values.interface_language}
            errors={errors}
            options={LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          />
        </div>
        <fieldset className="setup-inline">
          <legend>{t("setup.document_languages")}</legend>
          {LOCALES.map((l) => (
            <label key={l} className="checkbox">
              <input type="checkbox" name="languages" value={l} defaultChecked={values.languages.includes(l)} />
              <span>{t(`language.${l}`)}</span>
            </label>
          ))}
        </fieldset>
        {errors?.languages ? (
          <p role="alert" className="field-error">
            {errorText(errors.languages)}
          </p>
        ) : null}
        <WizardNav
          back="welcome"
          busy={busy}
          next={
            <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
              {t("setup.next")}
            </button>
          }
        />
      </Form>
      <Form method="post" encType="multipart/form-data" className="setup-section">
        <h2>{t("setup.logo")}</h2>
        {loaderData.logoSaved ? (
          <p role="status" className="alert alert--success">
            {t("company_settings.notice_logo_saved")}
          </p>
        ) : null}
        <div className="setup-inline">
          <label>
            <span className="visually-hidden">{t("setup.logo")}</span>
            <input type="file" name="logo" accept="image/png,image/jpeg,image/webp,image/gif" />
          </label>
          <button type="submit" name="intent" value="upload_logo" className="button" disabled={busy}>
            {t("setup.upload_logo")}
          </button>
        </div>
        {logoErrors?.logo || (actionData?.intent === "upload_logo" && !actionData.fields) ? (
          <p role="alert" className="field-error">
            {t("setup.logo_refused")}
          </p>
        ) : null}
      </Form>
    </WizardStep>
  );
}
