import { LoginForm } from "../../components/login-form";
import { useT } from "../../i18n";

export { action, loader } from "../auth/login";

export default function B2bLogin({ actionData }: { actionData?: { error?: string; params?: Record<string, unknown>; email?: string } }) {
  const t = useT();
  return (
    <>
      <title>{`${t("login.b2b_title")} | ${t("app.name")}`}</title>
      <h1>{t("login.b2b_title")}</h1>
      <p>{t("b2b.home_text")}</p>
      <LoginForm error={actionData?.error} params={actionData?.params} email={actionData?.email} />
    </>
  );
}
