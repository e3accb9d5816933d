import { requestContext } from "../../../worker/context";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { useT } from "../../i18n";
import type { Route } from "./+types/home";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStore(request, context.get(requestContext), readCookie(request, STORE_COOKIE));
  return { company: user.company.label };
}

export default function B2bHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("b2b.home_title")} | ${t("app.name")}`}</title>
      <h1>{t("b2b.home_title")}</h1>
      <p>{loaderData.company}</p>
    </>
  );
}
