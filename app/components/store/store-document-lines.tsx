import type { SalesLineView } from "../../../worker/domain/sales/sales-documents";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { PackNote } from "../documents/pack-note";

/** A document's lines as the store shows them to its buyer (an order, an invoice): product, quantity, price, line total. */
export function StoreDocumentLines({ lines, currency }: { lines: readonly SalesLineView[]; currency: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            <th>{t("b2b.product")}</th>
            <th>{t("b2b.quantity")}</th>
            <th>{t("b2b.price")}</th>
            <th>{t("b2b.line_total")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.description ?? line.sku}
                {line.kind === "pack" ? <PackNote label={line.pack_label} units={line.units} /> : null}
              </td>
              <td>{format.quantity(line.quantity)}</td>
              <td>{format.money(line.price, currency)}</td>
              <td>{format.money(line.total_excl_tax, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
