import { Form, useNavigation } from "react-router";
import type { UserView } from "../../worker/domain/users/users";
import { useErrorText, useT } from "../i18n";
import { FormField, type FieldErrorMap } from "./form-field";
import { PermissionsFieldset, type PermissionChoices } from "./permissions-fieldset";

export interface UserFormOptions {
  timezones: string[];
  posPermissions: readonly string[];
  /** Present when the editor may set access (not on their own account). */
  access: PermissionChoices | null;
  emailEditable: boolean;
}

/** The fields a user form posts, as the domain verbs take them. */
export function userFormValues(form: FormData, options: { access: boolean; emailEditable: boolean; permissions?: string[] }) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    ...(options.emailEditable ? { email: text("email") } : {}),
    first_name: text("first_name"),
    last_name: text("last_name"),
    language: text("language"),
    timezone: text("timezone"),
    phone: text("phone"),
    ...(options.access
      ? {
          active: form.has("active"),
          type: text("type"),
          permissions: options.permissions ?? [],
          pos_permissions: form.getAll("pos_permissions").map(String),
          prevent_negative_inventory: form.has("prevent_negative_inventory"),
        }
      : {}),
  };
}

/**
 * Create and edit form of a user: profile (names, email, language, time zone, phone) and,
 * for someone managing others, access (active, type, permissions by area, POS options).
 */
export function UserForm({
  user,
  options,
  errors,
  submitLabel,
  creating,
}: {
  user: Partial<UserView> | null;
  options: UserFormOptions;
  errors: FieldErrorMap;
  submitLabel: string;
  creating: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="form" noValidate>
      {errors ? (
        <p role="alert" className="alert alert--error">
          {errorText("validation_failed")}
        </p>
      ) : null}
      <fieldset className="fieldset">
        <legend>{t("users.profile")}</legend>
        <div className="form-grid">
          <FormField name="first_name" label={t("users.first_name")} errors={errors}>
            {(p) => <input {...p} defaultValue={user?.first_name} autoComplete="off" required />}
          </FormField>
          <FormField name="last_name" label={t("users.last_name")} errors={errors}>
            {(p) => <input {...p} defaultValue={user?.last_name} autoComplete="off" required />}
          </FormField>
          <FormField name="email" label={t("users.email")} errors={errors}>
            {(p) => <input {...p} type="email" defaultValue={user?.email} readOnly={!options.emailEditable} required />}
          </FormField>
          <FormField name="phone" label={t("users.phone")} errors={errors}>
            {(p) => <input {...p} type="tel" defaultValue={user?.phone ?? ""} />}
          </FormField>
          <FormField name="language" label={t("users.language")} errors={errors}>
            {(p) => (
              <select {...p} defaultValue={user?.language ?? "en"}>
                <option value="en">English</option>
                <option value="fr">Français</option>
              </select>
            )}
          </FormField>
          <FormField name="timezone" label={t("users.timezone")} errors={errors}>
            {(p) => (
              <select {...p} defaultValue={user?.timezone ?? "UTC"}>
                {options.timezones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      </fieldset>
      {options.access ? (
        <>
          <fieldset className="fieldset">
            <legend>{t("users.access")}</legend>
            <div className="form-grid">
              <FormField name="type" label={t("users.type")} errors={errors}>
                {(p) => (
                  <select {...p} defaultValue={user?.type ?? "regularUser"}>
                    <option value="regularUser">{t("users.type_regularUser")}</option>
                    <option value="accountRepresentative">{t("users.type_accountRepresentative")}</option>
                  </select>
                )}
              </FormField>
              {creating ? null : (
                <label className="checkbox">
                  <input type="checkbox" name="active" defaultChecked={user?.active ?? true} />
                  <span>{t("users.active")}</span>
                </label>
              )}
              <label className="checkbox">
                <input type="checkbox" name="prevent_negative_inventory" defaultChecked={user?.prevent_negative_inventory ?? false} />
                <span>{t("users.prevent_negative_inventory")}</span>
              </label>
            </div>
          </fieldset>
          <PermissionsFieldset
            choices={options.access}
            selected={user?.permissions ?? []}
            errors={errors}
            legend={t("users.permissions")}
          />
          <fieldset className="fieldset">
            <legend>{t("users.pos_permissions")}</legend>
            <div className="checkbox-grid">
              {options.posPermissions.map((p) => (
                <label key={p} className="checkbox">
                  <input type="checkbox" name="pos_permissions" value={p} defaultChecked={user?.pos_permissions?.includes(p) ?? false} />
                  <span>{t(`pos_permission.${p}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </>
      ) : null}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
