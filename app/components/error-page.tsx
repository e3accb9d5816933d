import { isRouteErrorResponse, useRouteError } from "react-router";
import { useT } from "../i18n";

/** The status and message of the error being shown: on its own page, or inside the back-office shell. */
export function ErrorPage({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  const t = useT();
  let status = 500;
  let message = t("error.generic");
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message =
      status === 404 ? t("error.not_found") : typeof error.data === "string" && error.data ? error.data : error.statusText || message;
  }
  const Tag = inShell ? "section" : "main";
  return (
    <Tag className={inShell ? "error-page error-page--in-shell" : "error-page"}>
      <title>{`${t("error.page_title", { status })} | ${t("app.name")}`}</title>
      <p className="error-page__status">{status}</p>
      <h1>{message}</h1>
      <a href="/">{t("error.back_home")}</a>
    </Tag>
  );
}
