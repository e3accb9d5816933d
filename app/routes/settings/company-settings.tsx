import { Fragment } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { PAYMENT_TERMS_TYPES } from "../../../worker/domain/contacts/payment-terms";
import { NUMBERED_DOCUMENT_TYPES } from "../../../worker/domain/documents/numbering";
import { NUMBER_FORMATS, type CompanySettingsView } from "../../../worker/domain/settings/company-settings/company-settings-schemas";
import { getCompanySettings } from "../../../worker/domain/settings/company-settings/get-company-settings";
import { removeCompanyLogo } from "../../../worker/domain/settings/company-settings/remove-company-logo";
import { setCompanyLogo } from "../../../worker/domain/settings/company-settings/set-company-logo";
import { updateCompanySettings } from "../../../worker/domain/settings/company-settings/update-company-settings";
import { allCurrencies } from "../../../worker/domain/settings/currencies/list-currencies";
import { allTaxes } from "../../../worker/domain/settings/taxes/list-taxes";
import { formatInput, formatNumber } from "../../../worker/domain/shared/format";
import { Decimal } from "../../../worker/domain/shared/decimal";
import { LOCALES } from "../../../worker/domain/shared/locale";
import { countryNames } from "../../../worker/domain/shared/countries";
import { AddressFieldset, errorsByField, SelectField, TextField } from "../../components/contacts/form-parts";
import { CheckboxField } from "../../components/checkbox-field";
import type { FieldErrorMap } from "../../components/form-field";
import { FormPage } from "../../components/form-page";
import { formAction } from "../../server/form-page.server";
import { ImageCard } from "../../components/image-card";
import { TestContentPanel } from "../../components/onboarding/test-content-progress";
import { tickedAcknowledgements } from "../../components/ui/confirm-delete";
import { startTestContentRemoval, testContentBanner } from "../../../worker/domain/onboarding/test-content";
import { openCataloguePage, SETTINGS, text } from "./catalogue-settings.server";
import { useErrorText, useT } from "../../i18n";
import { timeZones } from "./users/form-options";
import type { Route } from "./+types/company-settings";

const COMPANY_SETTINGS_PATH = "/settings/company-settings";
const NOTICES = ["saved", "logo_saved", "logo_removed"] as const;
const SAMPLE = Decimal.parse("1234567.89");
// The name of each numbered type of document, as its list page calls it.
const DOCUMENT_TITLES = {
  entry: "stock_entries.title",
  removal: "stock_removals.title",
  movement: "stock_movements.title",
  bulk_update: "bulk_update.title",
  assembly_transform: "transform_assembly.title",
  estimate: "menu.estimates",
  sales_order: "menu.sales_orders",
  shipping_order: "menu.shipping_orders",
  invoice: "menu.invoices",
  product_return: "menu.product_returns",
  credit_note: "menu.credit_notes",
  refund: "menu.refunds",
  subscription: "menu.subscriptions",
  purchase_order: "menu.purchase_orders",
  delivery: "menu.deliveries",
} as const;
const numberingField = (type: string, part: "prefix" | "width") => `document_numbering.${type}.${part}`;

