import { Form, redirect, useNavigation } from "react-router";
import { chooseContent, contentStep, leaveContent } from "../../../worker/domain/onboarding/onboarding";
import { CONTENT_CHOICES, STEP_PATHS } from "../../../worker/domain/onboarding/steps";
import { WizardNav, WizardStep } from "../../components/onboarding/wizard";
import { TestContentProgress, useTestContentLive } from "../../components/onboarding/test-content-progress";
import { formAction } from "../../server/form-page.server";
import { useT } from "../../i18n";
import { openSetupPage } from "./setup.server";
import type { Route } from "./+types/content";

/**
 * Content step: generated test content (made in the background, its progress shown here), the
 * user's own (nothing), or a file to import, whose screen opens once the wizard is finished.
 */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await openSetupPage(args);
  return contentStep(ctx);
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openSetupPage(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(async () => {
    if (intent === "next") return redirect(STEP_PATHS[await leaveContent(ctx)]);
    const { choice } = await chooseContent(ctx, { choice: form.get("choice") ?? undefined });
    if (choice === "generate") return redirect(STEP_PATHS.content);
    return redirect(`${STEP_PATHS.finish}${choice === "import" ? "?then=import" : ""}`);
  });
}

export default function ContentStep({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { testContent, latest } = loaderData;
  const running = testContent.running !== null;
  useTestContentLive(running);
  const generated = testContent.exists && !running;
  return (
    <WizardStep step="content" saved={loaderData.saved} title={t("setup.content_title")} failure={actionData}>
      <p className="muted">{t("setup.content_intro")}</p>
      {latest && latest.type === "test_content" ? <TestContentProgress operation={latest} /> : null}
      {running || generated ? null : (
        <Form method="post" className="setup-choices">
          {CONTENT_CHOICES.map((choice, i) => (
            <label key={choice} className="setup-choice">
              <input type="radio" name="choice" value={choice} defaultChecked={i === 0} />
              <span>
                <strong>{t(`setup.content_${choice}`)}</strong>
                <p className="muted">{t(`setup.content_${choice}_help`)}</p>
              </span>
            </label>
          ))}
          <WizardNav
            back="locations_users"
            busy={busy}
            next={
              <button type="submit" name="intent" value="choose" className="button button--primary" disabled={busy}>
                {t("setup.next")}
              </button>
            }
          />
        </Form>
      )}
      {running || generated ? (
        <Form method="post">
          <WizardNav
            back="locations_users"
            busy={busy || running}
            next={
              <button type="submit" name="intent" value="next" className="button button--primary" disabled={busy || running}>
                {t("setup.next")}
              </button>
            }
          />
        </Form>
      ) : null}
    </WizardStep>
  );
}
