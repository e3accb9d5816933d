import {
  createBrand,
  deleteBrand,
  getBrand,
  listBrands,
  setBrandActive,
  updateBrand,
} from "../../../worker/domain/products-settings/brands";
import { LabelSettingsPage, labelValues, type LabelFailure } from "../../components/products-settings/label-settings-page";
import {
  loadEditing,
  loadSettingsList,
  openSettingsAction,
  openSettingsPage,
  runSettingsAction,
} from "../../components/products-settings/settings-page.server";
import type { Route } from "./+types/brands";

/** Brands of the company's products: list, create, edit, enable or disable, delete when unused. */
export async function loader(args: Route.LoaderArgs) {
  const { db, canEdit } = await openSettingsPage(args);
  const list = await loadSettingsList(args.request, (params) => listBrands(db, params));
  return { list, canEdit, editing: await loadEditing(list.editId, canEdit, (id) => getBrand(db, id)) };
}

export async function action(args: Route.ActionArgs) {
  const { db, form } = await openSettingsAction(args);
  const values = labelValues(form, true);
  return runSettingsAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteBrand(db, id);
    if (intent === "enable" || intent === "disable") return setBrandActive(db, id, intent === "enable");
    return intent === "update" ? updateBrand(db, id, values) : createBrand(db, values);
  });
}

export default function Brands({ loaderData, actionData }: Route.ComponentProps) {
  return <LabelSettingsPage prefix="brands" data={loaderData} failure={actionData as LabelFailure | undefined} withActive />;
}
