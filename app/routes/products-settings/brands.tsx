import { createBrand } from "../../../worker/domain/products-settings/brands/create-brand";
import { deleteBrand } from "../../../worker/domain/products-settings/brands/delete-brand";
import { getBrand } from "../../../worker/domain/products-settings/brands/get-brand";
import { listBrands } from "../../../worker/domain/products-settings/brands/list-brands";
import { setBrandActive, updateBrand } from "../../../worker/domain/products-settings/brands/update-brand";
import { LabelSettingsPage, labelValues, type LabelFailure } from "../../components/products-settings/label-settings-page";
import { loadEditing, loadSettingsList, openSettingsAction, openSettingsPage, runSettingsAction } from "./settings-page.server";
import type { Route } from "./+types/brands";

/** Brands of the company's products: list, create, edit, enable or disable, delete when unused. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, canEdit } = await openSettingsPage(args);
  const list = await loadSettingsList(args.request, (params) => listBrands(ctx, params));
  return { list, canEdit, editing: await loadEditing(list.editId, canEdit, (id) => getBrand(ctx, { id })) };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, form } = await openSettingsAction(args);
  const values = labelValues(form, true);
  return runSettingsAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteBrand(ctx, { id });
    if (intent === "enable" || intent === "disable") return setBrandActive(ctx, { id, active: intent === "enable" });
    return intent === "update" ? updateBrand(ctx, { ...values, id }) : createBrand(ctx, values);
  });
}

export default function Brands({ loaderData, actionData }: Route.ComponentProps) {
  return <LabelSettingsPage prefix="brands" data={loaderData} failure={actionData as LabelFailure | undefined} withActive />;
}
