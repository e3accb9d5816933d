import { Form, Link, useNavigation } from "react-router";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { PackNote } from "../documents/pack-note";
import { IdempotencyKeyField, IdempotencyKeyProvider } from "../idempotency-key";
import { readableParams, type FieldErrors } from "../inventory/format";
import { SHIPPING_ORDERS, type OrderShipping } from "./shipping-kinds";
import { ShippingChip, ShippingLinesHead } from "./shipping-order-pages";

/** What the ship form's post answers when the shipping order is refused. */
export interface ShipRefusal {
  ship: true;
  error: string;
  params?: Record<string, unknown>;
  fields?: FieldErrors | undefined;
}

/**
 * A sales order's shipping: the ship form (each line that still has something to ship, its
 * remaining quantity prefilled, and a batch for batch-tracked variants) and the order's shipping orders.
 */
export function ShipOrderPanel({ shipping, refusal }: { shipping: OrderShipping; refusal: ShipRefusal | undefined }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { shipments, choices } = shipping;
  const fields = readableParams(refusal?.fields, format.quantity);
  const fieldError = (row: number, field: string) => {
    const error = fields?.[`lines.${row}.${field}`];
    return error ? (
      <span className="field__error" role="alert">
        {errorText(error.code, error.params)}
      </span>
    ) : null;
  };
  return (
    <>
      {choices ? (
        <details className="card ship-order" open={refusal !== undefined}>
          <summary className="button button--primary">{t("shipping_orders.ship_order")}</summary>
          {refusal ? (
            <p role="alert" className="alert alert--error">
              {refusal.fields && Object.keys(refusal.fields).length > 0
                ? refusal.fields.lines
                  ? errorText(fields?.lines ?? refusal.fields.lines)
                  : t("sales_documents.fix_fields")
                : errorText(refusal.error, refusal.params)}
            </p>
          ) : null}
          <IdempotencyKeyProvider value={shipping.idempotencyKey}>
            <Form method="post">
              <IdempotencyKeyField />
              <input type="hidden" name="intent" value="ship" />
              <div className="table-scroll">
                <table className="data-table sales-lines">
                  <ShippingLinesHead numeric="shipping_orders.remaining" more={["shipping_orders.to_ship", "shipping_orders.batch"]} />
                  <tbody>
                    {choices.map((line, row) => (
                      <tr key={line.line_id}>
                        <td>{line.sku}</td>
                        <td>
                          {line.description}
                          <PackNote label={line.pack_label} units={line.remaining_units} />
                        </td>
                        <td className="numeric">{format.quantity(line.remaining_to_ship)}</td>
                        <td>
                          <input type="hidden" name="line_id" value={line.line_id} />
                          <input
                            name="quantity"
                            inputMode="decimal"
                            size={8}
                            defaultValue={format.input(line.remaining_to_ship)}
                            aria-label={t("shipping_orders.quantity_of", { line: line.sku ?? line.description ?? "" })}
                          />
                          {fieldError(row, "quantity")}
                        </td>
                        <td>
                          {line.batches ? (
                            <select
                              name="batch_id"
                              aria-label={t("shipping_orders.batch_of", { line: line.sku ?? line.description ?? "" })}
                            >
                              <option value="">{t("sales_documents.choose")}</option>
                              {line.batches.map((b) => (
                                <option key={b.id} value={b.id}>
                                  {b.expiration_date
                                    ? t("shipping_orders.batch_option_expiring", {
                                        number: b.number,
                                        quantity: format.quantity(b.quantity),
                                        date: format.date(b.expiration_date),
                                      })
                                    : t("shipping_orders.batch_option", { number: b.number, quantity: format.quantity(b.quantity) })}
                                </option>
                              ))}
                            </select>
                          ) : (
                            <>
                              <input type="hidden" name="batch_id" value="" />—
                            </>
                          )}
                          {fieldError(row, "batch_id")}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <button type="submit" className="button button--primary" disabled={busy}>
                {t("shipping_orders.create")}
              </button>
            </Form>
          </IdempotencyKeyProvider>
        </details>
      ) : null}
      {shipments ? (
        <section className="card">
          <h2>{t("shipping_orders.title")}</h2>
          {shipments.length === 0 ? (
            <p>{t("shipping_orders.none")}</p>
          ) : (
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t("sales_documents.number")}</th>
                  <th scope="col">{t("sales_documents.date")}</th>
                  <th scope="col">{t("sales_documents.status")}</th>
                </tr>
              </thead>
              <tbody>
                {shipments.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link to={`${SHIPPING_ORDERS.path}/${s.id}`}>{s.number}</Link>
                    </td>
                    <td>{format.date(s.date)}</td>
                    <td>
                      <ShippingChip status={s.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </>
  );
}
