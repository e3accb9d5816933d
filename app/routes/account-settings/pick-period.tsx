import { Form, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { BILLING_PERIODS, PLANS, PLAN_TERMS, B2B_ADDON_MONTHLY } from "../../../worker/domain/billing/plans";
import { CheckoutFrame, choiceQuote } from "../../components/account/checkout-frame";
import { fromCents } from "../../components/account/checkout-path";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { checkoutAction, checkoutLoader } from "./billing.server";
import "../../components/account/account.css";
import type { Route } from "./+types/pick-period";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return checkoutLoader(context.get(requestContext), request, params);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return checkoutAction(context.get(requestContext), request, params);
}

/** Step 1: the plan, monthly or yearly (two months free), and the B2B store add-on. */
export default function PickPeriod({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const busy = useNavigation().state === "submitting";
  const { choice, overview } = loaderData;
  const money = (cents: number) => format.money(fromCents(cents), choice.currency.toUpperCase());
  const total = (period: (typeof BILLING_PERIODS)[number]) => choiceQuote({ ...choice, period }, overview.activeUsers).total;
  return (
    <CheckoutFrame step="pick-period" choice={choice} activeUsers={overview.activeUsers} error={actionData}>
      <Form method="post" className="card form" noValidate>
        <fieldset className="fieldset">
          <legend>{t("account.plan")}</legend>
          <div className="choice-grid">
            {PLANS.map((plan) => (
              <label key={plan} className="choice">
                <input type="radio" name="plan" value={plan} defaultChecked={plan === choice.plan} />
                <span>
                  <strong>{t(`account.plan_${plan}`)}</strong>
                  <span className="muted">{t("account.includes_users", { count: PLAN_TERMS[plan].includedUsers })}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t("account.billing_cycle")}</legend>
          <div className="choice-grid">
            {BILLING_PERIODS.map((period) => (
              <label key={period} className="choice" data-testid={`period-${period}`}>
                <input type="radio" name="period" value={period} defaultChecked={period === choice.period} />
                <span>
                  <strong>{t(`account.period_${period}`)}</strong>
                  <span>{t(`checkout.price_${period}`, { amount: money(total(period)) })}</span>
                  {period === "yearly" ? (
                    <span className="badge badge--ok">
                      {t("account.yearly_saving", { amount: money(total("monthly") * 12 - total("yearly")) })}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {PLAN_TERMS[choice.plan].b2bIncluded ? (
          <p className="muted">{t("account.b2b_included")}</p>
        ) : (
          <label className="checkbox">
            <input type="checkbox" name="b2b_addon" defaultChecked={choice.b2bAddon} />
            <span>{t("checkout.b2b_addon_choice", { amount: money(B2B_ADDON_MONTHLY[choice.currency]) })}</span>
          </label>
        )}
        <p className="muted">{t("checkout.users_billed", { count: overview.activeUsers })}</p>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("checkout.continue")}
          </button>
        </div>
      </Form>
    </CheckoutFrame>
  );
}
