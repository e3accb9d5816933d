import type { CSSProperties } from "react";
import { Form, Link, NavLink, Outlet, redirect, useNavigation } from "react-router";
import { buyerCart } from "../../../worker/carts";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { companyFormat } from "../../../worker/domain/settings/company-settings/company-format";
import { getCart } from "../../../worker/domain/store/get-cart";
import { otherBuyerCompanies } from "../../../worker/domain/store/buyer-profile";
import { getStorefront, type StorefrontView } from "../../../worker/domain/store/get-storefront";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { LanguageSwitcher } from "../../components/language-switcher";
import { CartMenu } from "../../components/store/cart-menu";
import { FormatProvider } from "../../format";
import { useT } from "../../i18n";
import { recoverFrom } from "../../server/form-page.server";
import type { Route } from "./+types/storefront";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const user = requireStore(request, rc, readCookie(request, STORE_COOKIE));
  // The cart's lines are asked for first, while the company's database is being opened.
  const buyerLines = buyerCart(rc, user);
  buyerLines.read().catch(() => undefined);
  const ctx = await ctxFromRequest(rc);
  const [storefront, company, cart, otherCompanies] = await Promise.all([
    getStorefront(ctx),
    companyFormat(ctx),
    // A closed store has no cart for its buyers (staff viewing it still have theirs).
    recoverFrom(
      ["store_closed"],
      () => getCart(ctx, { cart: buyerLines }),
      () => null,
    ),
    otherBuyerCompanies(ctx, { onStoreHost: rc.storeCompanyId !== null, known: rc.shell?.companies }),
  ]);
  // A closed store signs its buyers out (platform spec §5); staff viewing it as a customer may still look.
  if (!storefront.open && !storefront.viewingAsStaff) throw redirect("/logout");
  rc.analytics = storefront.analyticsId !== null;
  return {
    company: user.company.label,
    storefront,
    cart: storefront.menu.cart ? cart : null,
    // The page's nonce, for the analytics tag's own inline script.
    nonce: storefront.analyticsId ? rc.cspNonce : null,
    otherCompanies,
    // Prices, quantities and dates as the company writes them (the language is the page's own).
    format: { ...company, timeZone: user.timezone },
  };
}

/**
 * The store's colours: the bar and the primary buttons in its primary colour, the bar's accent line
 * and the secondary buttons in its secondary one (their text black or white by the 186 rule).
 * Links keep the readable theme colour.
 */
function paletteStyle({ palette }: StorefrontView): CSSProperties {
  return {
    "--store-primary": palette.primary,
    "--store-primary-dark": palette.primaryDark,
    "--store-primary-light": palette.primaryLight,
    "--store-primary-text": palette.primaryText,
    "--store-secondary": palette.secondary,
    "--store-secondary-text": palette.secondaryText,
    "--store-secondary-dark": palette.secondaryDark,
  } as CSSProperties;
}

/** The store's menu (platform spec §2): order and invoice history unless hidden, about us only with its text, help only with both a phone and an email. */
function StoreMenu({ storefront, className }: { storefront: StorefrontView; className: string }) {
  const t = useT();
  const { menu } = storefront;
  return (
    <nav className={className} aria-label={t("b2b.menu")}>
      <NavLink to="/b2b" end>
        {t("b2b.catalogue")}
      </NavLink>
      {menu.orders ? <NavLink to="/b2b/orders-history">{t("b2b.orders_title")}</NavLink> : null}
      {menu.invoices ? <NavLink to="/b2b/invoices-history">{t("b2b.invoices_title")}</NavLink> : null}
      {menu.aboutUs ? <NavLink to="/b2b/about-us">{t("b2b.about_us")}</NavLink> : null}
      {/* The buyer's own settings; staff viewing the store have theirs in the back office. */}
      {storefront.viewingAsStaff ? null : <NavLink to="/b2b/settings">{t("b2b.settings")}</NavLink>}
      {menu.help && className === "storefront__menu" ? (
        <details className="storefront__help" data-testid="store-help">
          <summary>{t("b2b.help")}</summary>
          <div className="storefront__help-panel">
            <a href={`tel:${menu.help.phone.replace(/[^+0-9]/g, "")}`}>{menu.help.phone}</a>
            <a href={`mailto:${menu.help.email}`}>{menu.help.email}</a>
          </div>
        </details>
      ) : null}
    </nav>
  );
}

