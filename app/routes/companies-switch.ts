import { redirect } from "react-router";
import { requestContext } from "../../worker/context";
import { switchCompany } from "../../worker/domain/companies/switch-company";
import { isDomainError } from "../../worker/domain/shared/domain-error";
import { requirePage } from "../../worker/guards";
import type { Route } from "./+types/companies-switch";

/** POST /companies/switch {company_id}: the session moves to that company, then its dashboard. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const user = requirePage(request, ctx);
  try {
    await switchCompany(ctx.control, user, Object.fromEntries(await request.formData()));
  } catch (error) {
    if (isDomainError(error)) throw new Response(null, { status: error.code === "not_found" ? 404 : 400 });
    throw error;
  }
  return redirect("/dashboard");
}

export function loader() {
  return redirect("/dashboard");
}
