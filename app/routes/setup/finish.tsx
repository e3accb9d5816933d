import { Form, redirect, useNavigation } from "react-router";
import { completeOnboarding, finishStep } from "../../../worker/domain/onboarding/onboarding";
import { WizardNav, WizardStep } from "../../components/onboarding/wizard";
import { formAction } from "../../server/form-page.server";
import { useT } from "../../i18n";
import { openSetupPage } from "./setup.server";
import type { Route } from "./+types/finish";

/** The import screen, opened after the wizard when the content step chose a file to import. */
const IMPORT_PATH = "/settings/import-data";

/** Finish step: a summary of what was set, then the dashboard (or the import screen). */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await openSetupPage(args);
  const then = new URL(args.request.url).searchParams.get("then") === "import" ? "import" : null;
  return { ...(await finishStep(ctx)), then };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openSetupPage(args);
  const form = await args.request.formData();
  return formAction(async () => {
    await completeOnboarding(ctx);
    return redirect(form.get("then") === "import" ? IMPORT_PATH : "/dashboard");
  });
}

export default function FinishStep({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { settings, testContent } = loaderData;
  return (
    <WizardStep step="finish" saved={loaderData.saved} title={t("setup.finish_title")} failure={actionData}>
      <p>{t("setup.finish_intro")}</p>
      <dl className="setup-summary">
        <dt>{t("setup.company_name")}</dt>
        <dd>{settings.label}</dd>
        <dt>{t("setup.default_currency")}</dt>
        <dd>{settings.default_currency}</dd>
        <dt>{t("setup.document_languages")}</dt>
        <dd>{settings.languages.map((l) => t(`language.${l}`)).join(", ")}</dd>
        <dt>{t("setup.locations")}</dt>
        <dd>{loaderData.locations.join(", ")}</dd>
        <dt>{t("setup.users")}</dt>
        <dd>{loaderData.users}</dd>
        <dt>{t("setup.step_content")}</dt>
        <dd>
          {testContent.exists
            ? t("setup.summary_test_content", { count: testContent.count })
            : loaderData.then === "import"
              ? t("setup.summary_import")
              : t("setup.summary_own")}
        </dd>
      </dl>
      {testContent.exists ? <p className="muted">{t("setup.finish_test_content")}</p> : null}
      <Form method="post">
        {loaderData.then ? <input type="hidden" name="then" value={loaderData.then} /> : null}
        <WizardNav
          back="content"
          busy={busy}
          next={
            <button type="submit" className="button button--primary" disabled={busy}>
              {loaderData.then === "import" ? t("setup.go_to_import") : t("setup.go_to_dashboard")}
            </button>
          }
        />
      </Form>
    </WizardStep>
  );
}
