import { COUNTRY_CODES } from "../../../worker/domain/shared/countries";
import { createLocation } from "../../../worker/domain/settings/locations/create-location";
import { deleteLocation } from "../../../worker/domain/settings/locations/delete-location";
import { getLocation } from "../../../worker/domain/settings/locations/get-location";
import { allLocations } from "../../../worker/domain/settings/locations/list-locations-page";
import { LOCATION_TYPES } from "../../../worker/domain/settings/locations/location-schemas";
import { disableLocation, enableLocation } from "../../../worker/domain/settings/locations/set-location-active";
import { updateLocation } from "../../../worker/domain/settings/locations/update-location";
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
import { useT } from "../../i18n";
import type { Route } from "./+types/locations";

/** The company's stores and warehouses: list, add, edit (`?edit=<id>`), enable or disable, delete. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice, editId } = await openCataloguePage(args, SETTINGS);
  const regions = new Intl.DisplayNames([ctx.locale], { type: "region" });
  const collator = new Intl.Collator(ctx.locale);
  return {
    locations: await allLocations(ctx),
    editing: await loadEditing(editId, (id) => getLocation(ctx, { id })),
    countries: COUNTRY_CODES.map((code) => ({ code, name: regions.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name)),
    notice,
  };
}

const TEXT_FIELDS = [
  "label",
  "type",
  "shipping_cost",
  "phone",
  "address1",
  "address2",
  "city",
  "postal_code",
  "province",
  "country",
] as const;

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const form = await args.request.formData();
  const values = {
    ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(form, name)])),
    shipping: form.get("shipping") === "on",
    active: form.get("active") === "on",
  };
  return runCatalogueAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteLocation(ctx, { id });
    if (intent === "enable") return enableLocation(ctx, { id });
    if (intent === "disable") return disableLocation(ctx, { id });
    return intent === "update" ? updateLocation(ctx, { ...values, id }) : createLocation(ctx, values);
  });
}

export default function Locations({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { locations, editing, countries, notice } = loaderData;
  const failure = actionData as Failure | undefined;
  const countryName = new Map(countries.map((c) => [c.code, c.name]));
  return (
    <>
      <CatalogueHeader prefix="locations" notice={notice} failure={failure} />
      <section className="card">
        <RecordsTable
          empty={locations.length === 0}
          head={
            <>
              <th scope="col">{t("locations.label")}</th>
              <th scope="col">{t("locations.type")}</th>
              <th scope="col">{t("locations.address")}</th>
              <th scope="col">{t("locations.shipping_cost")}</th>
              <th scope="col">{t("catalogue_settings.status")}</th>
            </>
          }
        >
          {locations.map((location) => (
            <tr key={location.id}>
              <td>{location.label}</td>
              <td>{t(`locations.type_${location.type}`)}</td>
              <td>
                {[
                  location.address1,
                  [location.postal_code, location.city].filter(Boolean).join(" "),
                  location.country ? countryName.get(location.country) : null,
                ]
                  .filter(Boolean)
                  .join(", ") || "—"}
              </td>
              <td>{location.shipping ? format.money(location.shipping_cost) : t("locations.no_shipping")}</td>
              <td>
                <StatusBadge active={location.active} />
              </td>
              <td>
                <RowActions id={location.id} label={location.label} active={location.active} />
              </td>
            </tr>
          ))}
        </RecordsTable>
      </section>

      <RecordFormCard prefix="locations" editing={editing} failure={failure}>
        {({ errors, value }) => (
          <>
            <div className="form-grid">
              <FormField name="label" label={t("locations.label")} errors={errors}>
                {(p) => <input {...p} defaultValue={String(value("label", editing?.label ?? ""))} maxLength={100} required />}
              </FormField>
              <FormField name="type" label={t("locations.type")} errors={errors}>
                {(p) => (
                  <select {...p} defaultValue={String(value("type", editing?.type ?? "warehouse"))}>
                    {LOCATION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`locations.type_${type}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField name="phone" label={t("locations.phone")} errors={errors}>
                {(p) => <input {...p} type="tel" defaultValue={String(value("phone", editing?.phone ?? ""))} maxLength={40} />}
              </FormField>
            </div>
            <fieldset className="fieldset">
              <legend>{t("locations.address")}</legend>
              <div className="form-grid">
                <FormField name="address1" label={t("locations.address1")} errors={errors}>
                  {(p) => <input {...p} defaultValue={String(value("address1", editing?.address1 ?? ""))} maxLength={200} />}
                </FormField>
                <FormField name="address2" label={t("locations.address2")} errors={errors}>
                  {(p) => <input {...p} defaultValue={String(value("address2", editing?.address2 ?? ""))} maxLength={200} />}
                </FormField>
                <FormField name="postal_code" label={t("locations.postal_code")} errors={errors}>
                  {(p) => <input {...p} defaultValue={String(value("postal_code", editing?.postal_code ?? ""))} maxLength={20} />}
                </FormField>
                <FormField name="city" label={t("locations.city")} errors={errors}>
                  {(p) => <input {...p} defaultValue={String(value("city", editing?.city ?? ""))} maxLength={100} />}
                </FormField>
                <FormField name="province" label={t("locations.province")} errors={errors}>
                  {(p) => <input {...p} defaultValue={String(value("province", editing?.province ?? ""))} maxLength={100} />}
                </FormField>
                <FormField name="country" label={t("locations.country")} errors={errors}>
                  {(p) => (
                    <select {...p} defaultValue={String(value("country", editing?.country ?? ""))}>
                      <option value="">—</option>
                      {countries.map((c) => (
                        <option key={c.code} value={c.code}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
            </fieldset>
            <fieldset className="fieldset">
              <legend>{t("locations.shipping_title")}</legend>
              <div className="form-grid">
                <CheckboxField
                  name="shipping"
                  label={t("locations.shipping")}
                  checked={Boolean(value("shipping", editing?.shipping ?? false))}
                  errors={errors}
                />
                <FormField name="shipping_cost" label={t("locations.shipping_cost")} errors={errors}>
                  {(p) => (
                    <input
                      {...p}
                      inputMode="decimal"
                      defaultValue={String(value("shipping_cost", editing ? format.input(editing.shipping_cost, 2) : "0"))}
                    />
                  )}
                </FormField>
              </div>
            </fieldset>
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
