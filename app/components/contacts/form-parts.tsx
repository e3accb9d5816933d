import { useLingui } from "@lingui/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useErrorText, useT, type ErrorLike, type Translate } from "../../i18n";
import { FormField, type FieldErrorMap } from "../form-field";
import type { CountryOption } from "./contacts";
import { ConfirmDelete, type DeleteAcknowledgement } from "../ui/confirm-delete";

export { CheckboxField } from "../checkbox-field";
export { errorsByField } from "../form-field";

export function TextField({
  name,
  label,
  value,
  errors,
  ...rest
}: { name: string; label: string; value: string | null | undefined; errors: FieldErrorMap } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "name" | "value" | "defaultValue"
>) {
  return (
    <FormField name={name} label={label} errors={errors}>
      {(p) => <input {...p} {...rest} defaultValue={value ?? ""} />}
    </FormField>
  );
}

export function TextAreaField({
  name,
  label,
  value,
  errors,
  rows = 3,
}: {
  name: string;
  label: string;
  value: string | null | undefined;
  errors: FieldErrorMap;
  rows?: number;
}) {
  return (
    <FormField name={name} label={label} errors={errors}>
      {(p) => <textarea {...p} defaultValue={value ?? ""} rows={rows} />}
    </FormField>
  );
}

export function SelectField({
  name,
  label,
  value,
  errors,
  options,
  empty,
}: {
  name: string;
  label: string;
  value: string | number | null | undefined;
  errors: FieldErrorMap;
  options: { value: string | number; label: string }[];
  /** The label of the blank choice; none means no blank choice. */
  empty?: string;
}) {
  return (
    <FormField name={name} label={label} errors={errors}>
      {(p) => (
        <select {...p} defaultValue={value === null || value === undefined ? "" : String(value)}>
          {empty !== undefined ? <option value="">{empty}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function CountryField({
  name,
  value,
  errors,
  countries,
}: {
  name: string;
  value: string | null | undefined;
  errors: FieldErrorMap;
  countries: readonly CountryOption[];
}) {
  const t = useT();
  const known = !value || countries.some((c) => c.code === value);
  return (
    <SelectField
      name={name}
      label={t("contacts.country")}
      value={value}
      errors={errors}
      empty={t("contacts.no_country")}
      // A typed value the list does not know stays selectable, so that its error can be shown and fixed.
      options={[...(known ? [] : [{ value: value!, label: value! }]), ...countries.map((c) => ({ value: c.code, label: c.name }))]}
    />
  );
}

/** Address parts of a supplier or an employee (one address, flat fields). */
export interface AddressValues {
  address1: string | null;
  address2: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  country: string | null;
}

export const ADDRESS_PARTS = ["address1", "address2", "city", "postal_code", "province", "country"] as const;

export function addressFormValues(form: FormData): AddressValues {
  const text = (name: string) => String(form.get(name) ?? "");
  return Object.fromEntries(ADDRESS_PARTS.map((part) => [part, text(part)])) as unknown as AddressValues;
}

export function AddressFieldset({
  values,
  errors,
  countries,
}: {
  values: AddressValues;
  errors: FieldErrorMap;
  countries: readonly CountryOption[];
}) {
  const t = useT();
  return (
    <fieldset className="fieldset">
      <legend>{t("contacts.address")}</legend>
      <div className="form-grid">
        <TextField
          name="address1"
          label={t("contacts.address1")}
          value={values.address1}
          errors={errors}
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          name="address2"
          label={t("contacts.address2")}
          value={values.address2}
          errors={errors}
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          name="postal_code"
          label={t("contacts.postal_code")}
          value={values.postal_code}
          errors={errors}
          maxLength={20}
          autoComplete="off"
        />
        <TextField name="city" label={t("contacts.city")} value={values.city} errors={errors} maxLength={100} autoComplete="off" />
        <TextField
          name="province"
          label={t("contacts.province")}
          value={values.province}
          errors={errors}
          maxLength={100}
          autoComplete="off"
        />
        <CountryField name="country" value={values.country} errors={errors} countries={countries} />
      </div>
    </fieldset>
  );
}

/** The tags of a contact as checkboxes, with a link to where tags are managed. */
export function TagsFieldset({
  tags,
  selected,
  errors,
  manageHref,
}: {
  tags: { id: number; label: string }[];
  selected: number[];
  errors: FieldErrorMap;
  manageHref: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const error = errors?.tag_ids;
  return (
    <fieldset className={`fieldset${error ? " field--invalid" : ""}`} aria-describedby={error ? "field-tag_ids-error" : undefined}>
      <legend>{t("contacts.tags")}</legend>
      {tags.length === 0 ? <p className="muted">{t("contacts.no_tags")}</p> : null}
      <div className="checkbox-grid">
        {tags.map((tag) => (
          <label key={tag.id} className="checkbox">
            <input type="checkbox" name="tag_ids" value={tag.id} defaultChecked={selected.includes(tag.id)} />
            <span>{tag.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <span id="field-tag_ids-error" className="field__error" role="alert">
          {errorText(error.code, error.params)}
        </span>
      ) : null}
      <p className="contact-form__hint">
        <Link to={manageHref}>{t("contacts.manage_tags")}</Link>
      </p>
    </fieldset>
  );
}

/** The one-line text of an address: "1 rue de la Paix, 75002 Paris, France". */
export function addressLine(
  a: Partial<AddressValues> & { dependent_locality?: string | null },
  countryName: (code: string) => string,
): string {
  const city = [a.postal_code, a.city].filter(Boolean).join(" ");
  return (
    [a.address1, a.address2, a.dependent_locality, city, a.province, a.country ? countryName(a.country) : null]
      .filter(Boolean)
      .join(", ") || "—"
  );
}

/** A country's name in the user's language. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useLingui();
  const names = new Intl.DisplayNames([i18n.locale || "en"], { type: "region" });
  return (code) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** Back link, Edit, Enable/Disable and Delete (its consequences ticked first) of a detail page. */
export function DetailActions({
  backHref,
  backLabel,
  editHref,
  active,
  canEdit,
  deleteConfirm,
  acknowledge,
}: {
  backHref: string;
  backLabel: string;
  editHref: string;
  active: boolean;
  canEdit: boolean;
  deleteConfirm: string;
  acknowledge: readonly DeleteAcknowledgement[];
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="actions">
      <Link to={backHref}>{backLabel}</Link>
      {canEdit ? (
        <>
          <Link to={editHref} className="button button--primary">
            {t("contacts.edit")}
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value={active ? "disable" : "enable"} />
            <button type="submit" className="button button--secondary" disabled={busy}>
              {active ? t("contacts.disable") : t("contacts.enable")}
            </button>
          </Form>
          <ConfirmDelete label={t("contacts.delete")} details={deleteConfirm} acknowledge={acknowledge} />
        </>
      ) : null}
    </div>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return activeBadge(active, useT());
}

/** The badge's markup, for a list's cells (plain markup: decision 056). */
export function activeBadge(active: boolean, t: Translate) {
  return <span className={`badge ${active ? "badge--ok" : "badge--off"}`}>{active ? t("contacts.active") : t("contacts.inactive")}</span>;
}

/** The page's notices and the error of a failed action. */
export function PageMessages({ notice, error }: { notice: string | null; error: ErrorLike | undefined }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`contacts.notice_${notice}`)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="alert alert--error">
          {errorText(error)}
        </p>
      ) : null}
    </>
  );
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === "" ? "—" : children}</dd>
    </>
  );
}

export function SubmitButton({ label }: { label: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {label}
      </button>
    </div>
  );
}
