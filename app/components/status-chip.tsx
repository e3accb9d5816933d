import { statusColour, type DocumentStatus } from "../../worker/domain/documents/statuses";
import { useT } from "../i18n";

/** A document's status in the colour of domain spec §4, with its translated name. */
export function StatusChip({ status }: { status: DocumentStatus }) {
  const t = useT();
  return (
    <span className={`status-chip status-chip--${statusColour(status)}`} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
