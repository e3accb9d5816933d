import { IdempotencyKeyField } from "../idempotency-key";
import { Form } from "react-router";
import type { CreateCustomerInput, CustomerView } from "../../../worker/domain/contacts/customer-schemas";
import type { Formatter } from "../../../worker/domain/shared/format";
import { LOCALES } from "../../../worker/domain/shared/locale";
import { useErrorText, useT } from "../../i18n";
import type { FieldErrorMap } from "../form-field";
import { CUSTOMER_TAGS_PATH, type CountryOption } from "./contacts";
import {
  CheckboxField,
  CountryField,
  errorsByField,
  SelectField,
  SubmitButton,
  TagsFieldset,
  TextAreaField,
  TextField,
} from "./form-parts";
import "./contacts.css";

/** One address block of the form, as typed (strings), with its "remove" box. */
export interface AddressFormValues {
  id: string;
  label: string;
  phone: string;
  type: string;
  default_billing: boolean;
  default_shipping: boolean;
  address1: string;
  address2: string;
  city: string;
  postal_code: string;
  province: string;
  dependent_locality: string;
  country: string;
  remove: boolean;
}

/** What the customer form holds, as typed: a failed post gives it back unchanged. */
export interface CustomerFormValues {
  number: string;
  label: string;
  /** One address per line (or separated by commas). */
  emails: string;
  phone: string;
  active: boolean;
  tax_number: string;
  discount_rate: string;
  location_name: string;
  location_phone: string;
  status: string;
  payment_terms_type: string;
  payment_terms_days: string;
  notes: string;
  credit_limit: string;
  minimum_order_amount: string;
  minimum_order_quantity: string;
  private_message: string;
  tax_type: string;
  price_level_id: string;
  currency_id: string;
  /** Absent when the form has no such field (the account_managers module is off). */
  account_manager_id?: string;
  b2b_access: string;
  /** "en", "fr", or blank for the company's language. */
  language: string;
  tag_ids: number[];
  addresses: AddressFormValues[];
}

export interface CustomerFormOptions {
  priceLevels: { id: number; label: string }[];
  currencies: { id: number; label: string; iso: string }[];
  tags: { id: number; label: string }[];
  /** null: the account_managers module is off for the user, and the field is not shown. */
  accountManagers: { id: string; name: string }[] | null;
  countries: readonly CountryOption[];
}

const ADDRESS_TEXT = [
  "label",
  "phone",
  "address1",
  "address2",
  "city",
  "postal_code",
  "province",
  "dependent_locality",
  "country",
] as const;

export function blankAddress(): AddressFormValues {
  return {
    id: "",
    label: "",
    phone: "",
    type: "both",
    default_billing: false,
    default_shipping: false,
    address1: "",
    address2: "",
    city: "",
    postal_code: "",
    province: "",
    dependent_locality: "",
    country: "",
    remove: false,
  };
}

export const NEW_CUSTOMER: CustomerFormValues = {
  number: "",
  label: "",
  emails: "",
  phone: "",
  active: true,
  tax_number: "",
  discount_rate: "",
  location_name: "",
  location_phone: "",
  status: "",
  payment_terms_type: "net",
  payment_terms_days: "0",
  notes: "",
  credit_limit: "",
  minimum_order_amount: "",
  minimum_order_quantity: "",
  private_message: "",
  tax_type: "",
  price_level_id: "",
  currency_id: "",
  account_manager_id: "",
  b2b_access: "none",
  language: "",
  tag_ids: [],
  addresses: [blankAddress()],
};

