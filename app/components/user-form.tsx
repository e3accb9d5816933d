import { Form, useNavigation } from "react-router";
import type { UserView } from "../../worker/domain/users/staff";
import { useErrorText, useT } from "../i18n";
import { FormField, type FieldErrorMap } from "./form-field";
import { PermissionsFieldset, type PermissionChoices } from "./permissions-fieldset";

export interface UserFormOptions {
  timezones: string[];
  posPermissions: readonly string[];
  /** Present when the editor may set access (not on their own account). */
  access: PermissionChoices | null;
  /** Personal fields are the user's own: editable on one's own account (and when inviting), shown read-only otherwise. */
  profileEditable: boolean;
  /** Whether access holds the active switch: a member's, not a new or pending invitation's. */
  activeEditable: boolean;
}

/** The fields a user form posts, as the domain verbs take them: read-only fields are not sent. */
export function userFormValues(form: FormData, options: { access: boolean; profile: boolean; active: boolean; permissions?: string[] }) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    ...(options.profile
      ? {
          email: text("email"),
          first_name: text("first_name"),
          last_name: text("last_name"),
          language: text("language"),
          timezone: text("timezone"),
          phone: text("phone"),
        }
      : {}),
    ...(options.access
      ? {
          ...(options.active ? { active: form.has("active") } : {}),
          type: text("type"),
          permissions: options.permissions ?? [],
          pos_permissions: form.getAll("pos_permissions").map(String),
          prevent_negative_inventory: form.has("prevent_negative_inventory"),
        }
      : {}),
  };
}

/**
 * Create and edit form of a user: profile (names, email, language, time zone, phone), editable
 * only by the user, and for someone managing others, access (active, type, permissions by
 * area, POS options).
 */
export function UserForm({
  user,
  options,
  errors,
  submitLabel,
}: {
  user: Partial<UserView> | null;
  options: UserFormOptions;
  errors: FieldErrorMap;
  submitLabel: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const readOnly = !options.profileEditable;
  return (
    <Form method="post" className="form" noValidate>
      {errors ? (
        <p role="alert" className="alert alert--error">
          {errorText("validation_failed")}
        </p>
      ) : null}
      <fieldset className="fieldset">
        <legend>{t("users.profile")}</legend>
        {readOnly ? <p className="muted">{t("users.profile_readonly")}</p> : null}
        <div className="form-grid">
          <FormField name="first_name" label={t("users.first_name")} errors={errors}>
            {(p) => <input {...p} defaultValue={user?.first_name} autoComplete="off" readOnly={readOnly} required />}
          </FormField>
          <FormField name="last_name" label={t("users.last_name")} errors={errors}>
            {(p) => <input {...p} defaultValue={user?.last_name} autoComplete="off" readOnly={readOnly} required />}
          </FormField>
          <FormField name="email" label={t("users.email")} errors={errors}>
            {(p) => <input {...p} type="email" defaultValue={user?.email} readOnly={readOnly} required />}
          </FormField>
          <FormField name="phone" label={t("users.phone")} errors={errors}>
            {(p) => <input {...p} type="tel" defaultValue={user?.phone ?? ""} readOnly={readOnly} />}
          </FormField>
          <FormField name="language" label={t("users.language")} errors={errors}>
            {(p) => (
              <select {...p} defaultValue={user?.language ?? "en"} disabled={readOnly}>
                <option value="en">English</option>
                <option value="fr">Français</option>
              </select>
            )}
          </FormField>
          <FormField name="timezone" label={t("users.timezone")} errors={errors}>
            {(p) => (
              <select {...p} defaultValue={user?.timezone ?? "UTC"} disabled={readOnly}>
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
              {options.activeEditable ? (
                <label className="checkbox">
                  <input type="checkbox" name="active" defaultChecked={user?.active ?? true} />
                  <span>{t("users.active")}</span>
                </label>
              ) : null}
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
