import { redirect } from "react-router";
import { requestContext, type RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { requirePage } from "../../../worker/guards";

interface ContextArgs {
  request: Request;
  context: { get(key: typeof requestContext): RequestContext };
}

/**
 * The guard of every wizard step: a signed-in user whom the wizard holds (send_to_wizard); anyone
 * else has finished it and goes to the dashboard.
 */
export async function openSetupPage({ request, context }: ContextArgs) {
  const rc = context.get(requestContext);
  const user = requirePage(request, rc);
  if (!user.sendToWizard) throw redirect("/dashboard");
  return { rc, ctx: await ctxFromRequest(rc) };
}