/** A saved customer as form values (numbers as the company writes them), with one empty address block to add another. */
export function customerValuesOf(c: CustomerView, format: Formatter): CustomerFormValues {
  return {
    number: String(c.number),
    label: c.label,
    emails: c.emails.join("\n"),
    phone: c.phone ?? "",
    active: c.active,
    tax_number: c.tax_number ?? "",
    discount_rate: format.input(c.discount_rate),
    location_name: c.location_name ?? "",
    location_phone: c.location_phone ?? "",
    status: c.status ?? "",
    payment_terms_type: c.payment_terms.type,
    payment_terms_days: String(c.payment_terms.days),
    notes: c.notes ?? "",
    credit_limit: format.input(c.credit_limit, 2),
    minimum_order_amount: format.input(c.minimum_order_amount, 2),
    minimum_order_quantity: format.input(c.minimum_order_quantity),
    private_message: c.private_message ?? "",
    tax_type: c.tax_type ?? "",
    price_level_id: c.price_level_id === null ? "" : String(c.price_level_id),
    currency_id: c.currency_id === null ? "" : String(c.currency_id),
    account_manager_id: c.account_manager_id ?? "",
    b2b_access: c.b2b_access,
    language: c.language ?? "",
    tag_ids: c.tag_ids,
    addresses: [
      ...c.addresses.map((a) => ({
        ...blankAddress(),
        id: String(a.id),
        type: a.type,
        default_billing: a.default_billing,
        default_shipping: a.default_shipping,
        ...Object.fromEntries(ADDRESS_TEXT.map((k) => [k, a[k] ?? ""])),
      })),
      blankAddress(),
    ],
  };
}

/** The posted form as typed values. The address blocks are numbered 0..address_count-1. */
export function customerFormValues(form: FormData): CustomerFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  const count = Math.min(Number(text("address_count")) || 0, 60);
  const addresses: AddressFormValues[] = [];
  for (let i = 0; i < count; i++) {
    const at = (part: string) => text(`addresses.${i}.${part}`);
    addresses.push({
      ...blankAddress(),
      id: at("id"),
      type: at("type") || "both",
      default_billing: text("default_billing") === String(i),
      default_shipping: text("default_shipping") === String(i),
      remove: form.has(`addresses.${i}.remove`),
      ...Object.fromEntries(ADDRESS_TEXT.map((k) => [k, at(k)])),
    });
  }
  return {
    number: text("number"),
    label: text("label"),
    emails: text("emails"),
    phone: text("phone"),
    active: form.has("active"),
    tax_number: text("tax_number"),
    discount_rate: text("discount_rate"),
    location_name: text("location_name"),
    location_phone: text("location_phone"),
    status: text("status"),
    payment_terms_type: text("payment_terms_type") || "net",
    payment_terms_days: text("payment_terms_days"),
    notes: text("notes"),
    credit_limit: text("credit_limit"),
    minimum_order_amount: text("minimum_order_amount"),
    minimum_order_quantity: text("minimum_order_quantity"),
    private_message: text("private_message"),
    tax_type: text("tax_type"),
    price_level_id: text("price_level_id"),
    currency_id: text("currency_id"),
    ...(form.has("account_manager_id") ? { account_manager_id: text("account_manager_id") } : {}),
    b2b_access: text("b2b_access") || "none",
    language: text("language"),
    tag_ids: form.getAll("tag_ids").map((v) => Number(v)),
    addresses,
  };
}

const isBlank = (a: AddressFormValues) => !a.id && ADDRESS_TEXT.every((k) => a[k].trim() === "");
const orNull = (text: string) => (text.trim() === "" ? null : text);
const idOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

/**
 * The typed values as input for createCustomer / updateCustomer. Empty blocks and blocks marked
 * "remove" are left out; `addresses` is the list sent, whose positions the errors name.
 */
