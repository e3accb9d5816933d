import { redirect } from "react-router";
import { requestContext } from "../../worker/context";
import { useT } from "../i18n";
import type { Route } from "./+types/maintenance";

/** Shown while maintenance is on; once it is off the page returns to / (platform spec §4). */
export function loader({ context }: Route.LoaderArgs) {
  const { maintenance } = context.get(requestContext);
  if (!maintenance.on) throw redirect("/");
  return { message: maintenance.message };
}

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("maintenance.title")} | ${t("app.name")}`}</title>
      <h1>{t("maintenance.title")}</h1>
      <p role="status">{loaderData.message ?? t("maintenance.text")}</p>
      {/* Checks again without scripts: a plain reload of this page returns to / once it is off. */}
      <a className="button" href="/maintenance">
        {t("maintenance.retry")}
      </a>
    </>
  );
}
