import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { CartLineView, CartView } from "../../../worker/domain/store/cart-view";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { StoreTotals } from "./store-totals";

/** Quantity changes leave 300 ms after the last click (platform spec §4, §9). */
const CART_DEBOUNCE_MS = 300;

function CartLine({ line, currency }: { line: CartLineView; currency: string | null }) {
  const t = useT();
  const format = useFormat();
  const fetcher = useFetcher<{ cart?: CartView }>();
  const [quantity, setQuantity] = useState(line.quantity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Once the server has answered, the box shows what the cart holds: a click the rules ignored
  // (over the stock, not a number) or moved to the minimum shows as the cart kept it.
  const held = fetcher.data?.cart?.items.find((i) => i.id === line.id)?.quantity ?? line.quantity;
  useEffect(() => {
    if (timer.current === undefined && fetcher.state === "idle") setQuantity(held);
  }, [held, fetcher.state, fetcher.data]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const send = (next: string) => {
    setQuantity(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void fetcher.submit(
        { intent: "update", variant_id: line.variant_id, pack_id: line.pack_id ?? "", quantity: next },
        { method: "post", action: "/b2b/cart" },
      );
    }, CART_DEBOUNCE_MS);
  };
  // A click past a bound is ignored (spec §5): under the minimum it sets the minimum, over the stock nothing.
  const step = (delta: number) => {
    const current = Number(quantity);
    const next = Math.max(Number.isFinite(current) ? current + delta : Number(held), Number(line.minimum_quantity), 0);
    if (line.maximum_quantity !== null && delta > 0 && next > Number(line.maximum_quantity)) return;
    if (String(next) !== quantity) send(String(next));
  };
  return (
    <li className="cart-menu__line" data-testid="cart-line" data-variant={line.variant_id}>
      <div>
        <strong>{line.label}</strong>
        <div className="muted">
          {line.sku}
          {line.pack ? ` · ${line.pack}` : ""} · {format.money(line.calculated_price, currency)}
        </div>
      </div>
      <div className="cart-menu__quantity">
        <button type="button" className="button button--secondary" aria-label={t("b2b.less")} onClick={() => step(-1)}>
          −
        </button>
        <input
          aria-label={t("b2b.quantity_of", { label: line.label })}
          inputMode="decimal"
          value={quantity}
          onChange={(e) => send(e.currentTarget.value)}
          size={4}
        />
        <button type="button" className="button button--secondary" aria-label={t("b2b.more")} onClick={() => step(1)}>
          +
        </button>
      </div>
      <fetcher.Form method="post" action="/b2b/cart">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={line.id} />
        <button type="submit" className="button button--secondary">
          {t("b2b.remove")}
        </button>
      </fetcher.Form>
    </li>
  );
}

/** The cart in the store's top bar: a button with the count, opening the lines, the total and the way to order. */
export function CartMenu({ cart }: { cart: CartView }) {
  const t = useT();
  const clear = useFetcher();
  const [open, setOpen] = useState(false);
  const count = cart.items.length;
  return (
    <div className="cart-menu">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="cart-button"
      >
        {t("b2b.cart_count", { count })}
      </button>
      {open ? (
        <div className="cart-menu__panel" role="dialog" aria-label={t("b2b.cart")}>
          {count === 0 ? (
            <p>{t("b2b.cart_empty")}</p>
          ) : (
            <>
              <ul className="cart-menu__lines">
                {cart.items.map((line) => (
                  <CartLine key={line.id} line={line} currency={cart.currency} />
                ))}
              </ul>
              <StoreTotals figures={cart} currency={cart.currency} testId="cart" />
              {Number(cart.discount_rate) > 0 ? <p className="muted">{t("b2b.cart_discount", { rate: cart.discount_rate })}</p> : null}
              <div className="cart-menu__actions">
                <clear.Form method="post" action="/b2b/cart">
                  <input type="hidden" name="intent" value="clear" />
                  <button type="submit" className="button button--secondary">
                    {t("b2b.clear_cart")}
                  </button>
                </clear.Form>
                <Link to="/b2b/order" className="button button--primary" onClick={() => setOpen(false)}>
                  {t("b2b.order")}
                </Link>
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
