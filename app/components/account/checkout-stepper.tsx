import { Link } from "react-router";
import { useT } from "../../i18n";
import { CHECKOUT_STEPS, checkoutPath, type CheckoutChoice, type CheckoutStep } from "./checkout-path";

/**
 * The five steps of the checkout, the current one marked. Earlier steps are links (to change
 * what was chosen); later ones are not, since each step needs the one before it.
 */
export function CheckoutStepper({ choice, step }: { choice: CheckoutChoice; step: CheckoutStep }) {
  const t = useT();
  const at = CHECKOUT_STEPS.indexOf(step);
  return (
    <ol className="checkout-stepper" aria-label={t("checkout.steps")}>
      {CHECKOUT_STEPS.map((s, i) => {
        const label = (
          <>
            <span className="checkout-stepper__number">{i + 1}</span>
            <span className="checkout-stepper__label">{t(`checkout.step_${s.replace(/-/g, "_")}`)}</span>
          </>
        );
        const state = i < at ? "done" : i === at ? "current" : "todo";
        return (
          <li key={s} className={`checkout-stepper__step checkout-stepper__step--${state}`} aria-current={i === at ? "step" : undefined}>
            {i < at && step !== "confirmation" ? <Link to={checkoutPath(choice, s)}>{label}</Link> : label}
          </li>
        );
      })}
    </ol>
  );
}
