import { data } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { cancelOperation, listOperations, revertOperation } from "../../../worker/domain/operations/operations";
import { requirePage } from "../../../worker/guards";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/list";

/** The signed-in user's latest operations, for the top bar's menus (platform spec §7: 10, newest first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc);
  return data({ operations: await listOperations(await ctxFromRequest(rc)) }, { headers: { "cache-control": "no-store" } });
}

/** Cancel a running operation, or revert an import: only the user's own. */
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc);
  const form = await request.formData();
  const ctx = await ctxFromRequest(rc);
  const batchId = form.get("batch_id");
  return formAction(
    async () => ({
      operation: form.get("intent") === "revert" ? await revertOperation(ctx, batchId) : await cancelOperation(ctx, batchId),
    }),
    (refusal) => refusal,
    { notFound: "refusal" },
  );
}
