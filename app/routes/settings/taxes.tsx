import { Form, useNavigation } from "react-router";
import { getTaxSettings, TAX_MODELS, TAX_PRIORITIES, TAX_TYPES, updateTaxSettings } from "../../../worker/domain/settings/tax-settings";
import { createTax } from "../../../worker/domain/settings/taxes/create-tax";
import { deleteTax } from "../../../worker/domain/settings/taxes/delete-tax";
import { getTax } from "../../../worker/domain/settings/taxes/get-tax";
import { allTaxes } from "../../../worker/domain/settings/taxes/list-taxes";
import { disableTax, enableTax } from "../../../worker/domain/settings/taxes/set-tax-active";
import { TAX_KINDS } from "../../../worker/domain/settings/taxes/tax-schemas";
import { updateTax } from "../../../worker/domain/settings/taxes/update-tax";
import { FormField } from "../../components/form-field";
import { loadEditing, openCataloguePage, runCatalogueAction, SETTINGS, text } from "./catalogue-settings.server";
import {
  CatalogueHeader,
  CheckboxField,
  RecordFormCard,
  RecordsTable,
  RowActions,
  StatusBadge,
  type Failure,
} from "../../components/settings/catalogue-settings-parts";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/taxes";

/** Taxes and tax groups (list, add, edit with `?edit=<id>`, enable or disable, delete) and the company's tax settings. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice, editId } = await openCataloguePage(args, SETTINGS);
  const [taxes, settings, editing] = [
    await allTaxes(ctx),
    await getTaxSettings(ctx),
    await loadEditing(editId, (id) => getTax(ctx, { id })),
  ];
  return { taxes, settings, editing, notice };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const form = await args.request.formData();
  if (form.get("intent") === "tax_settings") {
    const settings = { tax_model: text(form, "tax_model"), tax_type: text(form, "tax_type"), tax_priority: text(form, "tax_priority") };
    return runCatalogueAction(args.request, form, settings, () => updateTaxSettings(ctx, settings));
  }
  // A simple tax posts its rate, a group its taxes; the other half of the form is left aside.
  const kind = text(form, "kind") || "simple";
  const values = {
    label: text(form, "label"),
    abbreviation: text(form, "abbreviation"),
    kind,
    ...(kind === "group" ? { tax_ids: form.getAll("tax_ids").map(String) } : { rate: text(form, "rate") }),
    active: form.get("active") === "on",
  };
  return runCatalogueAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteTax(ctx, { id });
    if (intent === "enable") return enableTax(ctx, { id });
    if (intent === "disable") return disableTax(ctx, { id });
    return intent === "update" ? updateTax(ctx, { ...values, id }) : createTax(ctx, values);
  });
}

function TaxSettingsForm({
  settings,
  failure,
}: {
  settings: { tax_model: string; tax_type: string; tax_priority: string };
  failure: Failure | undefined;
}) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const mine = failure?.intent === "tax_settings" && failure.fields ? failure : undefined;
  const value = (name: "tax_model" | "tax_type" | "tax_priority") => String(mine?.values[name] ?? settings[name]);
  const choices = { tax_model: TAX_MODELS, tax_type: TAX_TYPES, tax_priority: TAX_PRIORITIES } as const;
  return (
    <section className="card">
      <h2>{t("taxes.settings_title")}</h2>
      <Form method="post" className="form" noValidate>
        {mine ? (
          <p role="alert" className="alert alert--error">
            {errorText(mine.error, mine.params)}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="tax_settings" />
        <div className="form-grid">
          {(Object.keys(choices) as (keyof typeof choices)[]).map((name) => (
            <FormField key={name} name={name} label={t(`taxes.${name}`)} errors={mine?.fields ?? undefined}>
              {(p) => (
                <select {...p} defaultValue={value(name)}>
                  {choices[name].map((option) => (
                    <option key={option} value={option}>
                      {t(`taxes.${name}_${option}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ))}
        </div>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("taxes.save_settings")}
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function Taxes({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const { taxes, settings, editing, notice } = loaderData;
  const failure = actionData as Failure | undefined;
  const byId = new Map(taxes.map((tax) => [tax.id, tax]));
  // A group picks among active simple taxes (and keeps the ones it already has).
  const pickable = taxes.filter((tax) => tax.kind === "simple" && (tax.active || editing?.tax_ids.includes(tax.id)));
  return (
    <>
      <CatalogueHeader
        prefix="taxes"
        notice={notice}
        failure={failure?.intent === "tax_settings" && failure.fields ? undefined : failure}
      />
      <section className="card">
        <RecordsTable
          empty={taxes.length === 0}
          head={
            <>
              <th scope="col">{t("taxes.label")}</th>
              <th scope="col">{t("taxes.abbreviation")}</th>
              <th scope="col">{t("taxes.kind")}</th>
              <th scope="col">{t("taxes.rate")}</th>
              <th scope="col">{t("catalogue_settings.status")}</th>
            </>
          }
        >
          {taxes.map((tax) => (
            <tr key={tax.id}>
              <td>
                {tax.label}
                {tax.kind === "group" ? (
                  <span className="muted"> · {tax.tax_ids.map((id) => byId.get(id)?.abbreviation ?? id).join(" + ")}</span>
                ) : null}
              </td>
              <td>{tax.abbreviation}</td>
              <td>{t(`taxes.kind_${tax.kind}`)}</td>
              <td>{format.percent(tax.rate)}</td>
              <td>
                <StatusBadge active={tax.active} />
              </td>
              <td>
                <RowActions id={tax.id} label={tax.label} active={tax.active} />
              </td>
            </tr>
          ))}
        </RecordsTable>
      </section>

      <RecordFormCard prefix="taxes" editing={editing} failure={failure}>
        {({ errors, value }) => {
          const kind = String(value("kind", editing?.kind ?? "simple"));
          const chosen = (value("tax_ids", editing?.tax_ids.map(String) ?? []) as string[]).map(String);
          return (
            <>
              <div className="form-grid">
                <FormField name="label" label={t("taxes.label")} errors={errors}>
                  {(p) => <input {...p} defaultValue={String(value("label", editing?.label ?? ""))} maxLength={100} required />}
                </FormField>
                <FormField name="abbreviation" label={t("taxes.abbreviation")} errors={errors}>
                  {(p) => (
                    <input {...p} defaultValue={String(value("abbreviation", editing?.abbreviation ?? ""))} maxLength={10} required />
                  )}
                </FormField>
                <FormField name="kind" label={t("taxes.kind")} errors={errors}>
                  {(p) =>
                    editing ? (
                      <>
                        <input type="hidden" name="kind" value={editing.kind} />
                        <input id={p.id} value={t(`taxes.kind_${editing.kind}`)} readOnly aria-invalid={p["aria-invalid"]} />
                      </>
                    ) : (
                      <select {...p} defaultValue={kind}>
                        {TAX_KINDS.map((k) => (
                          <option key={k} value={k}>
                            {t(`taxes.kind_${k}`)}
                          </option>
                        ))}
                      </select>
                    )
                  }
                </FormField>
              </div>
              {editing?.kind === "group" ? null : (
                <fieldset className="fieldset">
                  <legend>{t("taxes.kind_simple")}</legend>
                  <FormField name="rate" label={t("taxes.rate")} errors={errors}>
                    {(p) => (
                      <input {...p} inputMode="decimal" defaultValue={String(value("rate", editing ? format.input(editing.rate) : ""))} />
                    )}
                  </FormField>
                </fieldset>
              )}
              {editing?.kind === "simple" ? null : (
                <fieldset className="fieldset" aria-describedby={errors?.tax_ids ? "field-tax_ids-error" : undefined}>
                  <legend>{t("taxes.tax_ids")}</legend>
                  <p className="muted">{t("taxes.group_hint")}</p>
                  {pickable.length < 2 ? <p className="muted">{t("taxes.no_simple_taxes")}</p> : null}
                  <div className="checkbox-grid" id="field-tax_ids">
                    {pickable.map((tax) => (
                      <label key={tax.id} className="checkbox">
                        <input type="checkbox" name="tax_ids" value={tax.id} defaultChecked={chosen.includes(String(tax.id))} />
                        <span>
                          {tax.label} ({format.percent(tax.rate)})
                        </span>
                      </label>
                    ))}
                  </div>
                  {errors?.tax_ids ? (
                    <span id="field-tax_ids-error" className="field__error" role="alert">
                      {errorText(errors.tax_ids.code, errors.tax_ids.params)}
                    </span>
                  ) : null}
                </fieldset>
              )}
              <CheckboxField
                name="active"
                label={t("catalogue_settings.active")}
                checked={Boolean(value("active", editing?.active ?? true))}
                errors={errors}
              />
            </>
          );
        }}
      </RecordFormCard>

      <TaxSettingsForm settings={settings} failure={failure} />
    </>
  );
}
