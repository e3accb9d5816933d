import { Link, Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/language-switcher";
import { useT } from "../../i18n";

/** The B2B store: a light top bar with the company's name, then the page. */
export default function StorefrontLayout() {
  const t = useT();
  return (
    <div className="storefront">
      <header className="storefront__bar">
        <Link to="/b2b" className="storefront__brand">
          {t("b2b.home_title")}
        </Link>
        <LanguageSwitcher />
      </header>
      <main className="storefront__main">
        <Outlet />
      </main>
    </div>
  );
}
