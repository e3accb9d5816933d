import { useFormat } from "../../format";
import { useT } from "../../i18n";

/** An expiration date, marked when the batch is past it. */
export function ExpirationCell({ date, expired }: { date: string | null; expired: boolean }) {
  const t = useT();
  const format = useFormat();
  if (!date) return <>—</>;
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
