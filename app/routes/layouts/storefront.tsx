import { Link, Outlet } from "react-router";
import { requestContext } from "../../../worker/context";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { LanguageSwitcher } from "../../components/language-switcher";
import type { Route } from "./+types/storefront";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStore(request, context.get(requestContext), readCookie(request, STORE_COOKIE));
  return { company: user.company.label };
}

/** The B2B store: a light top bar with the company's name linking to the store's home, then the page. */
export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="storefront">
      <header className="storefront__bar">
        <Link to="/b2b" className="storefront__brand" data-testid="store-brand">
          {loaderData.company}
        </Link>
        <LanguageSwitcher />
      </header>
      <main className="storefront__main">
        <Outlet />
      </main>
    </div>
  );
}
