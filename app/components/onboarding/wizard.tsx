import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ONBOARDING_STEPS, STEP_PATHS, type OnboardingStep } from "../../../worker/domain/onboarding/steps";
import { useErrorText, useT, type ErrorLike } from "../../i18n";
import "./onboarding.css";

/**
 * One step of the onboarding wizard: its title in the tab, the stepper of the five steps (those
 * reached are links), the step's own content, and a refusal that names no field.
 */
export function WizardStep({
  step,
  saved,
  title,
  failure,
  children,
}: {
  step: OnboardingStep;
  saved: OnboardingStep;
  title: string;
  failure?: ErrorLike | null | undefined;
  children: ReactNode;
}) {
  const t = useT();
  const errorText = useErrorText();
  const at = ONBOARDING_STEPS.indexOf(step);
  const reached = ONBOARDING_STEPS.indexOf(saved);
  return (
    <div className="setup-wizard">
      <title>{`${title} | ${t("setup.title")} | ${t("app.name")}`}</title>
      <ol className="setup-stepper" aria-label={t("setup.steps")}>
        {ONBOARDING_STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? "step" : undefined} data-done={i < at ? "true" : "false"}>
            {s !== step && i <= reached ? (
              <Link to={STEP_PATHS[s] + (s === "welcome" ? "?step=welcome" : "")}>{t(`setup.step_${s}`)}</Link>
            ) : (
              t(`setup.step_${s}`)
            )}
          </li>
        ))}
      </ol>
      <h1>{title}</h1>
      {failure?.error && !("fields" in failure && failure.fields) ? (
        <p role="alert" className="alert alert--error">
          {errorText(failure)}
        </p>
      ) : null}
      {children}
      {/* Leaving mid-way is safe: each step's post saved it, and /setup resumes there. */}
      <Form method="post" action="/logout" className="setup-signout">
        <button type="submit" className="button">
          {t("shell.logout")}
        </button>
      </Form>
    </div>
  );
}

/** Back (a link to the step before) and Next (the step's submit button). */
export function WizardNav({ back, next, busy }: { back: OnboardingStep | null; next: ReactNode; busy?: boolean }) {
  const t = useT();
  return (
    <div className="setup-nav">
      {back ? (
        <Link className="button" to={STEP_PATHS[back] + (back === "welcome" ? "?step=welcome" : "")}>
          {t("setup.back")}
        </Link>
      ) : (
        <span />
      )}
      <span aria-busy={busy ? "true" : undefined}>{next}</span>
    </div>
  );
}
