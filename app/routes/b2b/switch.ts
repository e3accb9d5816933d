import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { switchCompany } from "../../../worker/domain/companies/switch-company";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/switch";

/** POST /b2b/switch {company_id}: a buyer of several companies moves to another's store (platform spec §2, change company). */
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const form = await request.formData();
  return formAction(async () => {
    await switchCompany(await ctxFromRequest(rc), { company_id: form.get("company_id") ?? "" });
    return redirect("/b2b");
  });
}

export function loader() {
  return redirect("/b2b");
}
