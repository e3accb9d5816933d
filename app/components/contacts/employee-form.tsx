import { IdempotencyKeyField } from "../idempotency-key";
import { Form } from "react-router";
import type { CreateEmployeeInput, EmployeeView } from "../../../worker/domain/contacts/employee-schemas";
import { useErrorText, useT } from "../../i18n";
import type { FieldErrorMap } from "../form-field";
import type { CountryOption } from "./contacts";
import {
  addressFormValues,
  AddressFieldset,
  CheckboxField,
  errorsByField,
  SubmitButton,
  TextAreaField,
  TextField,
  type AddressValues,
} from "./form-parts";
import "./contacts.css";

/** What the employee form holds, as typed. */
export interface EmployeeFormValues extends AddressValues {
  label: string;
  position: string;
  employer: string;
  email: string;
  phone: string;
  active: boolean;
  notes: string;
}

export const NEW_EMPLOYEE: EmployeeFormValues = {
  label: "",
  position: "",
  employer: "",
  email: "",
  phone: "",
  active: true,
  notes: "",
  address1: "",
  address2: "",
  city: "",
  postal_code: "",
  province: "",
  country: "",
};

export function employeeValuesOf(e: EmployeeView): EmployeeFormValues {
  return {
    label: e.label,
    position: e.position ?? "",
    employer: e.employer ?? "",
    email: e.email ?? "",
    phone: e.phone ?? "",
    active: e.active,
    notes: e.notes ?? "",
    address1: e.address1 ?? "",
    address2: e.address2 ?? "",
    city: e.city ?? "",
    postal_code: e.postal_code ?? "",
    province: e.province ?? "",
    country: e.country ?? "",
  };
}

export function employeeFormValues(form: FormData): EmployeeFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    label: text("label"),
    position: text("position"),
    employer: text("employer"),
    email: text("email"),
    phone: text("phone"),
    active: form.has("active"),
    notes: text("notes"),
    ...addressFormValues(form),
  } as EmployeeFormValues;
}

export function employeeInput(values: EmployeeFormValues): CreateEmployeeInput {
  return { ...values, country: values.country?.trim() ? values.country : null };
}

export function EmployeeForm({
  values,
  countries,
  errors: rawErrors,
  submitLabel,
}: {
  values: EmployeeFormValues;
  countries: readonly CountryOption[];
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
        <legend>{t("employees.identity")}</legend>
        <div className="form-grid">
          <TextField name="label" label={t("employees.label")} value={values.label} errors={errors} required maxLength={200} />
          <TextField name="position" label={t("employees.position")} value={values.position} errors={errors} maxLength={100} />
          <TextField name="employer" label={t("employees.employer")} value={values.employer} errors={errors} maxLength={200} />
          <TextField name="email" label={t("contacts.email")} value={values.email} errors={errors} type="email" maxLength={320} />
          <TextField name="phone" label={t("contacts.phone")} value={values.phone} errors={errors} type="tel" maxLength={40} />
        </div>
        <CheckboxField name="active" label={t("contacts.active")} checked={values.active} errors={errors} />
      </fieldset>
      <AddressFieldset values={values} errors={errors} countries={countries} />
      <fieldset className="fieldset">
        <legend>{t("contacts.notes")}</legend>
        <TextAreaField name="notes" label={t("contacts.notes")} value={values.notes} errors={errors} rows={4} />
      </fieldset>
      <SubmitButton label={submitLabel} />
    </Form>
  );
}
