import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { useT } from "../../i18n";
import type { Route } from "./+types/home";

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  if (!ctx.actor) {
    const company = new URL(request.url).searchParams.get("company");
    throw redirect(company ? `/b2b/login?company=${encodeURIComponent(company)}` : "/b2b/login");
  }
  return null;
}

export default function B2bHome() {
  const t = useT();
  return (
    <>
      <title>{`${t("b2b.home_title")} | ${t("app.name")}`}</title>
      <h1>{t("b2b.home_title")}</h1>
    </>
  );
}
