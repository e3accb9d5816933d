import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { useStorefront } from "./use-storefront";

/**
 * A line's price and stock as the store displays them (domain spec §3: display_prices,
 * display_stock): a store that hides its stock still says when a tracked line is sold out.
 */
export function LineFacts({
  price,
  currency,
  trackInventory,
  available,
  soldOut,
  recommended = null,
  incoming = null,
}: {
  price: string;
  recommended?: string | null;
  currency: string | null;
  trackInventory: boolean;
  available: string;
  soldOut: boolean;
  /** Units on their way, given when the store displays them. */
  incoming?: string | null;
}) {
  const t = useT();
  const format = useFormat();
  const { display } = useStorefront();
  return (
    <>
      {display.display_prices ? <p className="store-product__price">{format.money(price, currency)}</p> : null}
      {display.display_prices && recommended !== null ? (
        <p className="muted" data-testid="recommended-price">
          {t("b2b.recommended_price", { price: format.money(recommended, currency) })}
        </p>
      ) : null}
      {!trackInventory ? null : soldOut ? (
        <p className="store-product__stock store-product__stock--out">{t("b2b.out_of_stock")}</p>
      ) : display.display_stock ? (
        <p className="store-product__stock">{t("b2b.in_stock", { count: format.quantity(available) })}</p>
      ) : null}
      {trackInventory && incoming !== null && Number(incoming) > 0 ? (
        <p className="store-product__incoming" data-testid="incoming-stock">
          {t("b2b.incoming_stock", { count: format.quantity(incoming) })}
        </p>
      ) : null}
    </>
  );
}

/** Whether the buyer may add a line: the store takes orders, and sells it (below zero too, when it allows). */
export function useCanAdd(soldOut: boolean): { shown: boolean; disabled: boolean } {
  const { menu, sellsBelowZero } = useStorefront();
  return { shown: menu.cart, disabled: soldOut && !sellsBelowZero };
}
