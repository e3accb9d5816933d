import { Link, NavLink, Outlet } from "react-router";
import { buyerCart } from "../../../worker/carts";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { companyFormat } from "../../../worker/domain/settings/company-settings/company-format";
import { getCart } from "../../../worker/domain/store/get-cart";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { LanguageSwitcher } from "../../components/language-switcher";
import { CartMenu } from "../../components/store/cart-menu";
import { FormatProvider } from "../../format";
import { useT } from "../../i18n";
import type { Route } from "./+types/storefront";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const user = requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const ctx = await ctxFromRequest(rc);
  const [cart, company] = await Promise.all([getCart(ctx, { cart: buyerCart(rc, user) }), companyFormat(ctx)]);
  // Prices, quantities and dates as the company writes them (the language is the page's own).
  return { company: user.company.label, cart, format: { ...company, timeZone: user.timezone } };
}

/** The B2B store: a light top bar with the company's name linking to the store's home, the menu and the cart, then the page. */
export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="storefront">
      <header className="storefront__bar">
        <Link to="/b2b" className="storefront__brand" data-testid="store-brand">
          {loaderData.company}
        </Link>
        <nav className="storefront__menu">
          <NavLink to="/b2b" end>
            {t("b2b.catalogue")}
          </NavLink>
          <NavLink to="/b2b/orders-history">{t("b2b.orders_title")}</NavLink>
        </nav>
        <div className="storefront__tools">
          <FormatProvider value={loaderData.format}>
            <CartMenu cart={loaderData.cart} />
          </FormatProvider>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="storefront__main">
        <FormatProvider value={loaderData.format}>
          <Outlet />
        </FormatProvider>
      </main>
    </div>
  );
}
