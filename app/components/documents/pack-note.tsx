import { useFormat } from "../../format";
import { useT } from "../../i18n";

/**
 * Under a pack line's description, its pack and the units it stands for ("Lot de 6 · 6 units"):
 * the line's quantity counts packs, and whoever prepares it must see how many units leave.
 */
export function PackNote({ label, units }: { label: string | null; units: string | null | undefined }) {
  const t = useT();
  const format = useFormat();
  if (label === null || units === null || units === undefined) return null;
  return (
    <small className="line-pack muted" style={{ display: "block" }} data-pack>
      {t("documents.line.pack", { pack: label, units: format.quantity(units), count: Number(units) })}
    </small>
  );
}
