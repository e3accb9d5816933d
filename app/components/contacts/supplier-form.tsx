import { IdempotencyKeyField } from "../idempotency-key";
import { Form } from "react-router";
import type { CreateSupplierInput, SupplierView } from "../../../worker/domain/contacts/supplier-schemas";
import { useErrorText, useT } from "../../i18n";
import type { FieldErrorMap } from "../form-field";
import { SUPPLIER_TAGS_PATH, type CountryOption } from "./contacts";
import {
  addressFormValues,
  AddressFieldset,
  CheckboxField,
  errorsByField,
  SelectField,
  SubmitButton,
  TagsFieldset,
  TextAreaField,
  TextField,
  type AddressValues,
} from "./form-parts";
import "./contacts.css";

/** What the supplier form holds, as typed. */
export interface SupplierFormValues extends AddressValues {
  name: string;
  email: string;
  phone: string;
  website: string;
  /** One link per line: "linkedin https://…" (or just the address). */
  social_links: string;
  notes: string;
  active: boolean;
  default_currency_id: string;
  default_price_level_id: string;
  default_payment_terms_days: string;
  default_lead_time_days: string;
  tag_ids: number[];
}

export interface SupplierFormOptions {
  priceLevels: { id: number; label: string }[];
  currencies: { id: number; label: string; iso: string }[];
  tags: { id: number; label: string }[];
  countries: readonly CountryOption[];
}

export const NEW_SUPPLIER: SupplierFormValues = {
  name: "",
  email: "",
  phone: "",
  website: "",
  social_links: "",
  notes: "",
  active: true,
  default_currency_id: "",
  default_price_level_id: "",
  default_payment_terms_days: "",
  default_lead_time_days: "",
  address1: "",
  address2: "",
  city: "",
  postal_code: "",
  province: "",
  country: "",
  tag_ids: [],
};

export function supplierValuesOf(s: SupplierView): SupplierFormValues {
  return {
    name: s.name,
    email: s.email ?? "",
    phone: s.phone ?? "",
    website: s.website ?? "",
    social_links: Object.entries(s.social_links)
      .map(([network, url]) => `${network} ${url}`)
      .join("\n"),
    notes: s.notes ?? "",
    active: s.active,
    default_currency_id: s.default_currency_id === null ? "" : String(s.default_currency_id),
    default_price_level_id: s.default_price_level_id === null ? "" : String(s.default_price_level_id),
    default_payment_terms_days: s.default_payment_terms_days === null ? "" : String(s.default_payment_terms_days),
    default_lead_time_days: s.default_lead_time_days === null ? "" : String(s.default_lead_time_days),
    address1: s.address1 ?? "",
    address2: s.address2 ?? "",
    city: s.city ?? "",
    postal_code: s.postal_code ?? "",
    province: s.province ?? "",
    country: s.country ?? "",
    tag_ids: s.tag_ids,
  };
}

export function supplierFormValues(form: FormData): SupplierFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    social_links: text("social_links"),
    notes: text("notes"),
    active: form.has("active"),
    default_currency_id: text("default_currency_id"),
    default_price_level_id: text("default_price_level_id"),
    default_payment_terms_days: text("default_payment_terms_days"),
    default_lead_time_days: text("default_lead_time_days"),
    ...addressFormValues(form),
    tag_ids: form.getAll("tag_ids").map((v) => Number(v)),
  } as SupplierFormValues;
}

/** "linkedin https://…", "linkedin: https://…" or a bare address (named after its site). */
export function parseSocialLinks(text: string): Record<string, string> {
  const links: Record<string, string> = {};
  for (const line of text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const named = /^([^\s:]+):?\s+(.*)$/.exec(line);
    if (named && !/^https?$/i.test(named[1]!)) {
      links[named[1]!] = named[2]!.trim();
      continue;
    }
    let network = line;
    try {
      const host = new URL(line).hostname.replace(/^www\./, "");
      network = host.split(".")[0] || host;
    } catch {
      // Not an address: the domain names the line as it is.
    }
    links[network] = line;
  }
  return links;
}

