import { Link } from "react-router";
import { requestContext } from "../../../worker/context";
import { CheckoutFrame } from "../../components/account/checkout-frame";
import { ACCOUNT_PATH } from "../../components/account/checkout-path";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { checkoutLoader } from "./billing.server";
import "../../components/account/account.css";
import type { Route } from "./+types/confirmation";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return checkoutLoader(context.get(requestContext), request, params);
}

/** Step 5: the account as the order left it. */
export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { choice, overview } = loaderData;
  const subscribed = overview.status === "subscribed";
  return (
    <CheckoutFrame step="confirmation" choice={choice} activeUsers={overview.activeUsers}>
      <section className="card">
        <p className={subscribed ? "alert alert--success" : "alert alert--warning"} data-testid="checkout-confirmation">
          {subscribed
            ? t("checkout.subscribed", { plan: t(`account.plan_${overview.plan ?? choice.plan}`) })
            : t("checkout.not_subscribed", { status: t(`account.status_${overview.status}`) })}
        </p>
        {subscribed && overview.currentPeriodEnd ? (
          <p>{t("checkout.next_billing", { date: format.day(overview.currentPeriodEnd) })}</p>
        ) : null}
        <p className="actions">
          <Link className="button button--primary" to="/dashboard">
            {t("checkout.to_dashboard")}
          </Link>
          <Link className="button button--secondary" to={ACCOUNT_PATH}>
            {t("checkout.back_to_account")}
          </Link>
        </p>
      </section>
    </CheckoutFrame>
  );
}
