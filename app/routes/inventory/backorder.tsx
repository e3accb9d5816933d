import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { backorderNeeds, placeBackorder, planBackorder } from "../../../worker/domain/purchasing/backorder";
import { requirePage } from "../../../worker/guards";
import { IdempotencyKeyField, IdempotencyKeyProvider } from "../../components/idempotency-key";
import { readableParams, type FieldErrors } from "../../components/inventory/format";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { formAction, newFormKey, onceForm } from "../../server/form-page.server";
import { BACKORDER_PATH, PURCHASE_ORDERS_EDIT, PURCHASE_ORDERS_VIEW, REORDER_PATH, OrderChoiceCells } from "./reorder-parts";
import type { Route } from "./+types/backorder";
import "../../components/inventory/inventory.css";

/**
 * The backorder wizard: (1) a supplier and a quantity per product short for open sales orders,
 * (2) the lines grouped by supplier and location, each group added to an open purchase order or
 * made into a new one, (3) the confirmation page listing the orders (backorder/{ids}).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, PURCHASE_ORDERS_VIEW);
  const needs = await backorderNeeds(await ctxFromRequest(rc));
  return { ...needs, canEdit: hasPermissions(actor.permissions, PURCHASE_ORDERS_EDIT), formKey: newFormKey() };
}

interface Typed {
  selected: string[];
  quantity: Record<string, string>;
  supplier: Record<string, string>;
}

/** The wizard's lines as the second step carries them (hidden fields line.K.*), with the group each joined. */
interface CarriedLine {
  variant_id: string;
  location_id: string;
  quantity: string;
  supplier_id: string;
  group: string;
}

function carriedLines(form: FormData): CarriedLine[] {
  const lines: CarriedLine[] = [];
  const indexes = [...form.keys()].flatMap((key) => /^line\.(\d{1,4})\.variant_id$/.exec(key)?.[1] ?? []);
  for (const k of indexes.slice(0, 1000)) {
    const get = (name: string) => String(form.get(`line.${k}.${name}`) ?? "");
    lines.push({
      variant_id: get("variant_id"),
      location_id: get("location_id"),
      quantity: get("quantity"),
      supplier_id: get("supplier_id"),
      group: get("group"),
    });
  }
  return lines;
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, PURCHASE_ORDERS_EDIT);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  if (form.get("intent") === "place") {
    const lines = carriedLines(form);
    return formAction(async () => {
      const location = await onceForm(rc, request, form, async () => {
        const placed = await placeBackorder(ctx, {
          lines: lines.map(({ group, ...line }) => ({ ...line, purchase_order_id: String(form.get(`order.${group}`) ?? "") })),
        });
        return `${BACKORDER_PATH}/${placed.purchase_orders.map((o) => o.id).join("-")}`;
      });
      return redirect(location);
    });
  }
  const typed: Typed = { selected: form.getAll("select").map(String), quantity: {}, supplier: {} };
  for (const [key, raw] of form) {
    const m = /^(quantity|supplier_id)\.(\d{1,4})$/.exec(key);
    if (m) typed[m[1] === "quantity" ? "quantity" : "supplier"][m[2]!] = String(raw).trim();
  }
  const rows = typed.selected.filter((row) => /^\d{1,4}$/.test(row));
  const lines = rows.map((row) => ({
    variant_id: String(form.get(`variant_id.${row}`) ?? ""),
    location_id: String(form.get(`location_id.${row}`) ?? ""),
    quantity: typed.quantity[row] ?? "",
    supplier_id: typed.supplier[row] ?? "",
  }));
  // lines.N.x names the Nth ticked row: shown at that row.
  const rowFields = (fields: FieldErrors | undefined) => {
    const out: FieldErrors = {};
    for (const [key, value] of Object.entries(fields ?? {})) {
      const m = /^lines\.(\d+)\.(quantity|supplier_id)$/.exec(key);
      const row = m ? rows[Number(m[1])] : undefined;
      out[m && row !== undefined ? `${m[2]}.${row}` : key] ??= value;
    }
    return out;
  };
  return formAction(
    async () => ({ step: "groups" as const, groups: await planBackorder(ctx, { lines }), lines }),
    (refusal) => ({ ...refusal, fields: rowFields(refusal.fields), typed }),
  );
}

