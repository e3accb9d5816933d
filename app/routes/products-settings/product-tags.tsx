import { createProductTag } from "../../../worker/domain/products-settings/product-tags/create-product-tag";
import { deleteProductTag } from "../../../worker/domain/products-settings/product-tags/delete-product-tag";
import { getProductTag } from "../../../worker/domain/products-settings/product-tags/get-product-tag";
import { listProductTags } from "../../../worker/domain/products-settings/product-tags/list-product-tags";
import { updateProductTag } from "../../../worker/domain/products-settings/product-tags/update-product-tag";
import { LabelSettingsPage, labelValues, type LabelFailure } from "../../components/products-settings/label-settings-page";
import { loadEditing, loadSettingsList, openSettingsAction, openSettingsPage, runSettingsAction } from "./settings-page.server";
import type { Route } from "./+types/product-tags";

/** Tags of products and services: list, create, edit, delete (the products and services carrying a tag lose it). */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, canEdit } = await openSettingsPage(args);
  const list = await loadSettingsList(args.request, (params) => listProductTags(ctx, params));
  return { list, canEdit, editing: await loadEditing(list.editId, canEdit, (id) => getProductTag(ctx, { id })) };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, form } = await openSettingsAction(args);
  const values = labelValues(form, false);
  return runSettingsAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteProductTag(ctx, { id });
    return intent === "update" ? updateProductTag(ctx, { ...values, id }) : createProductTag(ctx, values);
  });
}

export default function ProductTags({ loaderData, actionData }: Route.ComponentProps) {
  return <LabelSettingsPage prefix="product_tags" data={loaderData} failure={actionData as LabelFailure | undefined} />;
}
