import { useFetcher } from "react-router";
import { useErrorText, useT } from "../../i18n";

/** A quantity and an "Add to cart" button for a variant or one of its packs; a refusal shows under it. */
export function AddToCart({
  variantId,
  packId = null,
  label,
  minimum,
  disabled,
}: {
  variantId: number;
  packId?: number | null;
  label: string;
  minimum: string;
  disabled: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFetcher<{ error?: string; params?: Record<string, unknown> }>();
  return (
    <>
      <fetcher.Form method="post" action="/b2b/cart" className="store-product__add">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="variant_id" value={variantId} />
        {packId !== null ? <input type="hidden" name="pack_id" value={packId} /> : null}
        <label>
          <span className="visually-hidden">{t("b2b.quantity_of", { label })}</span>
          <input name="quantity" defaultValue={Number(minimum) > 0 ? minimum : "1"} inputMode="decimal" size={4} />
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
