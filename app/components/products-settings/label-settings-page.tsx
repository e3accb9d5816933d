import { Form, Link, useLocation, useNavigation } from "react-router";
import type { FieldErrors } from "../../../worker/domain/shared/domain-error";
import { useT } from "../../i18n";
import { FormField } from "../form-field";
import { RowAction, SettingsHeader, SettingsPager, SettingsSearch, SettingsTable } from "./settings-parts";

export interface LabelItem {
  id: number;
  label: string;
  active?: boolean;
}

export interface LabelPageData<T extends LabelItem> {
  list: { items: T[]; q: string; page: number; total: number; pageSize: number; notice: string | null };
  editing: T | null;
  canEdit: boolean;
}

export interface LabelFailure {
  intent: string;
  id: string | null;
  error: string;
  params: Record<string, unknown>;
  fields: FieldErrors | null;
  values: { label: string; active?: boolean };
}

/** What a label form posted, as the domain verbs take it. */
export function labelValues(form: FormData, withActive: boolean): { label: string; active?: boolean } {
  return { label: String(form.get("label") ?? ""), ...(withActive ? { active: form.get("active") === "on" } : {}) };
}

/**
 * The page of a settings entity that is a label (brands, product tags, seasons): the list with
 * a search, a form to create or (with `?edit=<id>`) edit, delete with confirmation, and for
 * entities with `active`, enable and disable.
 */
export function LabelSettingsPage<T extends LabelItem>({
  prefix,
  data,
  failure,
  withActive = false,
}: {
  /** Message keys: `<prefix>.title`, `.new`, `.edit_title`, `.delete_confirm`, `.in_use`, notices. */
  prefix: string;
  data: LabelPageData<T>;
  failure: LabelFailure | undefined;
  withActive?: boolean;
}) {
  const t = useT();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const { list, editing, canEdit } = data;
  const formFailure =
    failure && failure.fields && (editing ? failure.intent === "update" && failure.id === String(editing.id) : failure.intent === "create")
      ? failure
      : undefined;
  const values = formFailure?.values;

  return (
    <>
      <SettingsHeader title={t(`${prefix}.title`)} prefix={prefix} notice={list.notice} failure={failure} canEdit={canEdit} />

      {canEdit ? (
        <section className="card">
          <h2>{editing ? t(`${prefix}.edit_title`, { label: editing.label }) : t(`${prefix}.new`)}</h2>
          <Form method="post" className="form" noValidate key={`${location.key}-${editing?.id ?? "new"}`}>
            <input type="hidden" name="intent" value={editing ? "update" : "create"} />
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            <FormField name="label" label={t("products_settings.label")} errors={formFailure?.fields ?? undefined}>
              {(p) => <input {...p} defaultValue={values?.label ?? editing?.label ?? ""} maxLength={100} />}
            </FormField>
            {withActive ? (
              <label className="checkbox">
                <input type="checkbox" name="active" defaultChecked={values?.active ?? editing?.active ?? true} />
                <span>{t("products_settings.active")}</span>
              </label>
            ) : null}
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {editing ? t("products_settings.save") : t("products_settings.create")}
              </button>
              {editing ? <Link to={location.pathname}>{t("products_settings.cancel")}</Link> : null}
            </div>
          </Form>
        </section>
      ) : null}

      <section className="card">
        <SettingsSearch q={list.q} />
        <SettingsTable
          empty={list.items.length === 0}
          q={list.q}
          head={
            <>
              <th scope="col">{t("products_settings.label")}</th>
              {withActive ? <th scope="col">{t("products_settings.status")}</th> : null}
              {canEdit ? (
                <th scope="col">
                  <span className="muted">{t("products_settings.actions")}</span>
                </th>
              ) : null}
            </>
          }
        >
          {list.items.map((item) => (
            <tr key={item.id}>
              <td>{item.label}</td>
              {withActive ? (
                <td>
                  <span className={`badge ${item.active ? "badge--ok" : "badge--off"}`}>
                    {item.active ? t("products_settings.enabled") : t("products_settings.disabled")}
                  </span>
                </td>
              ) : null}
              {canEdit ? (
                <td>
                  <div className="actions">
                    <Link
                      to={`?edit=${item.id}`}
                      className="button button--secondary"
                      aria-label={t("products_settings.edit_label", { label: item.label })}
                    >
                      {t("products_settings.edit")}
                    </Link>
                    {withActive ? (
                      <RowAction
                        intent={item.active ? "disable" : "enable"}
                        id={item.id}
                        label={item.active ? t("products_settings.disable") : t("products_settings.enable")}
                        ariaLabel={t(item.active ? "products_settings.disable_label" : "products_settings.enable_label", {
                          label: item.label,
                        })}
                      />
                    ) : null}
                    <RowAction
                      intent="delete"
                      id={item.id}
                      danger
                      label={t("products_settings.delete")}
                      ariaLabel={t("products_settings.delete_label", { label: item.label })}
                      confirm={t(`${prefix}.delete_confirm`, { label: item.label })}
                    />
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </SettingsTable>
        <SettingsPager q={list.q} page={list.page} total={list.total} pageSize={list.pageSize} />
      </section>
    </>
  );
}
