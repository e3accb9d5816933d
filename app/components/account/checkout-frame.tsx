import type { ReactNode } from "react";
import { Link } from "react-router";
import { quote, type Promotion, type Quote } from "../../../worker/domain/billing/plans";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { ACCOUNT_PATH, fromCents, type CheckoutChoice, type CheckoutStep } from "./checkout-path";
import { CheckoutStepper } from "./checkout-stepper";

/** What the chosen plan costs a cycle for the account's active users (and its promotion, when known). */
export function choiceQuote(choice: CheckoutChoice, activeUsers: number, promotion: Promotion | null = null): Quote {
  return quote({ ...choice, activeUsers, promotion });
}

/**
 * A checkout step's page: its title, the stepper, what went wrong, the step's own form, and
 * beside it (under it on a phone) a reminder of the choice and its price.
 */
export function CheckoutFrame({
  step,
  choice,
  activeUsers,
  quote: priced,
  error,
  children,
}: {
  step: CheckoutStep;
  choice: CheckoutChoice;
  activeUsers: number;
  /** The domain's price of the choice when the page has it (with the promotion); else from the plans' terms. */
  quote?: Quote | null | undefined;
  error?: { error?: string; params?: Record<string, unknown>; fields?: unknown } | null | undefined;
  children: ReactNode;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const title = t(`checkout.step_${step.replace(/-/g, "_")}`);
  const total = (priced ?? choiceQuote(choice, activeUsers)).total;
  const fieldsAtFault = error?.fields && Object.keys(error.fields).length > 0;
  return (
    <>
      <title>{`${title} | ${t("account.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={ACCOUNT_PATH}>{t("checkout.back_to_account")}</Link>
      </div>
      <CheckoutStepper choice={choice} step={step} />
      {error?.error ? (
        <p role="alert" className="alert alert--error account-notice">
          {fieldsAtFault ? t("checkout.fix_fields") : errorText(error.error, error.params)}
        </p>
      ) : null}
      <div className="checkout-layout">
        <div className="checkout-layout__main">{children}</div>
        <aside className="card checkout-layout__summary" aria-label={t("checkout.your_choice")}>
          <h2>{t("checkout.your_choice")}</h2>
          <dl className="detail-list">
            <dt>{t("account.plan")}</dt>
            <dd data-testid="checkout-plan">{t(`account.plan_${choice.plan}`)}</dd>
            <dt>{t("account.billing_cycle")}</dt>
            <dd>{t(`account.period_${choice.period}`)}</dd>
            <dt>{t("account.currency")}</dt>
            <dd>{choice.currency.toUpperCase()}</dd>
            <dt>{t("account.b2b_addon")}</dt>
            <dd>{choice.plan === "elite" ? t("account.b2b_included_short") : choice.b2bAddon ? t("account.yes") : t("account.no")}</dd>
            <dt>{t(`account.amount_${choice.period}`)}</dt>
            <dd>{format.money(fromCents(total), choice.currency.toUpperCase())}</dd>
          </dl>
        </aside>
      </div>
    </>
  );
}