/** The company's own settings (domain spec §3 'Company'), its logo, and a way to its tax settings. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice } = await openCataloguePage(args, SETTINGS);
  const [settings, currencies, taxes, testContent] = await Promise.all([
    getCompanySettings(ctx),
    allCurrencies(ctx),
    allTaxes(ctx),
    testContentBanner(ctx, { dismissed: false }),
  ]);
  return {
    settings,
    testContent,
    currencies: currencies.filter((c) => c.active || c.iso === settings.default_currency).map((c) => ({ iso: c.iso, label: c.label })),
    taxes: taxes.filter((tax) => tax.active).map((tax) => ({ id: tax.id, label: tax.label })),
    countries: countryNames(ctx.locale),
    timezones: timeZones(),
    notice: NOTICES.find((n) => n === notice) ?? null,
  };
}

/** The settings form as typed (strings), to give back when it is refused. */
function typedValues(form: FormData) {
  const field = (name: string) => text(form, name);
  return {
    label: field("label"),
    email: field("email"),
    phone: field("phone"),
    website: field("website"),
    address1: field("address1"),
    address2: field("address2"),
    city: field("city"),
    postal_code: field("postal_code"),
    province: field("province"),
    country: field("country"),
    number_format: field("number_format"),
    default_currency: field("default_currency"),
    languages: form.getAll("languages").map(String),
    timezone: field("timezone"),
    "payment_terms.type": field("payment_terms.type"),
    "payment_terms.days": field("payment_terms.days"),
    estimate_expiration_days: field("estimate_expiration_days"),
    legal_form: field("legal_form"),
    share_capital: field("share_capital"),
    siren: field("siren"),
    siret: field("siret"),
    rcs_city: field("rcs_city"),
    vat_number: field("vat_number"),
    default_tax_id: field("default_tax_id"),
    // Types whose fields the form did not send are left as they are.
    numbering: Object.fromEntries(
      NUMBERED_DOCUMENT_TYPES.filter((type) => form.has(numberingField(type, "prefix"))).map((type) => [
        type,
        { prefix: field(numberingField(type, "prefix")), width: field(numberingField(type, "width")) },
      ]),
    ) as Record<string, { prefix: string; width: string }>,
    separate_numbering_per_location: form.get("separate_numbering_per_location") === "on",
    prevent_negative_inventory: form.get("prevent_negative_inventory") === "on",
  };
}
type TypedValues = ReturnType<typeof typedValues>;

// A blank number of days is none; anything else is read as typed, and refused by the domain when it is not a number.
const days = (typed: string) => (typed.trim() === "" ? 0 : Number(typed.trim()));

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const form = await args.request.formData();
  const intent = text(form, "intent");
  const values = typedValues(form);
  return formAction(
    async () => {
      if (intent === "upload_logo") {
        const file = form.get("logo");
        await setCompanyLogo(ctx, { bytes: file instanceof File ? await file.arrayBuffer() : new ArrayBuffer(0) });
        return redirect(`${COMPANY_SETTINGS_PATH}?notice=logo_saved`);
      }
      if (intent === "remove_test_content") {
        await startTestContentRemoval(ctx, { acknowledged: tickedAcknowledgements(form) });
        return redirect(COMPANY_SETTINGS_PATH);
      }
      if (intent === "remove_logo") {
        await removeCompanyLogo(ctx);
        return redirect(`${COMPANY_SETTINGS_PATH}?notice=logo_removed`);
      }
      const {
        "payment_terms.type": type,
        "payment_terms.days": termDays,
        estimate_expiration_days,
        numbering,
        default_tax_id,
        ...rest
      } = values;
      await updateCompanySettings(ctx, {
        ...rest,
        // None chosen is none; anything else is the id the domain checks.
        default_tax_id: default_tax_id.trim() === "" ? null : /^\d+$/.test(default_tax_id.trim()) ? Number(default_tax_id) : Number.NaN,
        payment_terms: { type, days: days(termDays) },
        estimate_expiration_days: days(estimate_expiration_days),
        document_numbering: Object.fromEntries(
          Object.entries(numbering).map(([kind, format]) => [
            kind,
            { prefix: format.prefix, width: Number(format.width.trim() || Number.NaN) },
          ]),
        ),
      });
      return redirect(`${COMPANY_SETTINGS_PATH}?notice=saved`);
    },
    (refusal) => ({ intent, ...refusal, values }),
    { notFound: "refusal" },
  );
}

function valuesOf(settings: CompanySettingsView): TypedValues {
  const orBlank = (value: string | null) => value ?? "";
  return {
    label: settings.label,
    email: orBlank(settings.email),
    phone: orBlank(settings.phone),
    website: orBlank(settings.website),
    address1: orBlank(settings.address1),
    address2: orBlank(settings.address2),
    city: orBlank(settings.city),
    postal_code: orBlank(settings.postal_code),
    province: orBlank(settings.province),
    country: settings.country,
    number_format: settings.number_format,
    default_currency: settings.default_currency,
    languages: settings.languages,
    timezone: settings.timezone,
    "payment_terms.type": settings.payment_terms.type,
    "payment_terms.days": String(settings.payment_terms.days),
    estimate_expiration_days: String(settings.estimate_expiration_days),
    legal_form: orBlank(settings.legal_form),
    share_capital: orBlank(
      settings.share_capital === null ? null : formatInput(settings.share_capital, settings.number_format, { minDecimals: 2 }),
    ),
    siren: orBlank(settings.siren),
    siret: orBlank(settings.siret),
    rcs_city: orBlank(settings.rcs_city),
    vat_number: orBlank(settings.vat_number),
    default_tax_id: settings.default_tax_id === null ? "" : String(settings.default_tax_id),
    numbering: Object.fromEntries(
      Object.entries(settings.document_numbering).map(([type, format]) => [type, { prefix: format.prefix, width: String(format.width) }]),
    ),
    separate_numbering_per_location: settings.separate_numbering_per_location,
    prevent_negative_inventory: settings.prevent_negative_inventory,
  };
}

