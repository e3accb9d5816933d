import { statusColour, type DocumentStatus } from "../../worker/domain/documents/statuses";
import { useT, type Translate } from "../i18n";

/** A document's status in the colour of domain spec §4, with its translated name. */
export function StatusChip({ status }: { status: DocumentStatus }) {
  return statusChip(status, useT());
}

/** The chip's markup, for a list's cells (plain markup: decision 056). */
export function statusChip(status: DocumentStatus, t: Translate) {
  return (
    <span className={`status-chip status-chip--${statusColour(status)}`} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
