import { Link, redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { storeVisit, storeVisitView } from "../../../worker/store-visit";
import { LoginForm } from "../../components/login-form";
import { useT } from "../../i18n";
import type { Route } from "./+types/login";

export { action } from "../auth/login";

/** The store's sign-in page, in the store's colours with its headline, when the address names a store. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  // Sign-in pages send a signed-in user home.
  if (rc.actor) throw redirect("/");
  return { store: storeVisitView(await storeVisit(rc, request)) };
}

export default function B2bLogin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { store } = loaderData;
  const failure = actionData as { error?: string; params?: Record<string, unknown>; email?: string } | undefined;
  return (
    <div className="store-login">
      <title>{`${store?.label ?? t("login.b2b_title")} | ${t("app.name")}`}</title>
      {store ? (
        <p className="store-login__brand" style={{ background: store.palette.primary, color: store.palette.primaryText }}>
          {store.label}
        </p>
      ) : null}
      {store?.loginBackground ? (
        <img
          src={`/b2b/images/login_background?v=${encodeURIComponent(store.loginBackground)}${store.slug ? `&company=${store.slug}` : ""}`}
          alt=""
          className="store-login__image"
        />
      ) : null}
      <h1>{store?.headline ?? t("login.b2b_title")}</h1>
      <p>{store?.description ?? t("b2b.home_text")}</p>
      <LoginForm error={failure?.error} params={failure?.params} email={failure?.email} />
      {store?.accessForm.enabled ? (
        <p>
          {t("b2b.no_access")} <Link to={`/b2b/access${store.slug ? `?company=${store.slug}` : ""}`}>{t("b2b.request_access")}</Link>
        </p>
      ) : null}
    </div>
  );
}
