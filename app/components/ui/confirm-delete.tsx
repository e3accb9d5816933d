import { Form, useNavigation } from "react-router";
import { DELETE_ACKNOWLEDGEMENTS, type DeleteAcknowledgement } from "../../../worker/domain/shared/acknowledgements";
import { useT } from "../../i18n";

export type { DeleteAcknowledgement };

/** The consequences a posted delete form ticked; the delete verb checks they are the ones it asks. */
export function tickedAcknowledgements(form: FormData): DeleteAcknowledgement[] {
  return DELETE_ACKNOWLEDGEMENTS.filter((name) => form.get(`acknowledge_${name}`) === "on");
}

/**
 * A delete button that opens a panel of boxes to tick before the delete can be sent: one per
 * consequence (what else goes with it, the stock adjusted, no way back). Works without JavaScript.
 */
export function ConfirmDelete({
  label,
  acknowledge,
  details,
}: {
  label: string;
  acknowledge: readonly DeleteAcknowledgement[];
  details?: string;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <details className="confirm-delete">
      <summary className="button button--danger">{label}</summary>
      <Form method="post" className="confirm-delete__panel">
        <input type="hidden" name="intent" value="delete" />
        {details ? <p>{details}</p> : null}
        {acknowledge.map((name) => (
          <label key={name} className="checkbox">
            <input type="checkbox" name={`acknowledge_${name}`} required />
            <span>{t(`delete.acknowledge_${name}`)}</span>
          </label>
        ))}
        <button type="submit" className="button button--danger" disabled={busy}>
          {t("delete.confirm")}
        </button>
      </Form>
    </details>
  );
}
