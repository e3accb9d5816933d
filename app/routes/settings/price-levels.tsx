import { PRICE_LEVELS } from "../../../worker/domain/settings/common";
import { createPriceLevel } from "../../../worker/domain/settings/price-levels/create-price-level";
import { deletePriceLevel } from "../../../worker/domain/settings/price-levels/delete-price-level";
import { getPriceLevel } from "../../../worker/domain/settings/price-levels/get-price-level";
import { allPriceLevels } from "../../../worker/domain/settings/price-levels/list-price-levels";
import { makeDefaultPriceLevel } from "../../../worker/domain/settings/price-levels/make-default-price-level";
import { PRICE_LEVEL_TYPES } from "../../../worker/domain/settings/price-levels/price-level-schemas";
import { disablePriceLevel, enablePriceLevel } from "../../../worker/domain/settings/price-levels/set-price-level-active";
import { updatePriceLevel } from "../../../worker/domain/settings/price-levels/update-price-level";
import { FormField } from "../../components/form-field";
import { loadEditing, openCataloguePage, runCatalogueAction, text } from "./catalogue-settings.server";
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
import { useT } from "../../i18n";
import type { Route } from "./+types/price-levels";

/** Selling and purchasing price levels: list, add, edit (`?edit=<id>`), defaults, enable or disable, delete. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice, editId } = await openCataloguePage(args, PRICE_LEVELS);
  return { levels: await allPriceLevels(ctx), editing: await loadEditing(editId, (id) => getPriceLevel(ctx, { id })), notice };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, PRICE_LEVELS);
  const form = await args.request.formData();
  const values = { label: text(form, "label"), type: text(form, "type"), active: form.get("active") === "on" };
  return runCatalogueAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deletePriceLevel(ctx, { id });
    if (intent === "enable") return enablePriceLevel(ctx, { id });
    if (intent === "disable") return disablePriceLevel(ctx, { id });
    if (intent === "default") return makeDefaultPriceLevel(ctx, { id });
    return intent === "update" ? updatePriceLevel(ctx, { ...values, id }) : createPriceLevel(ctx, values);
  });
}

export default function PriceLevels({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { levels, editing, notice } = loaderData;
  const failure = actionData as Failure | undefined;
  return (
    <>
      <CatalogueHeader prefix="price_levels" notice={notice} failure={failure} intro={t("price_levels.intro")} />
      <section className="card">
        <RecordsTable
          empty={levels.length === 0}
          head={
            <>
              <th scope="col">{t("price_levels.label")}</th>
              <th scope="col">{t("price_levels.type")}</th>
              <th scope="col">{t("catalogue_settings.status")}</th>
            </>
          }
        >
          {levels.map((level) => (
            <tr key={level.id}>
              <td>
                {level.label} {level.is_default ? <DefaultBadge /> : null}
              </td>
              <td>{t(`price_levels.type_${level.type}`)}</td>
              <td>
                <StatusBadge active={level.active} />
              </td>
              <td>
                <RowActions id={level.id} label={level.label} active={level.active} isDefault={level.is_default} />
              </td>
            </tr>
          ))}
        </RecordsTable>
      </section>

      <RecordFormCard prefix="price_levels" editing={editing} failure={failure}>
        {({ errors, value }) => (
          <>
            <div className="form-grid">
              <FormField name="label" label={t("price_levels.label")} errors={errors}>
                {(p) => <input {...p} defaultValue={String(value("label", editing?.label ?? ""))} maxLength={100} required />}
              </FormField>
              <FormField name="type" label={t("price_levels.type")} errors={errors}>
                {(p) => (
                  <select {...p} defaultValue={String(value("type", editing?.type ?? "selling"))}>
                    {PRICE_LEVEL_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`price_levels.type_${type}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
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
