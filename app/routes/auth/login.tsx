import { Link, redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { signIn } from "../../../worker/domain/identity/sessions";
import { kebabCase, pageUrl, safeRedirectTarget, STORE_COOKIE } from "../../../worker/guards";
import { deviceCookie, deviceOf, limitDeps, signedInHeaders } from "../../../worker/web-session";
import { enterStoreCompany, storeVisit } from "../../../worker/store-visit";
import { formAction } from "../../server/form-page.server";
import { LoginForm } from "../../components/login-form";
import { useT } from "../../i18n";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  // Sign-in pages send a signed-in user home.
  if (context.get(requestContext).actor) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  return formAction(
    async () => {
      const session = await signIn(
        { control: ctx.control, pepper: ctx.env.settings.PASSWORD_PEPPER, ...limitDeps(ctx, request), device: deviceOf(ctx, request) },
        { email, password: String(form.get("password") ?? "") },
      );
      const url = pageUrl(request);
      const inStore = url.pathname === "/b2b/login";
      // At a store's login, the session opens in that store's company when the user buys there.
      const store = inStore ? await storeVisit(ctx, request) : null;
      if (store) await enterStoreCompany(ctx.control, session.accessToken, store.companyId);
      const headers = signedInHeaders(ctx, session, request);
      if (session.deviceCookie) headers.append("set-cookie", deviceCookie(ctx, session.deviceCookie));
      // The store login remembers its company, so a B2B user whose session ends comes back here.
      const company = inStore ? url.searchParams.get("company") : null;
      if (company)
        headers.append("set-cookie", `${STORE_COOKIE}=${encodeURIComponent(kebabCase(company))}; Path=/; Max-Age=31536000; SameSite=Lax`);
      return redirect(safeRedirectTarget(url.searchParams.get("redirection"), inStore ? "/b2b" : "/"), { headers });
    },
    (refusal) => ({ ...refusal, email }),
    { notFound: "refusal" },
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("login.title")} | ${t("app.name")}`}</title>
      <h1>{t("login.title")}</h1>
      <LoginForm error={actionData?.error} params={actionData?.params} email={actionData?.email} />
      <p>
        {t("login.no_account")} <Link to="/signup">{t("login.signup")}</Link>
      </p>
    </>
  );
}
