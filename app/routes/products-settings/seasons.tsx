import { createSeason } from "../../../worker/domain/products-settings/seasons/create-season";
import { deleteSeason } from "../../../worker/domain/products-settings/seasons/delete-season";
import { getSeason } from "../../../worker/domain/products-settings/seasons/get-season";
import { listSeasons } from "../../../worker/domain/products-settings/seasons/list-seasons";
import { updateSeason } from "../../../worker/domain/products-settings/seasons/update-season";
import { LabelSettingsPage, labelValues, type LabelFailure } from "../../components/products-settings/label-settings-page";
import { loadEditing, loadSettingsList, openSettingsAction, openSettingsPage, runSettingsAction } from "./settings-page.server";
import type { Route } from "./+types/seasons";

/** Seasons (collections) of the company's products: list, create, edit, delete when unused. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, canEdit } = await openSettingsPage(args);
  const list = await loadSettingsList(args.request, (params) => listSeasons(ctx, params));
  return { list, canEdit, editing: await loadEditing(list.editId, canEdit, (id) => getSeason(ctx, { id })) };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, form } = await openSettingsAction(args);
  const values = labelValues(form, false);
  return runSettingsAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteSeason(ctx, { id });
    return intent === "update" ? updateSeason(ctx, { ...values, id }) : createSeason(ctx, values);
  });
}

export default function Seasons({ loaderData, actionData }: Route.ComponentProps) {
  return <LabelSettingsPage prefix="seasons" data={loaderData} failure={actionData as LabelFailure | undefined} />;
}
