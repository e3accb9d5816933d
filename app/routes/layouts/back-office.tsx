import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { data, Link, Outlet, useLoaderData, useLocation, useNavigation, useRouteLoaderData, useSubmit } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { listUserCompanies } from "../../../worker/domain/companies/list-user-companies";
import { readOnlyReason, viewingStoreAsCustomer } from "../../../worker/domain/identity/actor";
import { backOfficeCompany } from "../../../worker/domain/settings/company-settings/company-format";
import { listMyInvitations } from "../../../worker/domain/users/company-invitations";
import { requirePage } from "../../../worker/guards";
import { AppLink, AppLinks } from "../../components/app-link";
import { supportSiteUrl } from "../../components/back-office/support-site";
import { CREATE_MENU, hiddenMenuAddresses, sideMenu, withoutHidden, type MenuEntry } from "../../components/back-office/menu";
import { OperationsMenus } from "../../components/back-office/operations-menus";
import { useDisclosure } from "../../components/ui/disclosure";
import { DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator } from "../../components/ui/dropdown-menu";
import { ErrorPage } from "../../components/error-page";
import { LanguageSwitcher } from "../../components/language-switcher";
import { FormatProvider } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/back-office";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  // The catch-all sits in this layout so that staff keep the shell on a 404; anyone else gets the bare 404 page.
  const unknownPath = (params as { "*"?: string })["*"] !== undefined;
  if (unknownPath && (ctx.actor?.kind !== "user" || ctx.actor.customerId)) throw data(null, { status: 404 });
  const user = requirePage(request, ctx);
  const verbs = await ctxFromRequest(ctx);
  // b2b_portal users viewing the store as a customer cannot switch company (platform spec §6), so they get no list.
  const portal = viewingStoreAsCustomer(user);
  const [companies, invitations, company] = await Promise.all([
    portal ? [] : (ctx.shell?.companies ?? listUserCompanies(verbs)),
    ctx.shell?.invitations ?? listMyInvitations(verbs),
    backOfficeCompany(verbs),
  ]);
  return {
    // How every page writes numbers, money and dates (the language is the page's own).
    format: { ...company.format, timeZone: user.timezone },
    user: { id: user.userId, firstName: user.firstName, lastName: user.lastName, email: user.email },
    company: { id: user.company.id, label: user.company.label, status: user.company.status },
    otherCompanies: companies.filter((c) => c.id !== user.company.id).map((c) => ({ id: c.id, label: c.label })),
    canManageAccount: user.permissions.includes("account_settings"),
    // Why the company may only be read (decision 049): every page says it, and what to do.
    readOnly: readOnlyReason(user.company),
    pendingInvitations: invitations.length,
    // The menus are in the page's code: the page is told which of their entries the user does not see.
    menus: {
      storeOpen: company.storeOpen,
      portal,
      hidden: [
        ...hiddenMenuAddresses(sideMenu({ storeOpen: company.storeOpen, portal }), user.permissions),
        ...hiddenMenuAddresses(CREATE_MENU, user.permissions),
      ],
    },
    helpUrl: supportSiteUrl(ctx.env.settings.HELP_URL, ctx.locale),
  };
}

type ShellData = ReturnType<typeof useLoaderData<typeof loader>>;

// "auto" follows the width (open above 960 px, by CSS); a click pins it open or closed.
// Below 960 px the menu is a temporary drawer over the page (platform spec §2, §9): "open" shows it.
type MenuState = "auto" | "open" | "closed";
const WIDE = "(min-width: 961px)";

/** Where the user is and where they are going, lower-cased: a menu entry is "active" and "pending" as NavLink decides. */
interface MenuPlace {
  here: string;
  next: string | null;
}

/** Whether `pathname` is the entry's address or under it (NavLink's test, not case-sensitive, not `end`). */
function isAt(pathname: string | null, to: string): boolean {
  if (pathname === null) return false;
  const end = to !== "/" && to.endsWith("/") ? to.length - 1 : to.length;
  return pathname === to || (pathname.startsWith(to) && pathname.charAt(end) === "/");
}

function MenuLink({ entry, place }: { entry: MenuEntry; place: MenuPlace }) {
  const t = useT();
  const to = entry.to.toLowerCase();
  const active = isAt(place.here, to);
  const pending = isAt(place.next, to);
  return (
    <li>
      <AppLink
        to={entry.to}
        aria-label={t(entry.label)}
        aria-current={active ? "page" : undefined}
        className={`side-menu__link${active ? " active" : ""}${pending ? " pending" : ""}`}
      >
        <span className="side-menu__icon" aria-hidden="true">
          {entry.icon ?? "•"}
        </span>
        <span className="side-menu__text">{t(entry.label)}</span>
      </AppLink>
    </li>
  );
}