export default function Backorder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { items, open_orders, suppliers, canEdit, formKey } = loaderData;
  const planned = actionData && "step" in actionData ? actionData : null;
  const refused = actionData && "error" in actionData ? actionData : null;
  const errors = readableParams(refused?.fields, format.quantity);
  const typed = refused && "typed" in refused ? (refused.typed as Typed) : undefined;
  const rowError = Object.keys(errors ?? {}).some((k) => /^(quantity|supplier_id)\.\d+$/.test(k));
  const need = (variantId: number, locationId: number) => items.find((i) => i.variant_id === variantId && i.location_id === locationId);
  return (
    <IdempotencyKeyProvider value={formKey}>
      <title>{`${t("backorder.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("backorder.title")}</h1>
        <Link to={REORDER_PATH}>{t("reorder.title")}</Link>
      </div>

      {refused ? (
        <div role="alert" className="alert alert--error">
          <p>{rowError ? t("stock_documents.fix_fields") : errorText(refused)}</p>
        </div>
      ) : null}

      {planned ? (
        <Form method="post" noValidate className="card">
          <h2>{t("backorder.step_groups")}</h2>
          <p className="muted">{t("backorder.groups_hint")}</p>
          <IdempotencyKeyField />
          <input type="hidden" name="intent" value="place" />
          {planned.groups.map((group, g) => (
            <section key={`${group.supplier.id}-${group.location.id}`} className="inventory-section" aria-label={group.supplier.label}>
              <h3>{t("backorder.group_title", { supplier: group.supplier.label, location: group.location.label })}</h3>
              <ul>
                {group.lines.map((line) => {
                  const item = need(line.variant_id, group.location.id);
                  return (
                    <li key={line.index}>
                      {item ? `${item.sku} — ${item.label}` : `#${line.variant_id}`} × {format.quantity(line.quantity)}
                    </li>
                  );
                })}
              </ul>
              <div className="field">
                <label htmlFor={`order-${g}`}>{t("backorder.add_to")}</label>
                <select id={`order-${g}`} name={`order.${g}`} defaultValue="">
                  <option value="">{t("backorder.new_order")}</option>
                  {group.open_orders.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.number}
                    </option>
                  ))}
                </select>
              </div>
            </section>
          ))}
          {planned.groups.flatMap((group, g) =>
            group.lines.map((line) => {
              const sent = planned.lines[line.index]!;
              return (
                <span key={line.index} hidden>
                  <input type="hidden" name={`line.${line.index}.variant_id`} value={sent.variant_id} />
                  <input type="hidden" name={`line.${line.index}.location_id`} value={sent.location_id} />
                  <input type="hidden" name={`line.${line.index}.quantity`} value={sent.quantity} />
                  <input type="hidden" name={`line.${line.index}.supplier_id`} value={sent.supplier_id} />
                  <input type="hidden" name={`line.${line.index}.group`} value={g} />
                </span>
              );
            }),
          )}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("backorder.place")}
            </button>
            <Link to={BACKORDER_PATH}>{t("backorder.back")}</Link>
          </div>
        </Form>
      ) : items.length === 0 ? (
        <p role="status" className="card">
          {t("backorder.nothing")}
        </p>
      ) : (
        <Form method="post" noValidate className="card">
          <h2>{t("backorder.step_lines")}</h2>
          <p className="muted">{t("backorder.hint")}</p>
          <input type="hidden" name="intent" value="plan" />
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t("reorder.select")}</th>
                  <th scope="col">{t("stock.sku")}</th>
                  <th scope="col">{t("stock.variant")}</th>
                  <th scope="col">{t("stock.location")}</th>
                  <th scope="col" className="numeric">
                    {t("stock.on_hand")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("stock.committed")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("stock.incoming")}
                  </th>
                  <th scope="col">{t("backorder.sales_orders")}</th>
                  <th scope="col">{t("reorder.quantity")}</th>
                  <th scope="col">{t("reorder.supplier")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item, i) => {
                  const row = String(i);
                  return (
                    <tr key={`${item.variant_id}-${item.location_id}`}>
                      <td>
                        <input
                          type="checkbox"
                          name="select"
                          value={row}
                          defaultChecked={typed ? typed.selected.includes(row) : true}
                          disabled={!canEdit}
                          aria-label={t("reorder.select_row", { sku: item.sku, location: item.location.label })}
                        />
                        <input type="hidden" name={`variant_id.${row}`} value={item.variant_id} />
                        <input type="hidden" name={`location_id.${row}`} value={item.location_id} />
                      </td>
                      <td>{item.sku}</td>
                      <td>{item.label}</td>
                      <td>{item.location.label}</td>
                      <td className="numeric">{format.quantity(item.on_hand)}</td>
                      <td className="numeric">{format.quantity(item.committed)}</td>
                      <td className="numeric">{format.quantity(item.incoming)}</td>
                      <td>
                        {item.sales_orders.map((s, k) => (
                          <span key={s.id}>
                            {k ? ", " : ""}
                            <Link to={`/sales/sales-orders/${s.id}`}>{s.number ?? `#${s.id}`}</Link>
                          </span>
                        ))}
                      </td>
                      <OrderChoiceCells
                        row={row}
                        sku={item.sku}
                        quantity={typed?.quantity[row] ?? format.input(item.quantity)}
                        supplierId={typed?.supplier[row] ?? String(item.supplier?.id ?? "")}
                        suppliers={suppliers}
                        errors={errors}
                        disabled={!canEdit}
                      />
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {open_orders.length ? <p className="muted">{t("backorder.open_orders", { count: open_orders.length })}</p> : null}
          {canEdit ? (
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {t("backorder.next")}
              </button>
            </div>
          ) : null}
        </Form>
      )}
    </IdempotencyKeyProvider>
  );
}
