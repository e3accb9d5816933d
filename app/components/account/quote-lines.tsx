import type { Quote } from "../../../worker/domain/billing/plans";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { fromCents } from "./checkout-path";

/**
 * A cycle's price line by line (the plan, the users beyond those it includes, the add-on), less a
 * promotion. A list rather than a table: on a phone each line keeps its amount in view.
 */
export function QuoteLines({ quote, promoCode }: { quote: Quote; promoCode?: string | null }) {
  const t = useT();
  const format = useFormat();
  const money = (cents: number) => format.money(fromCents(cents), quote.currency.toUpperCase());
  return (
    <dl className="quote-lines" data-testid="quote-lines">
      {quote.lines.map((line) => (
        <div key={line.kind} className="quote-lines__row">
          <dt>
            {line.kind === "plan"
              ? t("checkout.line_plan", { plan: t(`account.plan_${quote.plan}`), period: t(`account.period_${quote.period}`) })
              : t(`checkout.line_${line.kind}`)}
            <span className="muted quote-lines__detail">
              {t("checkout.line_detail", { quantity: line.quantity, price: money(line.unitAmount) })}
            </span>
          </dt>
          <dd>{money(line.amount)}</dd>
        </div>
      ))}
      {quote.discount > 0 ? (
        <div className="quote-lines__row">
          <dt>{t("checkout.discount", { code: promoCode ?? "" })}</dt>
          <dd>{money(-quote.discount)}</dd>
        </div>
      ) : null}
      <div className="quote-lines__row quote-lines__total">
        <dt>{t(`checkout.total_${quote.period}`)}</dt>
        <dd data-testid="quote-total">{money(quote.total)}</dd>
      </div>
    </dl>
  );
}
