import { importTemplate } from "../../../worker/domain/operations/start";
import { MEDIA_TYPES } from "../../../worker/domain/operations/spreadsheets";
import { orNotFound } from "../../server/form-page.server";
import { openCataloguePage, SETTINGS } from "./catalogue-settings.server";
import type { Route } from "./+types/import-template";

/** The template of an import kind (`?kind=products&format=csv`; XLSX by default): its header row, in the user's language. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const query = new URL(args.request.url).searchParams;
  const file = await orNotFound(() => importTemplate(ctx, query.get("kind") ?? "products", query.get("format") ?? "xlsx"));
  return new Response(file.bytes, {
    headers: {
      "content-type": MEDIA_TYPES[file.format],
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "cache-control": "private, no-store",
    },
  });
}
