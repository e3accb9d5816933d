import { Form, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { buyerCart } from "../../../worker/carts";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { getOrderChoices, type BuyerAddressView } from "../../../worker/domain/store/get-order-choices";
import { placeStoreOrder } from "../../../worker/domain/store/place-store-order";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { formAction } from "../../server/form-page.server";
import { StoreTotals } from "../../components/store/store-totals";
import { useStorefront } from "../../components/store/use-storefront";
import type { loader as storefrontLoader } from "../layouts/storefront";
import type { Route } from "./+types/order";

// The page shows the cart the store's layout loads; its own loader reads the addresses and the minimum.
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  return getOrderChoices(await ctxFromRequest(rc));
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const actor = requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const form = await request.formData();
  const text = (name: string) => {
    const value = String(form.get(name) ?? "").trim();
    return value === "" ? undefined : value;
  };
  return formAction(async () => {
    const order = await placeStoreOrder(await ctxFromRequest(rc), {
      cart: buyerCart(rc, actor),
      order: {
        external_reference: text("external_reference"),
        notes: text("notes"),
        shipping_address_id: text("shipping_address_id") ? Number(text("shipping_address_id")) : undefined,
        billing_address_id: text("billing_address_id") ? Number(text("billing_address_id")) : undefined,
      },
    });
    return redirect(`/b2b/orders-history/${order.id}?placed=1`);
  });
}

/** Finalize the order (platform spec §2, /b2b/order): the cart's lines and total, the buyer's reference and notes. */
function AddressChoice({ name, label, addresses }: { name: string; label: string; addresses: BuyerAddressView[] }) {
  const t = useT();
  if (addresses.length === 0) return null;
  const chosen = addresses.find((a) => (name === "shipping_address_id" ? a.default_shipping : a.default_billing)) ?? addresses[0]!;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={chosen.id}>
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label ? `${a.label} — ${a.lines}` : a.lines || t("b2b.address_without_lines")}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function B2bOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, minimum_order_amount: minimum } = loaderData;
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const cart = useRouteLoaderData<typeof storefrontLoader>("routes/layouts/storefront")?.cart;
  const storefront = useStorefront();
  return (
    <>
      <title>{t("b2b.order_title")}</title>
      <h1>{t("b2b.order_title")}</h1>
      {actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error, actionData.params)}
        </p>
      ) : null}
      {!storefront.menu.cart ? (
        <p>{t("error.store_ordering_disabled")}</p>
      ) : !cart || cart.items.length === 0 ? (
        <p>{t("b2b.cart_empty")}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th>{t("b2b.product")}</th>
                  <th>{t("b2b.sku")}</th>
                  <th>{t("b2b.quantity")}</th>
                  <th>{t("b2b.price")}</th>
                </tr>
              </thead>
              <tbody>
                {cart.items.map((line) => (
                  <tr key={line.id}>
                    <td>
                      {line.label}
                      {line.pack ? ` · ${line.pack}` : ""}
                    </td>
                    <td>{line.sku}</td>
                    <td>{format.quantity(line.quantity)}</td>
                    <td>{format.money(line.calculated_price, cart.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <StoreTotals figures={cart} currency={cart.currency} testId="order" />
          {Number(cart.discount_rate) > 0 ? <p className="muted">{t("b2b.cart_discount", { rate: cart.discount_rate })}</p> : null}
          {/* The order's rule (sales-order-rules.ts): its total excluding tax, shipping left out. */}
          {minimum && Number(cart.total_excl_tax) - Number(cart.shipping_cost) < Number(minimum) ? (
            <p className="alert alert--error" data-testid="minimum-order">
              {t("b2b.minimum_order", { amount: format.money(minimum, cart.currency) })}
            </p>
          ) : null}
          <Form method="post" className="form">
            <div className="field">
              <label htmlFor="external_reference">{storefront.externalReferenceLabel ?? t("b2b.external_reference")}</label>
              <input id="external_reference" name="external_reference" maxLength={200} />
            </div>
            <AddressChoice
              name="shipping_address_id"
              label={t("b2b.shipping_address")}
              addresses={addresses.filter((a) => a.type !== "billing")}
            />
            <AddressChoice
              name="billing_address_id"
              label={t("b2b.billing_address")}
              addresses={addresses.filter((a) => a.type !== "shipping")}
            />
            <div className="field">
              <label htmlFor="notes">{t("b2b.notes")}</label>
              <textarea id="notes" name="notes" maxLength={5000} rows={3} />
            </div>
            {storefront.viewingAsStaff ? (
              <p className="muted">{t("error.store_staff_cannot_order")}</p>
            ) : (
              <button type="submit" className="button button--primary" disabled={busy}>
                {t("b2b.place_order")}
              </button>
            )}
          </Form>
        </>
      )}
    </>
  );
}
