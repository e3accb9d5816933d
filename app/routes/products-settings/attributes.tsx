import { createAttribute } from "../../../worker/domain/products-settings/attributes/create-attribute";
import { deleteAttribute } from "../../../worker/domain/products-settings/attributes/delete-attribute";
import { getAttribute } from "../../../worker/domain/products-settings/attributes/get-attribute";
import { listAttributes } from "../../../worker/domain/products-settings/attributes/list-attributes";
import { updateAttribute } from "../../../worker/domain/products-settings/attributes/update-attribute";
import { useT } from "../../i18n";
import {
  AttributeForm,
  errorsByLine,
  errorsOnText,
  optionLines,
  optionRows,
  type AttributeValues,
} from "../../components/products-settings/attribute-form";
import type { LabelFailure } from "../../components/products-settings/label-settings-page";
import { RowAction, SettingsHeader, SettingsPager, SettingsSearch, SettingsTable } from "../../components/products-settings/settings-parts";
import { loadEditing, loadSettingsList, openSettingsAction, openSettingsPage, runSettingsAction } from "./settings-page.server";
import { Link } from "react-router";
import type { Route } from "./+types/attributes";

/** Variant attributes (size, colour…) and their options: list, create, edit the options in place, delete when unused. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, canEdit } = await openSettingsPage(args);
  const list = await loadSettingsList(args.request, (params) => listAttributes(ctx, params));
  return { list, canEdit, editing: await loadEditing(list.editId, canEdit, (id) => getAttribute(ctx, { id })) };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, form } = await openSettingsAction(args);
  const label = String(form.get("label") ?? "");
  if (form.get("intent") === "update") {
    const { rows, options, lineOf } = optionRows(form);
    const values: AttributeValues = { label, rows };
    return runSettingsAction(
      args.request,
      form,
      values,
      (_intent, id) => updateAttribute(ctx, { id, label, options }),
      (fields) => errorsByLine(fields, lineOf, rows),
    );
  }
  const optionsText = String(form.get("options") ?? "");
  const lines = optionLines(optionsText);
  const values: AttributeValues = { label, optionsText };
  return runSettingsAction(
    args.request,
    form,
    values,
    (intent, id) => (intent === "delete" ? deleteAttribute(ctx, { id }) : createAttribute(ctx, { label, options: lines })),
    (fields) => errorsOnText(fields, lines),
  );
}

type Failure = Omit<LabelFailure, "values"> & { values: AttributeValues };

export default function Attributes({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { list, editing, canEdit } = loaderData;
  const failure = actionData as Failure | undefined;
  const formFailure =
    failure?.fields && (editing ? failure.intent === "update" && failure.id === String(editing.id) : failure.intent === "create")
      ? failure
      : undefined;

  return (
    <>
      <SettingsHeader title={t("attributes.title")} prefix="attributes" notice={list.notice} failure={failure} canEdit={canEdit} />

      {canEdit ? (
        <section className="card">
          <h2>{editing ? t("attributes.edit_title", { label: editing.label }) : t("attributes.new")}</h2>
          <AttributeForm editing={editing} values={formFailure?.values} errors={formFailure?.fields ?? undefined} />
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
              <th scope="col">{t("attributes.options")}</th>
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
              <td>{item.options.map((o) => o.label).join(", ")}</td>
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
                    <RowAction
                      intent="delete"
                      id={item.id}
                      danger
                      label={t("products_settings.delete")}
                      ariaLabel={t("products_settings.delete_label", { label: item.label })}
                      confirm={t("attributes.delete_confirm", { label: item.label })}
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