/** The store's Google Analytics tag (its ga_tracking_id): Google's script, and its configuration under the page's nonce. */
function Analytics({ id, nonce }: { id: string; nonce: string }) {
  const config = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag("js",new Date());gtag("config",${JSON.stringify(id)});`;
  return (
    <>
      {/* Browsers hide a nonce from the DOM once read: the client's render cannot match it. */}
      <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`} nonce={nonce} suppressHydrationWarning />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: config }} />
    </>
  );
}

/** Change company (platform spec §2): the buyer's other companies, each a button that moves the session to its store. */
function CompanyChoice({ companies, className }: { companies: { id: string; label: string }[]; className: string }) {
  const t = useT();
  if (companies.length === 0) return null;
  return (
    <div className={className} data-testid="change-company">
      <p>{t("b2b.change_company")}</p>
      {companies.map((c) => (
        <Form method="post" action="/b2b/switch" key={c.id}>
          <input type="hidden" name="company_id" value={c.id} />
          <button type="submit" className="link-button">
            {c.label}
          </button>
        </Form>
      ))}
    </div>
  );
}

/**
 * The B2B store: a top bar in the store's colours with the company's name linking to the store's
 * home, the menu (platform spec §2: order history unless hidden, about us only with its text,
 * help only with both a phone and an email), the cart unless the store takes no orders, and
 * Leave store for staff viewing it as a customer.
 */
export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { storefront, cart, otherCompanies } = loaderData;
  const { menu } = storefront;
  const switching = navigation.state !== "idle" && navigation.formAction === "/b2b/switch";
  return (
    <div className="storefront" style={paletteStyle(storefront)}>
      {storefront.analyticsId && loaderData.nonce ? <Analytics id={storefront.analyticsId} nonce={loaderData.nonce} /> : null}
      <header className="storefront__bar">
        <Link to="/b2b" className="storefront__brand" data-testid="store-brand">
          {loaderData.company}
        </Link>
        {switching ? (
          <span className="storefront__switching" role="status">
            <span className="spinner" aria-hidden="true" /> {t("b2b.switching_company")}
          </span>
        ) : null}
        <StoreMenu storefront={storefront} className="storefront__menu" />
        <details className="storefront__drawer">
          <summary aria-label={t("b2b.menu")}>☰</summary>
          <div className="storefront__drawer-panel">
            <StoreMenu storefront={storefront} className="storefront__drawer-menu" />
            <CompanyChoice companies={otherCompanies} className="storefront__drawer-companies" />
            {menu.help ? (
              <p className="storefront__drawer-contact">
                <a href={`tel:${menu.help.phone.replace(/[^+0-9]/g, "")}`}>{menu.help.phone}</a>
                <a href={`mailto:${menu.help.email}`}>{menu.help.email}</a>
              </p>
            ) : null}
          </div>
        </details>
        <div className="storefront__tools">
          {cart ? (
            <FormatProvider value={loaderData.format}>
              <CartMenu cart={cart} />
            </FormatProvider>
          ) : null}
          {otherCompanies.length ? (
            <details className="storefront__companies">
              <summary className="button button--secondary">{t("b2b.change_company")}</summary>
              <CompanyChoice companies={otherCompanies} className="storefront__companies-panel" />
            </details>
          ) : null}
          <LanguageSwitcher />
          {storefront.viewingAsStaff ? (
            <Form method="post" action="/b2b/leave">
              <button type="submit" className="button button--secondary" data-testid="leave-store">
                {t("b2b.leave_store")}
              </button>
            </Form>
          ) : (
            <Link to="/logout" className="button button--secondary">
              {t("b2b.log_out")}
            </Link>
          )}
        </div>
      </header>
      {storefront.viewingAsStaff ? (
        <p className="storefront__staff-notice" role="status">
          {storefront.open ? t("b2b.viewing_as_staff") : t("b2b.viewing_closed_store")}
        </p>
      ) : null}
      <main className="storefront__main">
        <FormatProvider value={loaderData.format}>
          <Outlet />
        </FormatProvider>
      </main>
    </div>
  );
}
