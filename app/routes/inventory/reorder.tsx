import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { orderReorder, reorderScreen } from "../../../worker/domain/purchasing/reorder";
import { pageUrl, requirePage } from "../../../worker/guards";
import { IdempotencyKeyField, IdempotencyKeyProvider } from "../../components/idempotency-key";
import { readableParams, type FieldErrors } from "../../components/inventory/format";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { formAction, newFormKey, onceForm } from "../../server/form-page.server";
import {
  OrdersMadeList,
  ordersMadeParam,
  PURCHASE_ORDERS_EDIT,
  PURCHASE_ORDERS_VIEW,
  REORDER_PATH,
  BACKORDER_PATH,
  OrderChoiceCells,
} from "./reorder-parts";
import type { Route } from "./+types/reorder";
import "../../components/inventory/inventory.css";

const id = (text: string | null) => (text && /^[1-9]\d{0,14}$/.test(text) ? text : undefined);

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, PURCHASE_ORDERS_VIEW);
  const ctx = await ctxFromRequest(rc);
  const params = pageUrl(request).searchParams;
  const locationId = id(params.get("location_id"));
  const after = /^\d{1,15}-\d{1,15}$/.test(params.get("after") ?? "") ? params.get("after")! : undefined;
  const screen = await reorderScreen(ctx, { location_id: locationId, after }, ordersMadeParam(params.get("made")));
  return {
    ...screen,
    locationId: locationId ?? "",
    after: after ?? null,
    canEdit: hasPermissions(actor.permissions, PURCHASE_ORDERS_EDIT),
    formKey: newFormKey(),
  };
}

interface Typed {
  selected: string[];
  quantity: Record<string, string>;
  supplier: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, PURCHASE_ORDERS_EDIT);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const typed: Typed = { selected: form.getAll("select").map(String), quantity: {}, supplier: {} };
  for (const [key, raw] of form) {
    const m = /^(quantity|supplier_id)\.(\d{1,4})$/.exec(key);
    if (m) typed[m[1] === "quantity" ? "quantity" : "supplier"][m[2]!] = String(raw).trim();
  }
  // The rows ticked, in the table's order; an error naming lines.N is shown at the Nth ticked row.
  const rows = typed.selected.filter((row) => /^\d{1,4}$/.test(row));
  const everything = form.get("intent") === "all";
  const locationOf = (row: string) => String(form.get(`location_id.${row}`) ?? "");
  const input = everything
    ? { location_id: String(form.get("location_id") ?? "") }
    : {
        // The first ticked row's location (the verb refuses rows of another); none ticked: nothing to order.
        location_id: locationOf(rows[0] ?? "0"),
        lines: rows.map((row) => ({
          variant_id: String(form.get(`variant_id.${row}`) ?? ""),
          location_id: locationOf(row),
          quantity: typed.quantity[row] ?? "",
          supplier_id: typed.supplier[row] ?? "",
        })),
      };
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
    async () => {
      const location = await onceForm(rc, request, form, async () => {
        const made = await orderReorder(ctx, input);
        const back = new URLSearchParams({ made: made.purchase_orders.map((o) => o.id).join("-") });
        const filtered = id(String(form.get("location_id") ?? ""));
        if (filtered) back.set("location_id", filtered);
        return `${REORDER_PATH}?${back.toString()}`;
      });
      return redirect(location);
    },
    (refusal) => ({ ...refusal, fields: rowFields(refusal.fields), typed }),
  );
}

