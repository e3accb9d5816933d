import { redirect } from "react-router";
import { requestContext } from "../../worker/context";
import { ctxFromRequest } from "../../worker/ctx";
import { switchCompany } from "../../worker/domain/companies/switch-company";
import { requirePage } from "../../worker/guards";
import { formAction } from "../server/form-page.server";
import type { Route } from "./+types/companies-switch";

/** POST /companies/switch {company_id}: the session moves to that company, then its dashboard. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx);
  const form = await request.formData();
  return formAction(async () => {
    await switchCompany(await ctxFromRequest(ctx), Object.fromEntries(form));
    return redirect("/dashboard");
  });
}

export function loader() {
  return redirect("/dashboard");
}
