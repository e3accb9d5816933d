import { data, redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { signIn } from "../../../worker/domain/identity/sessions";
import { isDomainError } from "../../../worker/domain/shared/domain-error";
import { sessionCookie } from "../../../worker/session-cookie";
import { LoginForm } from "../../components/login-form";
import { useT } from "../../i18n";
import type { Route } from "./+types/login";

function safeRedirect(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") ? value : "/";
}

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
    const session = await signIn(ctx.control, { email, password: String(form.get("password") ?? "") }, ctx.env.settings.PASSWORD_PEPPER);
    const target = safeRedirect(new URL(request.url).searchParams.get("redirection"));
    return redirect(target, { headers: { "set-cookie": sessionCookie(ctx, session.token) } });
  } catch (error) {
    if (isDomainError(error)) return data({ error: error.code, email }, { status: error.code === "login_required" ? 400 : 401 });
    throw error;
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("login.title")} | ${t("app.name")}`}</title>
      <h1>{t("login.title")}</h1>
      <LoginForm error={actionData?.error} email={actionData?.email} />
    </>
  );
}
