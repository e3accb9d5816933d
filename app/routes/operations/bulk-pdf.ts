import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { startBulkPdf } from "../../../worker/domain/operations/start";
import { requirePage } from "../../../worker/guards";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/bulk-pdf";

/** Starts one PDF of the documents selected on a list (`type`, and `ids` as a comma-separated list). */
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc);
  const form = await request.formData();
  const ctx = await ctxFromRequest(rc);
  const ids = String(form.get("ids") ?? "")
    .split(",")
    .filter(Boolean)
    .map((id) => (/^\d{1,15}$/.test(id) ? Number(id) : id));
  return formAction(async () => ({ operation: await startBulkPdf(ctx, { type: form.get("type"), ids }) }));
}

export function loader() {
  return redirect("/dashboard");
}
