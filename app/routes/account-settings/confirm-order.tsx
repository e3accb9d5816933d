import { Form, Link, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { CheckoutFrame, choiceQuote } from "../../components/account/checkout-frame";
import { checkoutPath } from "../../components/account/checkout-path";
import { QuoteLines } from "../../components/account/quote-lines";
import { CheckboxField } from "../../components/checkbox-field";
import { FormField, type FieldErrorMap } from "../../components/form-field";
import { useErrorText, useT } from "../../i18n";
import { checkoutAction, checkoutLoader } from "./billing.server";
import "../../components/account/account.css";
import type { Route } from "./+types/confirm-order";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return checkoutLoader(context.get(requestContext), request, params);
}

/** Apply (or remove) a promotion code, or confirm the order. */
export function action({ request, params, context }: Route.ActionArgs) {
  return checkoutAction(context.get(requestContext), request, params);
}

type Failure = { error?: string; params?: Record<string, unknown>; fields?: FieldErrorMap; values?: { promo_code?: string } } | undefined;

/** Step 4: what each cycle costs, a promotion code, and the two confirmations subscribing needs (domain spec §5). */
export default function ConfirmOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { choice, overview, promoCode, notice } = loaderData;
  const failure = actionData as Failure;
  const promoFailure = failure?.values !== undefined;
  const quote = loaderData.quote ?? choiceQuote(choice, overview.activeUsers);
  // Refusals that send back to an earlier step say which.
  const back =
    failure?.error === "billing_information_missing"
      ? "billing-information"
      : failure?.error === "no_credit_card" || failure?.error === "card_declined"
        ? "payment-information"
        : null;
  return (
    <CheckoutFrame
      step="confirm-order"
      choice={choice}
      activeUsers={overview.activeUsers}
      quote={quote}
      error={promoFailure ? null : failure}
    >
      {back ? (
        <p className="actions">
          <Link to={checkoutPath(choice, back)}>{t(`checkout.step_${back.replace(/-/g, "_")}`)}</Link>
        </p>
      ) : null}
      {notice === "promo_applied" || notice === "promo_removed" ? (
        <p role="status" className="alert alert--success account-notice">
          {t(`account.notice_${notice}`)}
        </p>
      ) : null}
      <section className="card">
        <h2>{t("checkout.summary")}</h2>
        <QuoteLines quote={quote} promoCode={overview.promoCode} />
      </section>
      <section className="card">
        <h2>{t("checkout.promo_code")}</h2>
        <Form method="post" className="promo-form" noValidate>
          <input type="hidden" name="intent" value="promo" />
          <FormField name="promo_code" label={t("checkout.promo_code")} errors={promoFailure ? failure?.fields : undefined} hideLabel>
            {(props) => <input {...props} type="text" autoComplete="off" defaultValue={failure?.values?.promo_code ?? promoCode ?? ""} />}
          </FormField>
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t("checkout.apply_promo")}
          </button>
        </Form>
        {promoFailure && failure?.error && !failure.fields ? <p className="field__error">{errorText(failure)}</p> : null}
        {overview.promoCode ? (
          <p className="muted" data-testid="promo-applied">
            {t("checkout.promo_applied", { code: overview.promoCode })}
          </p>
        ) : null}
      </section>
      <Form method="post" className="card form" noValidate>
        <input type="hidden" name="intent" value="confirm" />
        <CheckboxField
          name="accept_card"
          label={t("checkout.accept_card")}
          checked={false}
          errors={promoFailure ? null : (failure?.fields ?? null)}
        />
        <CheckboxField
          name="accept_terms"
          label={t("checkout.accept_terms")}
          checked={false}
          errors={promoFailure ? null : (failure?.fields ?? null)}
        />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("checkout.confirm")}
          </button>
        </div>
      </Form>
    </CheckoutFrame>
  );
}