const orNull = (text: string) => (text.trim() === "" ? null : text);
const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

export function supplierInput(values: SupplierFormValues): CreateSupplierInput {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    website: values.website,
    social_links: parseSocialLinks(values.social_links),
    notes: values.notes,
    active: values.active,
    default_currency_id: numberOrNull(values.default_currency_id),
    default_price_level_id: numberOrNull(values.default_price_level_id),
    default_payment_terms_days: numberOrNull(values.default_payment_terms_days),
    default_lead_time_days: numberOrNull(values.default_lead_time_days),
    address1: values.address1,
    address2: values.address2,
    city: values.city,
    postal_code: values.postal_code,
    province: values.province,
    country: orNull(values.country ?? ""),
    tag_ids: values.tag_ids,
  };
}

export function SupplierForm({
  values,
  options,
  errors: rawErrors,
  submitLabel,
}: {
  values: SupplierFormValues;
  options: SupplierFormOptions;
  errors: FieldErrorMap;
  submitLabel: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const errors = errorsByField(rawErrors);
  return (
    <Form method="post" className="form contact-form" noValidate>
      <IdempotencyKeyField />
      {rawErrors ? (
        <p role="alert" className="alert alert--error">
          {errorText("validation_failed")}
        </p>
      ) : null}
      <fieldset className="fieldset">
        <legend>{t("suppliers.identity")}</legend>
        <div className="form-grid">
          <TextField name="name" label={t("suppliers.name")} value={values.name} errors={errors} required maxLength={200} />
          <TextField name="email" label={t("contacts.email")} value={values.email} errors={errors} type="email" maxLength={320} />
          <TextField name="phone" label={t("contacts.phone")} value={values.phone} errors={errors} type="tel" maxLength={40} />
          <TextField
            name="website"
            label={t("suppliers.website")}
            value={values.website}
            errors={errors}
            type="url"
            maxLength={500}
            placeholder="https://"
          />
          <TextAreaField name="social_links" label={t("suppliers.social_links")} value={values.social_links} errors={errors} rows={3} />
        </div>
        <p className="contact-form__hint muted">{t("suppliers.social_links_hint")}</p>
        <CheckboxField name="active" label={t("contacts.active")} checked={values.active} errors={errors} />
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t("suppliers.defaults")}</legend>
        <div className="form-grid">
          <SelectField
            name="default_currency_id"
            label={t("suppliers.default_currency")}
            value={values.default_currency_id}
            errors={errors}
            empty={t("customers.default_choice")}
            options={options.currencies.map((c) => ({ value: c.id, label: `${c.iso} — ${c.label}` }))}
          />
          <SelectField
            name="default_price_level_id"
            label={t("suppliers.default_price_level")}
            value={values.default_price_level_id}
            errors={errors}
            empty={t("customers.default_choice")}
            options={options.priceLevels.map((l) => ({ value: l.id, label: l.label }))}
          />
          <TextField
            name="default_payment_terms_days"
            label={t("suppliers.default_payment_terms_days")}
            value={values.default_payment_terms_days}
            errors={errors}
            inputMode="numeric"
          />
          <TextField
            name="default_lead_time_days"
            label={t("suppliers.default_lead_time_days")}
            value={values.default_lead_time_days}
            errors={errors}
            inputMode="numeric"
          />
        </div>
      </fieldset>
      <AddressFieldset values={values} errors={errors} countries={options.countries} />
      <TagsFieldset tags={options.tags} selected={values.tag_ids} errors={errors} manageHref={SUPPLIER_TAGS_PATH} />
      <fieldset className="fieldset">
        <legend>{t("contacts.notes")}</legend>
        <TextAreaField name="notes" label={t("contacts.notes")} value={values.notes} errors={errors} rows={4} />
      </fieldset>
      <SubmitButton label={submitLabel} />
    </Form>
  );
}
