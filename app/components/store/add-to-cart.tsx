import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { CartView } from "../../../worker/domain/store/cart-view";
import { useErrorText, useT } from "../../i18n";
import { useStorefront } from "./use-storefront";

/**
 * A quantity and an "Add to cart" button for a variant or one of its packs; a refusal shows under it.
 * The cart's rules ignore, silently (spec §5), a quantity over the stock or not a number: once the
 * server has answered, the box shows what the cart holds of the line, else what the stock allows.
 */
export function AddToCart({
  variantId,
  packId = null,
  label,
  minimum,
  disabled,
  stock = null,
}: {
  variantId: number;
  packId?: number | null;
  label: string;
  minimum: string;
  disabled: boolean;
  /** What the store has of the line, in the line's own unit (whole packs for a pack), when it tracks its stock. */
  stock?: string | null;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { sellsBelowZero } = useStorefront();
  const fetcher = useFetcher<{ cart?: CartView; error?: string; params?: Record<string, unknown> }>();
  const initial = Number(minimum) > 0 ? minimum : "1";
  const [quantity, setQuantity] = useState(initial);
  const [asked, setAsked] = useState(initial);
  // Once per answer, reading the quantity asked and the props as they are then.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.cart) return;
    const held = fetcher.data.cart.items.find((i) => i.variant_id === variantId && i.pack_id === packId)?.quantity;
    if (held !== undefined) return setQuantity(held);
    // Nothing held: a number over the stock shows the whole lines the stock allows, anything else the first quantity.
    const whole = stock !== null && !sellsBelowZero ? stock.split(".")[0]! : null;
    setQuantity(whole !== null && Number(whole) > 0 && Number(asked) > Number(whole) ? whole : initial);
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <fetcher.Form method="post" action="/b2b/cart" className="store-product__add" onSubmit={() => setAsked(quantity)}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="variant_id" value={variantId} />
        {packId !== null ? <input type="hidden" name="pack_id" value={packId} /> : null}
        <label>
          <span className="visually-hidden">{t("b2b.quantity_of", { label })}</span>
          <input name="quantity" value={quantity} onChange={(e) => setQuantity(e.currentTarget.value)} inputMode="decimal" size={4} />
        </label>
        <button type="submit" className="button button--primary" disabled={disabled || fetcher.state !== "idle"}>
          {t("b2b.add_to_cart")}
        </button>
      </fetcher.Form>
      {fetcher.data?.error ? (
        <p role="alert" className="alert alert--error">
          {errorText(fetcher.data.error, fetcher.data.params)}
        </p>
      ) : null}
    </>
  );
}
