import "./zod-without-eval";
import { useMemo } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type MiddlewareFunction } from "react-router";
import { requestContext } from "../worker/context";
import { assertFormBody, assertSameOrigin } from "../worker/guards";
import { authenticateFromCookie } from "../worker/session-cookie";
import { ErrorPage } from "./components/error-page";
import { I18nProvider } from "./i18n";
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
  return <ErrorPage />;
}