export function customerInput(values: CustomerFormValues): { input: CreateCustomerInput; addresses: AddressFormValues[] } {
  const addresses = values.addresses.filter((a) => !a.remove && !isBlank(a));
  const days = values.payment_terms_days.trim();
  const input: CreateCustomerInput = {
    ...(values.number.trim() ? { number: Number(values.number) } : {}),
    label: values.label,
    emails: values.emails
      .split(/[\n,;]/)
      .map((e) => e.trim())
      .filter(Boolean),
    phone: values.phone,
    active: values.active,
    tax_number: values.tax_number,
    discount_rate: values.discount_rate.trim() || "0",
    location_name: values.location_name,
    location_phone: values.location_phone,
    status: (orNull(values.status) as CreateCustomerInput["status"]) ?? null,
    payment_terms: { type: values.payment_terms_type as "net", days: days === "" ? 0 : Number(days) },
    notes: values.notes,
    credit_limit: orNull(values.credit_limit),
    minimum_order_amount: orNull(values.minimum_order_amount),
    minimum_order_quantity: orNull(values.minimum_order_quantity),
    private_message: values.private_message,
    tax_type: (orNull(values.tax_type) as CreateCustomerInput["tax_type"]) ?? null,
    price_level_id: idOrNull(values.price_level_id),
    currency_id: idOrNull(values.currency_id),
    ...(values.account_manager_id !== undefined ? { account_manager_id: orNull(values.account_manager_id) } : {}),
    b2b_access: values.b2b_access as "none",
    language: (orNull(values.language) as CreateCustomerInput["language"]) ?? null,
    tag_ids: values.tag_ids,
    addresses: addresses.map((a) => ({
      ...(a.id ? { id: Number(a.id) } : {}),
      type: a.type as "both",
      default_billing: a.default_billing,
      default_shipping: a.default_shipping,
      ...Object.fromEntries(ADDRESS_TEXT.map((k) => [k, a[k]])),
    })),
  };
  return { input, addresses };
}

function AddressBlock({
  index,
  address,
  errors,
  countries,
}: {
  index: number;
  address: AddressFormValues;
  errors: FieldErrorMap;
  countries: readonly CountryOption[];
}) {
  const t = useT();
  const errorText = useErrorText();
  const name = (part: string) => `addresses.${index}.${part}`;
  const defaultError = errors?.[name("default_billing")] ?? errors?.[name("default_shipping")] ?? errors?.[name("id")];
  return (
    <fieldset className="fieldset contact-form__address">
      <legend>{address.id ? t("customers.address_n", { n: index + 1 }) : t("customers.new_address")}</legend>
      <input type="hidden" name={name("id")} value={address.id} />
      <div className="form-grid">
        <TextField
          name={name("label")}
          label={t("customers.address_label")}
          value={address.label}
          errors={errors}
          maxLength={100}
          autoComplete="off"
        />
        <SelectField
          name={name("type")}
          label={t("customers.address_type")}
          value={address.type}
          errors={errors}
          options={["both", "billing", "shipping"].map((type) => ({ value: type, label: t(`customers.address_type_${type}`) }))}
        />
        <TextField name={name("phone")} label={t("contacts.phone")} value={address.phone} errors={errors} type="tel" maxLength={40} />
        <TextField
          name={name("address1")}
          label={t("contacts.address1")}
          value={address.address1}
          errors={errors}
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          name={name("address2")}
          label={t("contacts.address2")}
          value={address.address2}
          errors={errors}
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          name={name("dependent_locality")}
          label={t("customers.dependent_locality")}
          value={address.dependent_locality}
          errors={errors}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          name={name("postal_code")}
          label={t("contacts.postal_code")}
          value={address.postal_code}
          errors={errors}
          maxLength={20}
          autoComplete="off"
        />
        <TextField name={name("city")} label={t("contacts.city")} value={address.city} errors={errors} maxLength={100} autoComplete="off" />
        <TextField
          name={name("province")}
          label={t("contacts.province")}
          value={address.province}
          errors={errors}
          maxLength={100}
          autoComplete="off"
        />
        <CountryField name={name("country")} value={address.country} errors={errors} countries={countries} />
      </div>
      <div className="contact-form__address-options">
        <label className="checkbox">
          <input type="radio" name="default_billing" value={index} defaultChecked={address.default_billing} />
          <span>{t("customers.default_billing")}</span>
        </label>
        <label className="checkbox">
          <input type="radio" name="default_shipping" value={index} defaultChecked={address.default_shipping} />
          <span>{t("customers.default_shipping")}</span>
        </label>
        {address.id ? (
          <label className="checkbox">
            <input type="checkbox" name={name("remove")} defaultChecked={address.remove} />
            <span>{t("customers.remove_address")}</span>
          </label>
        ) : null}
      </div>
      {defaultError ? (
        <span className="field__error" role="alert">
          {errorText(defaultError.code, defaultError.params)}
        </span>
      ) : null}
    </fieldset>
  );
}

