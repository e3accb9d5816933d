import type { Formatter } from "../../../worker/domain/shared/format";
import { useFormat } from "../../format";
import { useT, type Translate } from "../../i18n";

/** An expiration date, marked when the batch is past it. */
export function ExpirationCell({ date, expired }: { date: string | null; expired: boolean }) {
  return expirationCell(date, expired, useT(), useFormat());
}

/** The cell's markup, for a list's cells (plain markup: decision 056). */
export function expirationCell(date: string | null, expired: boolean, t: Translate, format: Formatter) {
  if (!date) return "—";
  return (
    <>
      {format.date(date)}
      {expired ? (
        <>
          {" "}
          <span className="badge badge--danger">{t("batches.expired")}</span>
        </>
      ) : null}
    </>
  );
}
