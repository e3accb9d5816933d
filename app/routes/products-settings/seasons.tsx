import { createSeason, deleteSeason, getSeason, listSeasons, updateSeason } from "../../../worker/domain/products-settings/seasons";
import { LabelSettingsPage, labelValues, type LabelFailure } from "../../components/products-settings/label-settings-page";
import {
  loadEditing,
  loadSettingsList,
  openSettingsAction,
  openSettingsPage,
  runSettingsAction,
} from "../../components/products-settings/settings-page.server";
import type { Route } from "./+types/seasons";

/** Seasons (collections) of the company's products: list, create, edit, delete when unused. */
export async function loader(args: Route.LoaderArgs) {
  const { db, canEdit } = await openSettingsPage(args);
  const list = await loadSettingsList(args.request, (params) => listSeasons(db, params));
  return { list, canEdit, editing: await loadEditing(list.editId, canEdit, (id) => getSeason(db, id)) };
}

export async function action(args: Route.ActionArgs) {
  const { db, form } = await openSettingsAction(args);
  const values = labelValues(form, false);
  return runSettingsAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteSeason(db, id);
    return intent === "update" ? updateSeason(db, id, values) : createSeason(db, values);
  });
}

export default function Seasons({ loaderData, actionData }: Route.ComponentProps) {
  return <LabelSettingsPage prefix="seasons" data={loaderData} failure={actionData as LabelFailure | undefined} />;
}
