import { Link } from "react-router";
import type { PurchaseOrderView } from "../../../worker/domain/purchasing/purchase-order-views";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { PURCHASE_ORDERS_PATH } from "../../components/purchasing/paths";
import { FormField, type FieldErrorMap } from "../../components/form-field";

/** Shared by the reorder page and the backorder wizard: paths, permissions, the orders made. */
export const REORDER_PATH = "/inventory/reorder";
export const BACKORDER_PATH = "/inventory/backorder";
export { PURCHASE_ORDERS_PATH };
export const PURCHASE_ORDERS_VIEW = { allOf: ["view_purchase_orders"] } as const;
export const PURCHASE_ORDERS_EDIT = { allOf: ["view_purchase_orders", "edit_purchase_orders"] } as const;

/** The orders made, as an address names them: their ids joined by "-" ("12-13"); anything else names none. */
export function ordersMadeParam(text: string | null | undefined): string[] {
  return text && /^\d{1,15}(-\d{1,15}){0,99}$/.test(text) ? text.split("-") : [];
}

/** The purchase orders a reorder or a backorder made or added to, each a link to the order. */
export function OrdersMadeList({ orders, title }: { orders: readonly PurchaseOrderView[]; title: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <section className="card" aria-label={title}>
      <p role="status" className="alert alert--success">
        {title}
      </p>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("reorder.order_number")}</th>
              <th scope="col">{t("reorder.supplier")}</th>
              <th scope="col">{t("stock.location")}</th>
              <th scope="col" className="numeric">
                {t("reorder.units")}
              </th>
              <th scope="col" className="numeric">
                {t("reorder.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={`${PURCHASE_ORDERS_PATH}/${order.id}`}>{order.number}</Link>
                </td>
                <td>{order.supplier.label}</td>
                <td>{order.location.label}</td>
                <td className="numeric">{format.quantity(order.remaining_units)}</td>
                <td className="numeric">{format.money(order.total, order.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A line's quantity to order and its supplier, as the reorder page and the backorder wizard ask them. */
export function OrderChoiceCells({
  row,
  sku,
  quantity,
  supplierId,
  suppliers,
  errors,
  disabled,
}: {
  row: string;
  sku: string;
  quantity: string;
  supplierId: string;
  suppliers: readonly { id: number; label: string }[];
  errors: FieldErrorMap;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <>
      <td>
        <FormField name={`quantity.${row}`} label={t("reorder.quantity_for", { sku })} errors={errors} hideLabel>
          {(props) => <input {...props} inputMode="decimal" disabled={disabled} defaultValue={quantity} />}
        </FormField>
      </td>
      <td>
        <FormField name={`supplier_id.${row}`} label={t("reorder.supplier_for", { sku })} errors={errors} hideLabel>
          {(props) => (
            <select {...props} disabled={disabled} defaultValue={supplierId}>
              <option value="">{t("reorder.choose_supplier")}</option>
              {suppliers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </td>
    </>
  );
}
