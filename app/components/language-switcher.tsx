import { Form, useLocation, useRouteLoaderData } from "react-router";
import { useT } from "../i18n";

/** Posts the chosen language to /locale, which saves it in a cookie and returns here. */
export function LanguageSwitcher() {
  const t = useT();
  const location = useLocation();
  const root = useRouteLoaderData("root") as { locale: "en" | "fr" } | undefined;
  const current = root?.locale ?? "en";
  return (
    <Form method="post" action="/locale" className="language-switcher">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {(["en", "fr"] as const).map((locale) => (
        <button key={locale} type="submit" name="locale" value={locale} aria-pressed={current === locale} className="link-button">
          {t(`language.${locale}`)}
        </button>
      ))}
    </Form>
  );
}
