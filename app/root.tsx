import "./zod-without-eval";
import { useMemo } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type MiddlewareFunction,
} from "react-router";
import { requestContext } from "../worker/context";
import { assertFormBody, assertSameOrigin } from "../worker/guards";
import { authenticateFromCookie } from "../worker/session-cookie";
import { I18nProvider, useT } from "./i18n";
import { createI18n } from "../locales";
import type { Route } from "./+types/root";
import "./styles.css";

// Refuses cross-site posts and bodies that are not forms, then resolves the signed-in user
// (refreshing tokens that are about to expire) before any loader runs.
export const middleware: MiddlewareFunction<Response>[] = [
  async ({ request, context }, next) => {
    const ctx = context.get(requestContext);
    assertSameOrigin(request);
    await assertFormBody(request, ctx.locale);
    const setCookie = await authenticateFromCookie(request, ctx);
    const response = await next();
    // A sign-in or sign-out action sets its own cookie; it wins over a refresh.
    if (setCookie && !response.headers.get("set-cookie")?.includes("session=")) response.headers.append("set-cookie", setCookie);
    return response;
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  return { locale: ctx.locale };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? "en";
  const i18n = useMemo(() => createI18n(locale), [locale]);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  let status = 500;
  let message = t("error.generic");
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message =
      status === 404 ? t("error.not_found") : typeof error.data === "string" && error.data ? error.data : error.statusText || message;
  }
  return (
    <main className="error-page">
      <title>{`${t("error.page_title", { status })} | ${t("app.name")}`}</title>
      <p className="error-page__status">{status}</p>
      <h1>{message}</h1>
      <a href="/">{t("error.back_home")}</a>
    </main>
  );
}
