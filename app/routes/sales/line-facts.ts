import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { EDITS_SALES_LINES, salesLineFacts } from "../../../worker/domain/sales/sales-line-facts";
import { pageUrl, requirePage } from "../../../worker/guards";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/line-facts";

/** `?customer_id=&location_id=&q=&lid=` → the lines a typed SKU or name adds, priced for the customer (JSON), for the line editor. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDITS_SALES_LINES);
  const params = pageUrl(request).searchParams;
  // Nothing typed adds nothing.
  if (!params.get("q")?.trim()) return Response.json({ document: null, lines: [] });
  const input = {
    customer_id: params.get("customer_id") ?? "",
    location_id: params.get("location_id") ?? "",
    text: params.get("q") ?? "",
    ...(params.get("lid") ? { lid: params.get("lid") } : {}),
  };
  const ctx = await ctxFromRequest(rc);
  return formAction(
    async () => Response.json(await salesLineFacts(ctx, input), { headers: { "cache-control": "private, no-store" } }),
    (refusal) => Response.json(refusal, { status: 400 }),
  );
}
