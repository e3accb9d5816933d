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
 * Another destructive intent (removing one row of a document) names itself, the fields it posts
 * and its confirming button's label. `inline` opens the panel in the page's flow, for a button in
 * a table, whose scrolling box would clip a panel laid over it.
 */
export function ConfirmDelete({
  label,
  acknowledge,
  details,
  intent = "delete",
  fields = {},
  confirmLabel,
  inline = false,
}: {
  label: string;
  acknowledge: readonly DeleteAcknowledgement[];
  details?: string;
  intent?: string;
  fields?: Record<string, string | number>;
  confirmLabel?: string;
  inline?: boolean;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <details className={inline ? "confirm-delete confirm-delete--inline" : "confirm-delete"}>
      <summary className="button button--danger">{label}</summary>
      <Form method="post" className="confirm-delete__panel">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {details ? <p>{details}</p> : null}
        {acknowledge.map((name) => (
          <label key={name} className="checkbox">
            <input type="checkbox" name={`acknowledge_${name}`} required />
            <span>{t(`delete.acknowledge_${name}`)}</span>
          </label>
        ))}
        <button type="submit" className="button button--danger" disabled={busy}>
          {confirmLabel ?? t("delete.confirm")}
        </button>
      </Form>
    </details>
  );
}
