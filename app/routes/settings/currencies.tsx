import { createCurrency } from "../../../worker/domain/settings/currencies/create-currency";
import { deleteCurrency } from "../../../worker/domain/settings/currencies/delete-currency";
import { getCurrency } from "../../../worker/domain/settings/currencies/get-currency";
import { allCurrencies } from "../../../worker/domain/settings/currencies/list-currencies";
import { makeDefaultCurrency } from "../../../worker/domain/settings/currencies/make-default-currency";
import { disableCurrency, enableCurrency } from "../../../worker/domain/settings/currencies/set-currency-active";
import { updateCurrency } from "../../../worker/domain/settings/currencies/update-currency";
import { COMMON_CURRENCIES } from "../../../worker/domain/shared/countries";
import { FormField } from "../../components/form-field";
import { loadEditing, openCataloguePage, runCatalogueAction, SETTINGS, text } from "./catalogue-settings.server";
import {
  CatalogueHeader,
  CheckboxField,
  DefaultBadge,
  RecordFormCard,
  RecordsTable,
  RowActions,
  StatusBadge,
  type Failure,
} from "../../components/settings/catalogue-settings-parts";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import type { Route } from "./+types/currencies";

/** The company's currencies: list, add, edit (`?edit=<id>`), the default one, enable or disable, delete. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice, editId } = await openCataloguePage(args, SETTINGS);
  const names = new Intl.DisplayNames([ctx.locale], { type: "currency" });
  const known = Intl.supportedValuesOf("currency");
  const codes = [...COMMON_CURRENCIES, ...known.filter((code) => !COMMON_CURRENCIES.includes(code))];
  return {
    currencies: await allCurrencies(ctx),
    editing: await loadEditing(editId, (id) => getCurrency(ctx, { id })),
    choices: codes.map((code) => ({ code, name: `${code} · ${names.of(code) ?? code}` })),
    notice,
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const form = await args.request.formData();
  // Blank name, sign or format on a new currency: the code's usual ones are used.
  const optional = (name: string) => (form.get("intent") === "update" || text(form, name).trim() ? { [name]: text(form, name) } : {});
  const values = {
    iso: text(form, "iso"),
    ...optional("label"),
    ...optional("sign"),
    ...optional("symbol_template"),
    exchange_rate: text(form, "exchange_rate"),
    active: form.get("active") === "on",
  };
  return runCatalogueAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteCurrency(ctx, { id });
    if (intent === "enable") return enableCurrency(ctx, { id });
    if (intent === "disable") return disableCurrency(ctx, { id });
    if (intent === "default") return makeDefaultCurrency(ctx, { id });
    return intent === "update" ? updateCurrency(ctx, { ...values, id }) : createCurrency(ctx, values);
  });
}

export default function Currencies({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { currencies, editing, choices, notice } = loaderData;
  const failure = actionData as Failure | undefined;
  const base = currencies.find((c) => c.is_default)?.iso ?? "";
  return (
    <>
      <CatalogueHeader prefix="currencies" notice={notice} failure={failure} intro={t("currencies.intro")} />
      <section className="card">
        <RecordsTable
          empty={currencies.length === 0}
          head={
            <>
              <th scope="col">{t("currencies.iso")}</th>
              <th scope="col">{t("currencies.label")}</th>
              <th scope="col">{t("currencies.sign")}</th>
              <th scope="col">{t("currencies.exchange_rate")}</th>
              <th scope="col">{t("catalogue_settings.status")}</th>
            </>
          }
        >
          {currencies.map((currency) => (
            <tr key={currency.id}>
              <td>
                {currency.iso} {currency.is_default ? <DefaultBadge /> : null}
              </td>
              <td>{currency.label}</td>
              <td>{currency.sign}</td>
              <td>{format.decimal(currency.exchange_rate, 8)}</td>
              <td>
                <StatusBadge active={currency.active} />
              </td>
              <td>
                <RowActions id={currency.id} label={currency.iso} active={currency.active} isDefault={currency.is_default} />
              </td>
            </tr>
          ))}
        </RecordsTable>
      </section>

      <RecordFormCard prefix="currencies" editing={editing ? { id: editing.id, label: editing.iso } : null} failure={failure}>
        {({ errors, value }) => (
          <>
            <div className="form-grid">
              <FormField name="iso" label={t("currencies.iso")} errors={errors}>
                {(p) => (
                  <select {...p} defaultValue={String(value("iso", editing?.iso ?? ""))} required>
                    <option value="">—</option>
                    {choices.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField name="label" label={t("currencies.label")} errors={errors}>
                {(p) => (
                  <input
                    {...p}
                    defaultValue={String(value("label", editing?.label ?? ""))}
                    maxLength={100}
                    placeholder={editing ? undefined : t("currencies.from_code")}
                  />
                )}
              </FormField>
              <FormField name="sign" label={t("currencies.sign")} errors={errors}>
                {(p) => (
                  <input
                    {...p}
                    defaultValue={String(value("sign", editing?.sign ?? ""))}
                    maxLength={10}
                    placeholder={editing ? undefined : t("currencies.from_code")}
                  />
                )}
              </FormField>
              <FormField name="symbol_template" label={t("currencies.symbol_template")} errors={errors}>
                {(p) => (
                  <input
                    {...p}
                    defaultValue={String(value("symbol_template", editing?.symbol_template ?? ""))}
                    maxLength={40}
                    placeholder={editing ? undefined : t("currencies.from_code")}
                    title={t("currencies.symbol_template_hint", { amount: "{amount}", sign: "{sign}" })}
                  />
                )}
              </FormField>
              <FormField
                name="exchange_rate"
                label={base ? t("currencies.exchange_rate_for", { iso: base }) : t("currencies.exchange_rate")}
                errors={errors}
              >
                {(p) => (
                  <input
                    {...p}
                    inputMode="decimal"
                    defaultValue={String(value("exchange_rate", editing ? format.input(editing.exchange_rate) : "1"))}
                    readOnly={editing?.is_default}
                  />
                )}
              </FormField>
            </div>
            <p className="muted">{t("currencies.symbol_template_hint", { amount: "{amount}", sign: "{sign}" })}</p>
            <CheckboxField
              name="active"
              label={t("catalogue_settings.active")}
              checked={Boolean(value("active", editing?.active ?? true))}
              errors={errors}
            />
          </>
        )}
      </RecordFormCard>
    </>
  );
}