export default function CompanySettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { settings, currencies, taxes, countries, timezones, notice } = loaderData;
  const failed = actionData && !["upload_logo", "remove_logo", "remove_test_content"].includes(actionData.intent) ? actionData : undefined;
  const values = failed?.values ?? valuesOf(settings);
  const errors = errorsByField(failed?.fields, ["payment_terms", "document_numbering"]);
  return (
    <FormPage title={t("company_settings.title")} back={{ href: "/dashboard", label: t("company_settings.back") }} failure={actionData}>
      {notice && !actionData ? (
        <p role="status" className="alert alert--success">
          {t(`company_settings.notice_${notice}`)}
        </p>
      ) : null}
      {loaderData.testContent ? <TestContentPanel state={loaderData.testContent} /> : null}
      <ImageCard
        field="logo"
        className="company-logo"
        text={{
          title: t("company_settings.logo"),
          alt: t("company_settings.logo_alt"),
          none: t("company_settings.no_logo"),
          hint: t("company_settings.logo_hint"),
          upload: t("company_settings.upload_logo"),
          remove: t("company_settings.remove_logo"),
        }}
        // The key changes with each logo: a new one is never served from the cache.
        src={settings.logo_key ? `${COMPANY_SETTINGS_PATH}/logo?v=${encodeURIComponent(settings.logo_key)}` : null}
        canEdit
        error={actionData && !failed ? actionData.fields?.logo : undefined}
      />
      <Form method="post" className="form" noValidate key={failed ? JSON.stringify(failed.values) : settings.updated_at}>
        <input type="hidden" name="intent" value="save" />
        <section className="card">
          <h2>{t("company_settings.identity")}</h2>
          <div className="form-grid">
            <TextField name="label" label={t("company_settings.label")} value={values.label} errors={errors} maxLength={200} required />
            <TextField name="email" label={t("contacts.email")} value={values.email} errors={errors} type="email" maxLength={320} />
            <TextField name="phone" label={t("contacts.phone")} value={values.phone} errors={errors} type="tel" maxLength={40} />
            <TextField name="website" label={t("suppliers.website")} value={values.website} errors={errors} type="url" maxLength={500} />
          </div>
          <AddressFieldset values={values} errors={errors} countries={countries} />
        </section>
        <section className="card">
          <h2>{t("company_settings.legal")}</h2>
          <p className="muted">{t("company_settings.legal_hint")}</p>
          <div className="form-grid">
            <TextField
              name="legal_form"
              label={t("company_settings.legal_form")}
              value={values.legal_form}
              errors={errors}
              maxLength={60}
            />
            <TextField
              name="share_capital"
              label={t("company_settings.share_capital")}
              value={values.share_capital}
              errors={errors}
              inputMode="decimal"
            />
            <TextField
              name="siren"
              label={t("company_settings.siren")}
              value={values.siren}
              errors={errors}
              inputMode="numeric"
              maxLength={18}
            />
            <TextField
              name="siret"
              label={t("company_settings.siret")}
              value={values.siret}
              errors={errors}
              inputMode="numeric"
              maxLength={28}
            />
            <TextField name="rcs_city" label={t("company_settings.rcs_city")} value={values.rcs_city} errors={errors} maxLength={100} />
            <TextField
              name="vat_number"
              label={t("company_settings.vat_number")}
              value={values.vat_number}
              errors={errors}
              maxLength={28}
            />
          </div>
        </section>
        <section className="card">
          <h2>{t("company_settings.numbers_and_languages")}</h2>
          <div className="form-grid">
            <SelectField
              name="number_format"
              label={t("company_settings.number_format")}
              value={values.number_format}
              errors={errors}
              options={NUMBER_FORMATS.map((format) => ({ value: format, label: formatNumber(SAMPLE, { format, decimals: 2 }) }))}
            />
            <SelectField
              name="default_currency"
              label={t("company_settings.default_currency")}
              value={values.default_currency}
              errors={errors}
              options={currencies.map((c) => ({ value: c.iso, label: `${c.iso} — ${c.label}` }))}
            />
            <SelectField
              name="timezone"
              label={t("users.timezone")}
              value={values.timezone}
              errors={errors}
              options={timezones.map((zone) => ({ value: zone, label: zone }))}
            />
          </div>
          <fieldset className="fieldset" aria-describedby={errors?.languages ? "field-languages-error" : undefined}>
            <legend>{t("company_settings.languages")}</legend>
            {LOCALES.map((language) => (
              <label key={language} className="checkbox">
                <input type="checkbox" name="languages" value={language} defaultChecked={values.languages.includes(language)} />
                <span>{t(`language.${language}`)}</span>
              </label>
            ))}
            {errors?.languages ? <LanguagesError errors={errors} /> : null}
          </fieldset>
          <p className="muted">{t("company_settings.default_currency_hint")}</p>
        </section>
        <section className="card">
          <h2>{t("company_settings.terms")}</h2>
          <div className="form-grid">
            <SelectField
              name="payment_terms.type"
              label={t("customers.payment_terms_type")}
              value={values["payment_terms.type"]}
              errors={errors}
              options={PAYMENT_TERMS_TYPES.map((type) => ({ value: type, label: t(`customers.payment_terms_${type}`) }))}
            />
            <TextField
              name="payment_terms.days"
              label={t("customers.payment_terms_days")}
              value={values["payment_terms.days"]}
              errors={errors}
              inputMode="numeric"
            />
            <TextField
              name="estimate_expiration_days"
              label={t("company_settings.estimate_expiration_days")}
              value={values.estimate_expiration_days}
              errors={errors}
              inputMode="numeric"
            />
            <SelectField
              name="default_tax_id"
              label={t("company_settings.default_tax")}
              value={values.default_tax_id}
              errors={errors}
              empty={t("company_settings.no_default_tax")}
              options={taxes.map((tax) => ({ value: tax.id, label: tax.label }))}
            />
          </div>
          <p>
            <Link to="/settings/taxes">{t("company_settings.tax_settings")}</Link>
          </p>
        </section>
        <section className="card">
          <h2>{t("company_settings.document_numbers")}</h2>
          <div className="form-grid">
            {NUMBERED_DOCUMENT_TYPES.map((type) => (
              <Fragment key={type}>
                <TextField
                  name={numberingField(type, "prefix")}
                  label={t("company_settings.numbering_prefix", { document: t(DOCUMENT_TITLES[type]) })}
                  value={values.numbering[type]?.prefix}
                  errors={errors}
                  maxLength={20}
                />
                <TextField
                  name={numberingField(type, "width")}
                  label={t("company_settings.numbering_width", { document: t(DOCUMENT_TITLES[type]) })}
                  value={values.numbering[type]?.width}
                  errors={errors}
                  inputMode="numeric"
                />
              </Fragment>
            ))}
          </div>
          <CheckboxField
            name="separate_numbering_per_location"
            label={t("company_settings.separate_numbering_per_location")}
            checked={values.separate_numbering_per_location}
            errors={errors}
          />
          <p className="muted">{t("company_settings.numbering_hint")}</p>
        </section>
        <section className="card">
          <h2>{t("company_settings.stock")}</h2>
          <CheckboxField
            name="prevent_negative_inventory"
            label={t("company_settings.prevent_negative_inventory")}
            checked={values.prevent_negative_inventory}
            errors={errors}
          />
        </section>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("company_settings.save")}
          </button>
        </div>
      </Form>
    </FormPage>
  );
}

/** The languages' error, under their boxes. */
function LanguagesError({ errors }: { errors: NonNullable<FieldErrorMap> }) {
  const errorText = useErrorText();
  const error = errors.languages!;
  return (
    <span id="field-languages-error" className="field__error" role="alert">
      {errorText(error.code, error.params)}
    </span>
  );
}
