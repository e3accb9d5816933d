import { Form, redirect } from "react-router";
import { leaveWelcome, welcomeStep } from "../../worker/domain/onboarding/onboarding";
import { STEP_PATHS } from "../../worker/domain/onboarding/steps";
import { WizardNav, WizardStep } from "../components/onboarding/wizard";
import { useT } from "../i18n";
import { openSetupPage } from "./setup/setup.server";
import type { Route } from "./+types/setup";

/**
 * Onboarding (domain spec §1: Welcome, Company, Locations and users, Content, Finish). /setup
 * resumes at the step the company saved last; its own page is the welcome step.
 */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await openSetupPage(args);
  const frame = await welcomeStep(ctx);
  const asked = new URL(args.request.url).searchParams.get("step") === "welcome";
  if (frame.saved !== "welcome" && !asked) throw redirect(STEP_PATHS[frame.saved]);
  return frame;
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openSetupPage(args);
  return redirect(STEP_PATHS[await leaveWelcome(ctx)]);
}

export default function Setup({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <WizardStep step="welcome" saved={loaderData.saved} title={t("setup.welcome", { name: loaderData.firstName })}>
      <p>{t("setup.intro", { company: loaderData.company })}</p>
      <p>{t("setup.welcome_steps")}</p>
      <ol className="setup-list">
        <li>{t("setup.welcome_company")}</li>
        <li>{t("setup.welcome_locations_users")}</li>
        <li>{t("setup.welcome_content")}</li>
        <li>{t("setup.welcome_finish")}</li>
      </ol>
      <Form method="post">
        <WizardNav
          back={null}
          next={
            <button type="submit" className="button button--primary">
              {t("setup.begin")}
            </button>
          }
        />
      </Form>
    </WizardStep>
  );
}
