import { useFetcher } from "react-router";
import type { FieldErrors } from "../../../worker/domain/shared/domain-error";
import { useErrorText, useT } from "../../i18n";

/** Quick order (issue: storefront): a pasted list of SKUs and quantities, added to the cart at once. */
export function QuickOrder() {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFetcher<{ not_added?: string[]; error?: string; params?: Record<string, unknown>; fields?: FieldErrors }>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <details className="quick-order">
      <summary>{t("b2b.quick_order")}</summary>
      <fetcher.Form method="post" action="/b2b/cart" className="form">
        <input type="hidden" name="intent" value="quick" />
        <div className="field">
          <label htmlFor="quick_order">{t("b2b.quick_order_hint")}</label>
          <textarea id="quick_order" name="quick_order" rows={5} maxLength={20000} />
        </div>
        <button type="submit" className="button button--primary" disabled={fetcher.state !== "idle"}>
          {t("b2b.add_to_cart")}
        </button>
      </fetcher.Form>
      {answer?.error ? (
        <div role="alert" className="alert alert--error">
          {Object.values(answer.fields ?? {}).length === 0 ? <p>{errorText(answer)}</p> : null}
          {Object.values(answer.fields ?? {}).map((f, i) => (
            <p key={i}>{errorText(f.code, f.params)}</p>
          ))}
        </div>
      ) : answer?.not_added ? (
        <p role="status" className={answer.not_added.length ? "alert alert--error" : "alert alert--success"}>
          {answer.not_added.length ? t("b2b.quick_order_not_added", { skus: answer.not_added.join(", ") }) : t("b2b.quick_order_added")}
        </p>
      ) : null}
    </details>
  );
}

/** Order again (platform spec §2): the lines of a past order go back in the cart, by the cart's rules. */
export function OrderAgain({ orderId }: { orderId: number }) {
  const t = useT();
  const fetcher = useFetcher<{ not_added?: string[]; error?: string }>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" action="/b2b/cart" className="order-again">
      <input type="hidden" name="intent" value="again" />
      <input type="hidden" name="id" value={orderId} />
      <button type="submit" className="button button--primary" disabled={fetcher.state !== "idle"}>
        {t("b2b.order_again")}
      </button>
      {answer?.not_added ? (
        <p role="status" className={answer.not_added.length ? "alert alert--error" : "alert alert--success"}>
          {answer.not_added.length ? t("b2b.quick_order_not_added", { skus: answer.not_added.join(", ") }) : t("b2b.order_again_added")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
