import {
  allPriceLevels,
  createPriceLevel,
  deletePriceLevel,
  disablePriceLevel,
  enablePriceLevel,
  getPriceLevel,
  makeDefaultPriceLevel,
  PRICE_LEVEL_TYPES,
  updatePriceLevel,
} from "../../../worker/domain/settings/price-levels";
import { FormField } from "../../components/form-field";
import { loadEditing, openCataloguePage, runCatalogueAction, text } from "../../components/settings/catalogue-settings.server";
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

// Price levels are managed with settings or with the dedicated edit_price_levels.
const PRICE_LEVELS = { anyOf: ["settings", "edit_price_levels"] } as const;

/** Selling and purchasing price levels: list, add, edit (`?edit=<id>`), defaults, enable or disable, delete. */
export async function loader(args: Route.LoaderArgs) {
  const { db, notice, editId } = await openCataloguePage(args, PRICE_LEVELS);
  return { levels: await allPriceLevels(db), editing: await loadEditing(editId, (id) => getPriceLevel(db, id)), notice };
}

export async function action(args: Route.ActionArgs) {
  const { db } = await openCataloguePage(args, PRICE_LEVELS);
  const form = await args.request.formData();
  const values = { label: text(form, "label"), type: text(form, "type"), active: form.get("active") === "on" };
  return runCatalogueAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deletePriceLevel(db, id);
    if (intent === "enable") return enablePriceLevel(db, id);
    if (intent === "disable") return disablePriceLevel(db, id);
    if (intent === "default") return makeDefaultPriceLevel(db, id);
    return intent === "update" ? updatePriceLevel(db, id, values) : createPriceLevel(db, values);
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
