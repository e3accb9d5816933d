import {
  createProductTag,
  deleteProductTag,
  getProductTag,
  listProductTags,
  updateProductTag,
} from "../../../worker/domain/products-settings/product-tags";
import { LabelSettingsPage, labelValues, type LabelFailure } from "../../components/products-settings/label-settings-page";
import {
  loadEditing,
  loadSettingsList,
  openSettingsAction,
  openSettingsPage,
  runSettingsAction,
} from "../../components/products-settings/settings-page.server";
import type { Route } from "./+types/product-tags";

/** Tags of products and services: list, create, edit, delete (the products and services carrying a tag lose it). */
export async function loader(args: Route.LoaderArgs) {
  const { db, canEdit } = await openSettingsPage(args);
  const list = await loadSettingsList(args.request, (params) => listProductTags(db, params));
  return { list, canEdit, editing: await loadEditing(list.editId, canEdit, (id) => getProductTag(db, id)) };
}

export async function action(args: Route.ActionArgs) {
  const { db, form } = await openSettingsAction(args);
  const values = labelValues(form, false);
  return runSettingsAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteProductTag(db, id);
    return intent === "update" ? updateProductTag(db, id, values) : createProductTag(db, values);
  });
}

export default function ProductTags({ loaderData, actionData }: Route.ComponentProps) {
  return <LabelSettingsPage prefix="product_tags" data={loaderData} failure={actionData as LabelFailure | undefined} />;
}