/** A group of the side menu, open with the page of one of its entries; its entries come into the page when it opens. */
function MenuGroup({ entry, entries, place }: { entry: MenuEntry; entries: MenuEntry[]; place: MenuPlace }) {
  const t = useT();
  const holdsHere = isAt(place.here, entry.to.toLowerCase()) || entries.some((child) => isAt(place.here, child.to.toLowerCase()));
  const group = useDisclosure(holdsHere);
  return (
    <li>
      <details className="side-menu__group" {...group.props}>
        <summary className="side-menu__link" aria-label={t(entry.label)}>
          <span className="side-menu__icon" aria-hidden="true">
            {entry.icon ?? "•"}
          </span>
          <span className="side-menu__text">{t(entry.label)}</span>
        </summary>
        {group.rendered ? (
          <ul>
            {entries.map((child) => (
              <MenuLink key={child.to} entry={child} place={place} />
            ))}
          </ul>
        ) : null}
      </details>
    </li>
  );
}

/**
 * The side menu's entries, each a link marked as NavLink would mark it ("active", "pending",
 * `aria-current`), with the location and the navigation read once for the whole menu instead of
 * by each of its links.
 */
function SideMenu({ entries }: { entries: MenuEntry[] }) {
  const location = useLocation();
  const navigation = useNavigation();
  const place = { here: location.pathname.toLowerCase(), next: navigation.location?.pathname.toLowerCase() ?? null };
  return (
    <ul>
      {entries.map((entry) =>
        entry.children ? (
          <MenuGroup key={entry.to} entry={entry} entries={entry.children} place={place} />
        ) : (
          <MenuLink key={entry.to} entry={entry} place={place} />
        ),
      )}
    </ul>
  );
}

export default function BackOfficeLayout() {
  return (
    <Shell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </Shell>
  );
}

/** A page's error inside the shell when the shell's own data is there (a signed-in user's 404), else on its own page. */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>("routes/layouts/back-office");
  if (!shell) return <ErrorPage />;
  return (
    <Shell data={shell}>
      <ErrorPage inShell />
    </Shell>
  );
}

