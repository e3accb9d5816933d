import { useRef } from "react";
import { useErrorText, useT } from "../i18n";
import type { FieldErrorMap } from "./form-field";

export interface PermissionChoices {
  groups: { id: string; permissions: string[] }[];
  presets?: { id: string; permissions: string[] }[];
  /** What the person filling the form holds: only these can be given or taken away. */
  grantable: string[];
}

/**
 * Permission checkboxes grouped by area (`permissions` in the form data). Boxes the editor
 * cannot grant are shown disabled; presets tick a starting set, which stays editable.
 */
export function PermissionsFieldset({
  choices,
  selected,
  errors,
  legend,
}: {
  choices: PermissionChoices;
  selected: readonly string[];
  errors: FieldErrorMap;
  legend: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const ref = useRef<HTMLFieldSetElement>(null);
  const grantable = new Set(choices.grantable);
  const error = errors?.permissions ?? Object.entries(errors ?? {}).find(([k]) => k.startsWith("permissions."))?.[1];

  function applyPreset(permissions: string[]) {
    const wanted = new Set(permissions);
    for (const box of ref.current?.querySelectorAll<HTMLInputElement>('input[name="permissions"]') ?? [])
      if (!box.disabled) box.checked = wanted.has(box.value);
  }

  return (
    <fieldset className="fieldset" ref={ref} aria-describedby={error ? "field-permissions-error" : undefined}>
      <legend>{legend}</legend>
      {choices.presets?.length ? (
        <div className="actions" style={{ marginBottom: "0.75rem" }}>
          <span className="muted">{t("users.presets")}</span>
          {choices.presets.map((preset) => (
            <button key={preset.id} type="button" className="button button--secondary" onClick={() => applyPreset(preset.permissions)}>
              {t(`permission_preset.${preset.id}`)}
            </button>
          ))}
          <button type="button" className="button button--secondary" onClick={() => applyPreset([])}>
            {t("permission_preset.none")}
          </button>
        </div>
      ) : null}
      {error ? (
        <p id="field-permissions-error" className="alert alert--error" role="alert">
          {errorText(error.code, error.params)}
        </p>
      ) : null}
      {choices.groups.map((group) => (
        <div key={group.id} style={{ marginBottom: "0.75rem" }}>
          <h3 style={{ fontSize: "0.95rem", margin: "0.5rem 0" }}>{t(`permission_group.${group.id}`)}</h3>
          <div className="checkbox-grid">
            {group.permissions.map((permission) => (
              <label key={permission} className="checkbox">
                <input
                  type="checkbox"
                  name="permissions"
                  value={permission}
                  defaultChecked={selected.includes(permission)}
                  disabled={!grantable.has(permission)}
                />
                <span>{t(`permission.${permission}`)}</span>
              </label>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/** The permissions a form sent, keeping those the editor could not touch (their boxes were disabled). */
export function submittedPermissions(form: FormData, grantable: readonly string[], before: readonly string[] = []): string[] {
  const held = new Set(grantable);
  const sent = form
    .getAll("permissions")
    .map(String)
    .filter((p) => held.has(p));
  return [...new Set([...sent, ...before.filter((p) => !held.has(p))])];
}
