import { requestContext } from "../../../../worker/context";
import { requirePage } from "../../../../worker/guards";
import type { Route } from "./+types/create";

// Placeholder, replaced by the feature's page.
export function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request, context.get(requestContext), { allOf: ["settings"] });
  return null;
}

export default function Page() {
  return null;
}
