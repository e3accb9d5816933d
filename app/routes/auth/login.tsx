import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { signIn } from "../../../worker/domain/identity/sessions";
import { isDomainError } from "../../../worker/domain/shared/domain-error";
import { kebabCase, pageUrl, safeRedirectTarget, STORE_COOKIE } from "../../../worker/guards";
import { clientAddress, signedInHeaders, throttleFor } from "../../../worker/web-session";
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
  try {
    const session = await signIn(
      { control: ctx.control, pepper: ctx.env.settings.PASSWORD_PEPPER, throttle: throttleFor(ctx), address: clientAddress(request) },
      { email, password: String(form.get("password") ?? "") },
    );
    const url = pageUrl(request);
    const inStore = url.pathname === "/b2b/login";
    const headers = signedInHeaders(ctx, session, request);
    // The store login remembers its company, so a B2B user whose session ends comes back here.
    const company = inStore ? url.searchParams.get("company") : null;
    if (company)
      headers.append("set-cookie", `${STORE_COOKIE}=${encodeURIComponent(kebabCase(company))}; Path=/; Max-Age=31536000; SameSite=Lax`);
    return redirect(safeRedirectTarget(url.searchParams.get("redirection"), inStore ? "/b2b" : "/"), { headers });
  } catch (error) {
    if (isDomainError(error)) {
      const status = error.code === "login_required" ? 400 : error.code === "login_rate_limited" ? 429 : 401;
      return data({ error: error.code, params: error.params, email }, { status });
    }
    throw error;
  }
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