function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Shell({ data: shell, children }: { data: ShellData; children: ReactNode }) {
  const { format, user, company, otherCompanies, canManageAccount, readOnly, pendingInvitations, menus, helpUrl } = shell;
  const [sideEntries, createMenu] = useMemo(() => {
    const hidden = new Set(menus.hidden);
    return [withoutHidden(sideMenu(menus), hidden), withoutHidden(CREATE_MENU, hidden)];
  }, [menus]);
  const t = useT();
  const errorText = useErrorText();
  const [menu, setMenu] = useState<MenuState>("auto");
  const [wide, setWide] = useState<boolean | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const location = useLocation();
  const drawerOpen = menu === "open" && wide === false;

  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const follow = () => setWide(query.matches);
    follow();
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  // The drawer and the phone's search field close once a page is chosen.
  useEffect(() => {
    if (!window.matchMedia(WIDE).matches) setMenu((state) => (state === "open" ? "auto" : state));
    setSearchOpen(false);
  }, [location.pathname, location.search]);
  // An opened drawer takes the focus; Escape closes it and gives the focus back to its button.
  useEffect(() => {
    if (!drawerOpen) return;
    nav.current?.querySelector<HTMLElement>("a, summary")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenu("auto");
      toggleButton.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);
  useEffect(() => {
    if (searchOpen) search.current?.focus();
  }, [searchOpen]);
  // "s" anywhere but in a field goes to the search (platform spec: search dialog).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
      if (event.key !== "s" || typing || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      setSearchOpen(true);
      search.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const submit = useSubmit();
  const toggle = () => {
    const open = menu === "open" || (menu === "auto" && window.matchMedia(WIDE).matches);
    setMenu(open ? (window.matchMedia(WIDE).matches ? "closed" : "auto") : "open");
  };
  const menuExpanded = menu === "open" || (menu === "auto" && wide === true);
  return (
    <AppLinks>
      <div className="back-office" data-menu={menu}>
        <header className="top-bar">
          <button
            ref={toggleButton}
            type="button"
            className="icon-button"
            onClick={toggle}
            aria-label={t("shell.toggle_menu")}
            aria-controls="side-menu"
            aria-expanded={menuExpanded}
          >
            ☰
          </button>
          <Link to="/dashboard" className="top-bar__brand" aria-label={t("app.name")}>
            <span className="logo" aria-hidden="true">
              C
            </span>
            <span className="top-bar__name">{t("app.name")}</span>
          </Link>
          <form
            className={searchOpen ? "top-bar__search top-bar__search--open" : "top-bar__search"}
            method="get"
            action="/search"
            role="search"
          >
            <input
              ref={search}
              type="search"
              name="q"
              placeholder={t("shell.search")}
              aria-label={t("shell.search")}
              onKeyDown={(event) => {
                if (event.key === "Escape") setSearchOpen(false);
              }}
            />
            <button
              type="button"
              className="icon-button top-bar__search-close"
              onClick={() => setSearchOpen(false)}
              aria-label={t("shell.close_search")}
            >
              ←
            </button>
          </form>
          <div className="top-bar__actions">
            {/* Phones have no room for the field: this button opens it over the bar. */}
            <button
              type="button"
              className="icon-button top-bar__search-open"
              onClick={() => setSearchOpen(true)}
              aria-label={t("shell.search")}
              aria-expanded={searchOpen}
            >
              <SearchIcon />
            </button>
            <OperationsMenus />
            {createMenu.length > 0 ? (
              <DropdownMenu trigger="+" label={t("shell.create")}>
                {createMenu.map((entry) => (
                  <DropdownItem key={entry.to}>
                    <Link to={entry.to}>{t(entry.label)}</Link>
                  </DropdownItem>
                ))}
              </DropdownMenu>
            ) : null}
            <DropdownMenu trigger={`${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`} label={t("shell.account")}>
              <DropdownLabel>{`${user.firstName} ${user.lastName}`}</DropdownLabel>
              <DropdownItem>
                <Link to="/settings/company-settings" data-testid="current-company">
                  {company.label}
                </Link>
              </DropdownItem>
              {otherCompanies.length > 0 ? (
                <>
                  <DropdownLabel>{t("shell.switch_company")}</DropdownLabel>
                  {otherCompanies.map((other) => (
                    <DropdownItem
                      key={other.id}
                      asChild={false}
                      onSelect={() => submit({ company_id: other.id }, { method: "post", action: "/companies/switch" })}
                    >
                      {other.label}
                    </DropdownItem>
                  ))}
                  <DropdownSeparator />
                </>
              ) : null}
              {pendingInvitations > 0 ? (
                <DropdownItem>
                  <Link to="/invitations">{t("shell.invitations", { count: pendingInvitations })}</Link>
                </DropdownItem>
              ) : null}
              <DropdownItem>
                <Link to={`/settings/users/${user.id}/edit`}>{t("shell.edit_profile")}</Link>
              </DropdownItem>
              {canManageAccount ? (
                <DropdownItem>
                  <Link to="/account-settings">{t("shell.account_settings")}</Link>
                </DropdownItem>
              ) : null}
              {helpUrl ? (
                <DropdownItem>
                  <a href={helpUrl} target="_blank" rel="noopener noreferrer">
                    {t("shell.find_help")}
                  </a>
                </DropdownItem>
              ) : null}
              <DropdownSeparator />
              {/* The menu unmounts on select, so the sign-out is submitted from here, not by a form inside it. */}
              <DropdownItem asChild={false} onSelect={() => submit(null, { method: "post", action: "/logout" })}>
                {t("shell.logout")}
              </DropdownItem>
            </DropdownMenu>
          </div>
        </header>
        <nav ref={nav} id="side-menu" className="side-menu" aria-label={t("shell.toggle_menu")}>
          <SideMenu entries={sideEntries} />
          <div className="side-menu__footer">
            <LanguageSwitcher />
          </div>
        </nav>
        {/* The page behind an open drawer: a tap on it closes the drawer. */}
        <div className="back-office__scrim" aria-hidden="true" onClick={() => setMenu("auto")} />
        <main className="back-office__main">
          {readOnly ? (
            <p className="alert alert--warning account-banner" role="status" data-testid="account-banner">
              {errorText(readOnly)}{" "}
              {canManageAccount ? <Link to="/account-settings">{t("account.banner_open_settings")}</Link> : t("account.banner_ask_admin")}
            </p>
          ) : null}
          <FormatProvider value={format}>{children}</FormatProvider>
        </main>
      </div>
    </AppLinks>
  );
}
