import { Link } from "react-router";
import {
  B2B_ADDON_MONTHLY,
  BILLING_CURRENCIES,
  PLANS,
  PLAN_TERMS,
  quote,
  type BillingCurrency,
  type Plan,
} from "../../../worker/domain/billing/plans";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { ACCOUNT_PATH, checkoutPath, fromCents } from "./checkout-path";

/**
 * The three plans side by side (stacked on a phone), priced in one currency from the plans'
 * terms: the month, the year (ten months billed), the users included and the B2B store add-on.
 * `choose` says whether each plan leads to the checkout (not while billing is unavailable).
 */
export function PlanTable({
  currency,
  current,
  b2bAddon,
  choose,
}: {
  currency: BillingCurrency;
  current: Plan | null;
  b2bAddon: boolean;
  choose: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const money = (cents: number) => format.money(fromCents(cents), currency.toUpperCase());
  return (
    <section className="card" aria-labelledby="plans-title">
      <div className="page-header">
        <h2 id="plans-title">{t("account.plans")}</h2>
        <p className="actions" aria-label={t("account.currency")}>
          {BILLING_CURRENCIES.map((c) => (
            <Link key={c} to={`${ACCOUNT_PATH}?currency=${c}`} className="link-button" aria-pressed={c === currency} preventScrollReset>
              {c.toUpperCase()}
            </Link>
          ))}
        </p>
      </div>
      <div className="plan-table">
        {PLANS.map((plan) => {
          const terms = PLAN_TERMS[plan];
          const price = (period: "monthly" | "yearly") => quote({ plan, period, currency, activeUsers: 0, b2bAddon: false }).total;
          const saving = price("monthly") * 12 - price("yearly");
          return (
            <article key={plan} className={`plan-card${plan === current ? " plan-card--current" : ""}`} data-testid={`plan-${plan}`}>
              <h3>
                {t(`account.plan_${plan}`)} {plan === current ? <span className="badge badge--ok">{t("account.current_plan")}</span> : null}
              </h3>
              <p className="plan-card__price">
                <strong>{money(price("monthly"))}</strong> {t("account.per_month")}
              </p>
              <p className="muted">
                {t("account.or_yearly", { amount: money(price("yearly")) })} · {t("account.yearly_saving", { amount: money(saving) })}
              </p>
              <ul className="plan-card__includes">
                <li>{t("account.includes_users", { count: terms.includedUsers })}</li>
                <li>{t("account.extra_user", { amount: money(terms.extraUserMonthly[currency]) })}</li>
                <li>
                  {terms.b2bIncluded
                    ? t("account.b2b_included")
                    : t("account.b2b_optional", { amount: money(B2B_ADDON_MONTHLY[currency]) })}
                </li>
              </ul>
              {choose ? (
                <p className="actions">
                  <Link
                    className="button button--primary"
                    to={checkoutPath({ plan, period: "monthly", currency, b2bAddon }, "pick-period")}
                  >
                    {plan === current ? t("account.change_cycle") : t("account.choose_plan_name", { plan: t(`account.plan_${plan}`) })}
                  </Link>
                </p>
              ) : null}
            </article>
          );
        })}
      </div>
    </section>
  );
}
