import { Form, redirect } from "react-router";
import { requestContext } from "../../worker/context";
import { ctxFromRequest } from "../../worker/ctx";
import { finishOnboarding } from "../../worker/domain/identity/finish-onboarding";
import { requirePage } from "../../worker/guards";
import { useT } from "../i18n";
import type { Route } from "./+types/setup";

/**
 * Onboarding (domain spec §1: Welcome, Company, Locations and users, Content, Finish). Until
 * the full wizard exists this is its welcome step; finishing lets the user into the app.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePage(request, context.get(requestContext));
  if (!user.sendToWizard) throw redirect("/dashboard");
  return { firstName: user.firstName, company: user.company.label };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx);
  await finishOnboarding(await ctxFromRequest(ctx));
  return redirect("/dashboard");
}

export default function Setup({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("setup.title")} | ${t("app.name")}`}</title>
      <ol className="steps" aria-label={t("setup.steps")}>
        {["welcome", "company", "locations_users", "content", "finish"].map((step, i) => (
          <li key={step} aria-current={i === 0 ? "step" : undefined}>
            {t(`setup.step_${step}`)}
          </li>
        ))}
      </ol>
      <h1>{t("setup.welcome", { name: loaderData.firstName })}</h1>
      <p>{t("setup.intro", { company: loaderData.company })}</p>
      <Form method="post">
        <button type="submit" className="button button--primary">
          {t("setup.start")}
        </button>
      </Form>
    </>
  );
}
