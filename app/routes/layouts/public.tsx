import { Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/language-switcher";
import { useT } from "../../i18n";

/** Sign-in, sign-up, password reset and maintenance: a centred card on a quiet page. */
export default function PublicLayout() {
  const t = useT();
  return (
    <div className="public-layout">
      <header className="public-layout__brand">
        <span className="logo" aria-hidden="true">
          C
        </span>{" "}
        {t("app.name")}
      </header>
      <main className="public-layout__card">
        <Outlet />
      </main>
      <footer className="public-layout__footer">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
