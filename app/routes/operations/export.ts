import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { startExport } from "../../../worker/domain/operations/start";
import { requirePage } from "../../../worker/guards";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/export";

/** Starts an export of a list (its current query and columns, as the list screen sends them). */
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc);
  const form = await request.formData();
  const ctx = await ctxFromRequest(rc);
  let columns: unknown;
  try {
    columns = JSON.parse(String(form.get("columns") ?? "[]"));
  } catch {
    columns = null;
  }
  return formAction(async () => ({
    operation: await startExport(ctx, { list: form.get("list"), format: form.get("format"), query: form.get("query") ?? "", columns }),
  }));
}

export function loader() {
  return redirect("/dashboard");
}