/**
 * The create and edit form of a customer: identity, terms and prices, store access, tags, and
 * repeatable address blocks. "Add another address" posts the form back with one more block.
 */
export function CustomerForm({
  values,
  options,
  errors: rawErrors,
  submitLabel,
}: {
  values: CustomerFormValues;
  options: CustomerFormOptions;
  errors: FieldErrorMap;
  submitLabel: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const errors = errorsByField(rawErrors, ["addresses", "payment_terms"]);
  // The terms' fields are two inputs of the form.
  if (errors && rawErrors?.["payment_terms.days"]) errors.payment_terms_days = rawErrors["payment_terms.days"];
  if (errors && rawErrors?.["payment_terms.type"]) errors.payment_terms_type = rawErrors["payment_terms.type"];
  if (errors && rawErrors?.payment_terms) errors.payment_terms_type ??= rawErrors.payment_terms;
  const managers = options.accountManagers;
  const manager = values.account_manager_id ?? "";
  const managerKnown = !manager || managers?.some((m) => m.id === manager);
  return (
    <Form method="post" className="form contact-form" noValidate>
      <IdempotencyKeyField />
      {/* Enter in a field saves: the first submit button of a form is the one implicit submission uses. */}
      <button type="submit" name="intent" value="save" className="contact-form__default-submit" tabIndex={-1} aria-hidden="true" />
      {rawErrors ? (
        <p role="alert" className="alert alert--error">
          {errorText("validation_failed")}
        </p>
      ) : null}
      <fieldset className="fieldset">
        <legend>{t("customers.identity")}</legend>
        <div className="form-grid">
          <TextField name="label" label={t("customers.label")} value={values.label} errors={errors} required maxLength={200} />
          <TextField
            name="number"
            label={t("customers.number")}
            value={values.number}
            errors={errors}
            inputMode="numeric"
            placeholder={t("customers.number_auto")}
          />
          <TextAreaField name="emails" label={t("customers.emails")} value={values.emails} errors={errors} rows={2} />
          <TextField name="phone" label={t("contacts.phone")} value={values.phone} errors={errors} type="tel" maxLength={40} />
          <TextField name="tax_number" label={t("customers.tax_number")} value={values.tax_number} errors={errors} maxLength={50} />
          <SelectField
            name="status"
            label={t("customers.status")}
            value={values.status}
            errors={errors}
            empty={t("customers.status_customer")}
            options={["prospect", "former_customer"].map((s) => ({ value: s, label: t(`customers.status_${s}`) }))}
          />
          <TextField
            name="location_name"
            label={t("customers.location_name")}
            value={values.location_name}
            errors={errors}
            maxLength={200}
          />
          <TextField
            name="location_phone"
            label={t("customers.location_phone")}
            value={values.location_phone}
            errors={errors}
            type="tel"
            maxLength={40}
          />
          {managers ? (
            <SelectField
              name="account_manager_id"
              label={t("customers.account_manager")}
              value={manager}
              errors={errors}
              empty={t("customers.no_account_manager")}
              options={[
                ...(managerKnown ? [] : [{ value: manager, label: manager }]),
                ...managers.map((m) => ({ value: m.id, label: m.name })),
              ]}
            />
          ) : null}
        </div>
        <CheckboxField name="active" label={t("contacts.active")} checked={values.active} errors={errors} />
      </fieldset>

      <fieldset className="fieldset">
        <legend>{t("customers.terms_and_prices")}</legend>
        <div className="form-grid">
          <SelectField
            name="payment_terms_type"
            label={t("customers.payment_terms_type")}
            value={values.payment_terms_type}
            errors={errors}
            options={["net", "eom"].map((type) => ({ value: type, label: t(`customers.payment_terms_${type}`) }))}
          />
          <TextField
            name="payment_terms_days"
            label={t("customers.payment_terms_days")}
            value={values.payment_terms_days}
            errors={errors}
            inputMode="numeric"
          />
          <TextField
            name="discount_rate"
            label={t("customers.discount_rate")}
            value={values.discount_rate}
            errors={errors}
            inputMode="decimal"
            placeholder="0"
          />
          <TextField
            name="credit_limit"
            label={t("customers.credit_limit")}
            value={values.credit_limit}
            errors={errors}
            inputMode="decimal"
            placeholder={t("customers.no_limit")}
          />
          <TextField
            name="minimum_order_amount"
            label={t("customers.minimum_order_amount")}
            value={values.minimum_order_amount}
            errors={errors}
            inputMode="decimal"
          />
          <TextField
            name="minimum_order_quantity"
            label={t("customers.minimum_order_quantity")}
            value={values.minimum_order_quantity}
            errors={errors}
            inputMode="decimal"
          />
          <SelectField
            name="price_level_id"
            label={t("customers.price_level")}
            value={values.price_level_id}
            errors={errors}
            empty={t("customers.default_choice")}
            options={options.priceLevels.map((l) => ({ value: l.id, label: l.label }))}
          />
          <SelectField
            name="currency_id"
            label={t("customers.currency")}
            value={values.currency_id}
            errors={errors}
            empty={t("customers.default_choice")}
            options={options.currencies.map((c) => ({ value: c.id, label: `${c.iso} — ${c.label}` }))}
          />
          <SelectField
            name="tax_type"
            label={t("customers.tax_type")}
            value={values.tax_type}
            errors={errors}
            empty={t("customers.default_choice")}
            options={["tax_exclusive", "tax_inclusive"].map((type) => ({ value: type, label: t(`customers.tax_type_${type}`) }))}
          />
          <SelectField
            name="b2b_access"
            label={t("customers.b2b_access")}
            value={values.b2b_access}
            errors={errors}
            options={["none", "requested", "granted", "denied", "disabled"].map((a) => ({
              value: a,
              label: t(`customers.b2b_access_${a}`),
            }))}
          />
          <SelectField
            name="language"
            label={t("customers.language")}
            value={values.language}
            errors={errors}
            empty={t("customers.language_company")}
            options={LOCALES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
          />
        </div>
      </fieldset>

      <TagsFieldset tags={options.tags} selected={values.tag_ids} errors={errors} manageHref={CUSTOMER_TAGS_PATH} />

      <fieldset className="fieldset">
        <legend>{t("customers.notes_and_messages")}</legend>
        <div className="form-grid">
          <TextAreaField name="notes" label={t("contacts.notes")} value={values.notes} errors={errors} />
          <TextAreaField name="private_message" label={t("customers.private_message")} value={values.private_message} errors={errors} />
        </div>
      </fieldset>

      <section className="contact-form__addresses" aria-label={t("customers.addresses")}>
        <h2>{t("customers.addresses")}</h2>
        <input type="hidden" name="address_count" value={values.addresses.length} />
        {values.addresses.map((address, i) => (
          <AddressBlock key={i} index={i} address={address} errors={errors} countries={options.countries} />
        ))}
        <div className="actions">
          <button type="submit" name="intent" value="add_address" className="button button--secondary">
            {t("customers.add_address")}
          </button>
        </div>
      </section>

      <SubmitButton label={submitLabel} />
    </Form>
  );
}
