import { useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLoaderData, useSubmit } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { listUserCompanies } from "../../../worker/domain/companies/list-user-companies";
import { backOfficeCompany } from "../../../worker/domain/settings/company-settings/company-format";
import { listMyInvitations } from "../../../worker/domain/users/company-invitations";
import { requirePage } from "../../../worker/guards";
import { useLingui } from "@lingui/react";
import { supportSiteUrl } from "../../components/back-office/support-site";
import { CREATE_MENU, sideMenu, visibleMenu, type MenuEntry } from "../../components/back-office/menu";
import { OperationsMenus } from "../../components/back-office/operations-menus";
import { DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator } from "../../components/ui/dropdown-menu";
import { LanguageSwitcher } from "../../components/language-switcher";
import { FormatProvider } from "../../format";
import { useT } from "../../i18n";
import type { Route } from "./+types/back-office";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const user = requirePage(request, ctx);
  const verbs = await ctxFromRequest(ctx);
  // b2b_portal users cannot switch company (platform spec §6), so they get no list.
  const [companies, invitations, company] = await Promise.all([
    user.permissions.includes("b2b_portal") ? [] : (ctx.shell?.companies ?? listUserCompanies(verbs)),
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
    pendingInvitations: invitations.length,
    sideMenu: visibleMenu(sideMenu({ storeOpen: company.storeOpen, portal: user.permissions.includes("b2b_portal") }), user.permissions),
    createMenu: visibleMenu(CREATE_MENU, user.permissions),
  };
}

// "auto" follows the width (open above 960 px, by CSS); a click pins it open or closed.
type MenuState = "auto" | "open" | "closed";

function MenuItem({ entry }: { entry: MenuEntry }) {
  const t = useT();
  if (!entry.children)
    return (
      <li>
        <NavLink to={entry.to} className="side-menu__link" aria-label={t(entry.label)}>
          <span className="side-menu__icon" aria-hidden="true">
            {entry.icon ?? "•"}
          </span>
          <span className="side-menu__text">{t(entry.label)}</span>
        </NavLink>
      </li>
    );
  return (
    <li>
      <details className="side-menu__group">
        <summary className="side-menu__link" aria-label={t(entry.label)}>
          <span className="side-menu__icon" aria-hidden="true">
            {entry.icon ?? "•"}
          </span>
          <span className="side-menu__text">{t(entry.label)}</span>
        </summary>
        <ul>
          {entry.children.map((child) => (
            <MenuItem key={child.to} entry={child} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export default function BackOfficeLayout() {
  const { format, user, company, otherCompanies, canManageAccount, pendingInvitations, sideMenu, createMenu } =
    useLoaderData<typeof loader>();
  const t = useT();
  const { i18n } = useLingui();
  const [menu, setMenu] = useState<MenuState>("auto");
  const search = useRef<HTMLInputElement>(null);
  // "s" anywhere but in a field goes to the search (platform spec: search dialog).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
      if (event.key !== "s" || typing || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      search.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const submit = useSubmit();
  const toggle = () => {
    const wide = typeof window !== "undefined" && window.innerWidth > 960;
    const open = menu === "open" || (menu === "auto" && wide);
    setMenu(open ? "closed" : "open");
  };
  return (
    <div className="back-office" data-menu={menu}>
      <header className="top-bar">
        <button type="button" className="icon-button" onClick={toggle} aria-label={t("shell.toggle_menu")} aria-controls="side-menu">
          ☰
        </button>
        <Link to="/dashboard" className="top-bar__brand">
          <span className="logo" aria-hidden="true">
            C
          </span>
          <span>{t("app.name")}</span>
        </Link>
        <form className="top-bar__search" method="get" action="/search" role="search">
          <input ref={search} type="search" name="q" placeholder={t("shell.search")} aria-label={t("shell.search")} />
        </form>
        <div className="top-bar__actions">
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
            <DropdownItem>
              <a href={supportSiteUrl(i18n.locale)} target="_blank" rel="noopener noreferrer">
                {t("shell.find_help")}
              </a>
            </DropdownItem>
            <DropdownSeparator />
            {/* The menu unmounts on select, so the sign-out is submitted from here, not by a form inside it. */}
            <DropdownItem asChild={false} onSelect={() => submit(null, { method: "post", action: "/logout" })}>
              {t("shell.logout")}
            </DropdownItem>
          </DropdownMenu>
        </div>
      </header>
      <nav id="side-menu" className="side-menu" aria-label={t("shell.toggle_menu")}>
        <ul>
          {sideMenu.map((entry) => (
            <MenuItem key={entry.to} entry={entry} />
          ))}
        </ul>
        <div className="side-menu__footer">
          <LanguageSwitcher />
        </div>
      </nav>
      <main className="back-office__main">
        <FormatProvider value={format}>
          <Outlet />
        </FormatProvider>
      </main>
    </div>
  );
}
