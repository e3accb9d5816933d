import { Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/language-switcher";

/** The store's sign-in page: the company's own look, no back-office chrome. */
export default function StorefrontLoginLayout() {
  return (
    <div className="storefront-login">
      <main className="storefront-login__card">
        <Outlet />
      </main>
      <footer className="public-layout__footer">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
