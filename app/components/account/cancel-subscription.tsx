import { Form, useNavigation } from "react-router";
import { CANCEL_REASONS } from "../../../worker/domain/billing/plans";
import { useErrorText, useT } from "../../i18n";
import type { FieldErrorMap } from "../form-field";

/**
 * Cancelling: a button that opens a panel asking why (the six reasons of domain spec §9, and a
 * comment) and a confirming button. Works without JavaScript; the panel stays open after a refusal.
 */
export function CancelSubscription({ accessUntil, errors, open }: { accessUntil: string | null; errors: FieldErrorMap; open: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const reasonError = errors?.reason;
  return (
    <details className="confirm-delete confirm-delete--inline cancel-subscription" open={open || undefined}>
      <summary className="button button--danger">{t("account.cancel")}</summary>
      <Form method="post" className="confirm-delete__panel cancel-panel">
        <input type="hidden" name="intent" value="cancel" />
        <fieldset
          className="fieldset"
          aria-invalid={Boolean(reasonError)}
          aria-describedby={reasonError ? "cancel-reason-error" : undefined}
        >
          <legend>{t("account.cancel_reason")}</legend>
          {CANCEL_REASONS.map((reason) => (
            <label key={reason} className="checkbox">
              <input type="radio" name="reason" value={reason} required />
              <span>{t(`account.cancel_reason_${reason}`)}</span>
            </label>
          ))}
          {reasonError ? (
            <span id="cancel-reason-error" className="field__error" role="alert">
              {errorText(reasonError.code, reasonError.params)}
            </span>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor="cancel-comment">{t("account.cancel_comment")}</label>
          <textarea id="cancel-comment" name="comment" rows={3} maxLength={2000} />
        </div>
        <p>{accessUntil ? t("account.cancel_effect", { date: accessUntil }) : t("account.cancel_effect_end")}</p>
        <button type="submit" className="button button--danger" disabled={busy}>
          {t("account.cancel_confirm")}
        </button>
      </Form>
    </details>
  );
}
