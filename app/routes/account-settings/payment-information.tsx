import { Form, Link, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { CheckoutFrame } from "../../components/account/checkout-frame";
import { checkoutPath } from "../../components/account/checkout-path";
import { useErrorText, useT } from "../../i18n";
import { checkoutAction, checkoutLoader } from "./billing.server";
import "../../components/account/account.css";
import type { Route } from "./+types/payment-information";

/** Also where the payment provider's card page sends the browser back (`?session_id=`): the card is kept, then confirm-order. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return checkoutLoader(context.get(requestContext), request, params);
}

/** "Enter a card": the provider's own page takes the card, which never passes through this server. */
export function action({ request, params, context }: Route.ActionArgs) {
  return checkoutAction(context.get(requestContext), request, params);
}

/** Step 3: the card that pays, entered on the payment provider's page. */
export default function PaymentInformation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state !== "idle";
  const { choice, overview, cardError } = loaderData;
  const card = overview.card;
  return (
    <CheckoutFrame step="payment-information" choice={choice} activeUsers={overview.activeUsers} error={actionData}>
      <section className="card form">
        {cardError ? (
          <p role="alert" className="alert alert--error">
            {errorText(cardError)}
          </p>
        ) : null}
        {card ? (
          <p data-testid="checkout-card">
            {t("checkout.card_on_file")} <strong>{card.brand.toUpperCase()}</strong> •••• {card.last4}{" "}
            <span className="muted">{t("account.card_expiry", { date: `${String(card.expMonth).padStart(2, "0")}/${card.expYear}` })}</span>
          </p>
        ) : (
          <p className="muted" data-testid="checkout-card">
            {t("account.no_card")}
          </p>
        )}
        {overview.canUpdateCard ? (
          <>
            <p className="muted">{t("checkout.card_page_hint")}</p>
            <div className="actions">
              <Form method="post">
                <button type="submit" className={`button ${card ? "button--secondary" : "button--primary"}`} disabled={busy}>
                  {card ? t("checkout.other_card") : t("checkout.enter_card")}
                </button>
              </Form>
              {card ? (
                <Link className="button button--primary" to={checkoutPath(choice, "confirm-order")}>
                  {t("checkout.continue")}
                </Link>
              ) : null}
            </div>
          </>
        ) : (
          <>
            <p className="muted">{t("account.contact_admin")}</p>
            {card ? (
              <div className="actions">
                <Link className="button button--primary" to={checkoutPath(choice, "confirm-order")}>
                  {t("checkout.continue")}
                </Link>
              </div>
            ) : null}
          </>
        )}
      </section>
    </CheckoutFrame>
  );
}