export default function Reorder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { items, next, locations, suppliers, made, locationId, after, canEdit, formKey } = loaderData;
  const errors = readableParams(actionData?.fields, format.quantity);
  const typed = actionData?.typed;
  const rowError = Object.keys(errors ?? {}).some((k) => /^(quantity|supplier_id)\.\d+$/.test(k));
  const pageHref = (cursor: string | null) => {
    const params = new URLSearchParams();
    if (locationId) params.set("location_id", locationId);
    if (cursor) params.set("after", cursor);
    const query = params.toString();
    return query ? `${REORDER_PATH}?${query}` : REORDER_PATH;
  };
  const locationLabel = locations.find((l) => String(l.id) === locationId)?.label;
  return (
    <IdempotencyKeyProvider value={formKey}>
      <title>{`${t("reorder.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("reorder.title")}</h1>
        <Link to={BACKORDER_PATH}>{t("backorder.title")}</Link>
      </div>
      <p className="muted">{t("reorder.hint")}</p>

      {made.length ? <OrdersMadeList orders={made} title={t("reorder.made", { count: made.length })} /> : null}

      <Form method="get" className="card list-filters" aria-label={t("reorder.filter")}>
        <div className="field">
          <label htmlFor="reorder-location">{t("stock.location")}</label>
          <select id="reorder-location" name="location_id" defaultValue={locationId}>
            <option value="">{t("reorder.all_locations")}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="submit" className="button button--secondary">
            {t("reorder.show")}
          </button>
        </div>
      </Form>

      {actionData ? (
        <div role="alert" className="alert alert--error">
          <p>{rowError ? t("stock_documents.fix_fields") : errorText(actionData)}</p>
        </div>
      ) : null}

      {items.length === 0 ? (
        <p role="status" className="card">
          {locationLabel ? t("error.no_product_below_reorder_point") : t("reorder.nothing")}
        </p>
      ) : (
        <Form method="post" noValidate className="card">
          <IdempotencyKeyField />
          <input type="hidden" name="location_id" value={locationId} />
          <p className="muted">{t("reorder.same_location_hint")}</p>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">{t("reorder.title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("reorder.select")}</th>
                  <th scope="col">{t("stock.sku")}</th>
                  <th scope="col">{t("stock.variant")}</th>
                  <th scope="col">{t("stock.location")}</th>
                  <th scope="col" className="numeric">
                    {t("stock.available")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("stock.incoming")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("stock.reorder_point")}
                  </th>
                  <th scope="col">{t("reorder.quantity")}</th>
                  <th scope="col">{t("reorder.supplier")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item, i) => {
                  const row = String(i);
                  const checked = typed ? typed.selected.includes(row) : false;
                  return (
                    <tr key={item.id}>
                      <td>
                        <input
                          type="checkbox"
                          name="select"
                          value={row}
                          defaultChecked={checked}
                          disabled={!canEdit}
                          aria-label={t("reorder.select_row", { sku: item.sku, location: item.location.label })}
                        />
                        <input type="hidden" name={`variant_id.${row}`} value={item.variant_id} />
                        <input type="hidden" name={`location_id.${row}`} value={item.location_id} />
                      </td>
                      <td>{item.sku}</td>
                      <td>{item.label}</td>
                      <td>{item.location.label}</td>
                      <td className="numeric">{format.quantity(item.available)}</td>
                      <td className="numeric">{format.quantity(item.incoming)}</td>
                      <td className="numeric">{format.quantity(item.reorder_point)}</td>
                      <OrderChoiceCells
                        row={row}
                        sku={item.sku}
                        quantity={typed?.quantity[row] ?? format.input(item.suggested_quantity)}
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
          <nav className="list-pagination" aria-label={t("list.pagination")}>
            {after ? <Link to={pageHref(null)}>{t("reorder.first_page")}</Link> : null}
            {next ? <Link to={pageHref(next)}>{t("list.next_page")}</Link> : null}
          </nav>
          {canEdit ? (
            <div className="actions">
              <button type="submit" name="intent" value="selected" className="button button--primary" disabled={busy}>
                {t("reorder.order_selected")}
              </button>
              {locationLabel ? (
                <button type="submit" name="intent" value="all" className="button button--secondary" disabled={busy}>
                  {t("reorder.order_all", { location: locationLabel })}
                </button>
              ) : null}
            </div>
          ) : null}
        </Form>
      )}
    </IdempotencyKeyProvider>
  );
}
