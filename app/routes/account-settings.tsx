import { Form, Link, useNavigation } from "react-router";
import { requestContext } from "../../worker/context";
import { BILLING_CURRENCIES, type BillingCurrency } from "../../worker/domain/billing/plans";
import { CancelSubscription } from "../components/account/cancel-subscription";
import { checkoutPath, fromCents } from "../components/account/checkout-path";
import { PlanTable } from "../components/account/plan-table";
import type { FieldErrorMap } from "../components/form-field";
import { useFormat } from "../format";
import { useErrorText, useT } from "../i18n";
import { accountAction, accountLoader } from "./account-settings/billing.server";
import "../components/account/account.css";
import type { Route } from "./+types/account-settings";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The company's account: its state and what it means, the subscription, the card, the invoices and the plans. */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountLoader(context.get(requestContext), request);
}

/** Cancel, pause, reactivate, or go to the card page: the verbs check who may. */
export function action({ request, context }: Route.ActionArgs) {
  return accountAction(context.get(requestContext), request);
}

type Failure = { error: string; params?: Record<string, unknown>; fields?: FieldErrorMap; intent?: string } | undefined;

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { overview, invoices, moves, notice, cardError } = loaderData;
  const failure = actionData as Failure;
  const status = overview.status;
  // The plans are priced in the currency asked for, else the subscription's, else the company's when we bill in it.
  const own = format.settings.currency.toLowerCase();
  const currency: BillingCurrency = loaderData.currency ?? BILLING_CURRENCIES.find((c) => c === own) ?? "usd";
  const day = (ms: number | null) => (ms === null ? "—" : format.day(ms));
  const daysLeft = status === "trial" && overview.trialEndsAt ? Math.max(0, Math.ceil((overview.trialEndsAt - Date.now()) / DAY_MS)) : null;
  const choice = {
    plan: overview.plan ?? "premium",
    period: overview.period ?? "monthly",
    currency,
    b2bAddon: overview.b2bAddon,
  } as const;
  const cycleAmount = overview.quote ? format.money(fromCents(overview.quote.total), overview.quote.currency.toUpperCase()) : null;
  const running = overview.plan !== null && status !== "trial" && status !== "trial_ended";
  return (
    <>
      <title>{`${t("account.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("account.title")}</h1>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success account-notice">
          {t(`account.notice_${notice}`)}
        </p>
      ) : null}
      {failure || cardError ? (
        <p role="alert" className="alert alert--error account-notice">
          {failure?.fields && !failure.fields.reason
            ? t("checkout.fix_fields")
            : errorText(failure?.error ?? cardError ?? "generic", failure?.params)}
        </p>
      ) : null}

      <section className="card" aria-labelledby="account-status-title">
        <h2 id="account-status-title">
          {t("account.status")}{" "}
          <strong className={`account-status account-status--${status}`} data-testid="account-status">
            {t(`account.status_${status}`)}
          </strong>
        </h2>
        <p data-testid="account-status-text">
          {status === "trial" && daysLeft !== null
            ? t("account.trial_left", { days: daysLeft, date: day(overview.trialEndsAt) })
            : status === "trial_ended"
              ? t("account.trial_ended_text")
              : status === "subscribed"
                ? overview.currentPeriodEnd
                  ? t("account.subscribed_text", { date: day(overview.currentPeriodEnd) })
                  : t("account.status_subscribed")
                : status === "paused"
                  ? t("account.paused_text")
                  : status === "suspended"
                    ? t("account.suspended_text")
                    : status === "cancelled"
                      ? overview.accessEndsAt !== null && overview.accessEndsAt > Date.now()
                        ? t("account.cancelled_until", { date: day(overview.accessEndsAt) })
                        : t("account.cancelled_ended", { date: day(overview.accessEndsAt) })
                      : null}
        </p>
        {!overview.configured ? <p className="alert alert--warning">{t("account.billing_not_configured")}</p> : null}
        <div className="actions">
          {moves.choosePlan ? (
            <Link className="button button--primary" to={checkoutPath(choice, "pick-period")}>
              {t("account.choose_plan")}
            </Link>
          ) : null}
          {moves.changePlan ? (
            <Link className="button button--secondary" to={checkoutPath(choice, "pick-period")}>
              {t("account.change_plan")}
            </Link>
          ) : null}
          {moves.reactivate ? (
            <Form method="post">
              <input type="hidden" name="intent" value="reactivate" />
              <button type="submit" className="button button--primary" disabled={busy}>
                {t("account.reactivate")}
              </button>
            </Form>
          ) : null}
          {moves.pause ? (
            <Form method="post">
              <input type="hidden" name="intent" value="pause" />
              <button type="submit" className="button button--secondary" disabled={busy}>
                {t("account.pause")}
              </button>
            </Form>
          ) : null}
          {moves.cancel ? (
            <CancelSubscription
              accessUntil={overview.currentPeriodEnd ? day(overview.currentPeriodEnd) : null}
              errors={failure?.intent === "cancel" ? failure.fields : undefined}
              open={failure?.intent === "cancel"}
            />
          ) : null}
        </div>
      </section>

      <div className="account-columns">
        <section className="card" aria-labelledby="account-subscription-title">
          <h2 id="account-subscription-title">{t("account.subscription")}</h2>
          <dl className="detail-list" data-testid="account-subscription">
            <dt>{t("account.plan")}</dt>
            <dd>{overview.plan ? t(`account.plan_${overview.plan}`) : t("account.no_plan")}</dd>
            <dt>{t("account.billing_cycle")}</dt>
            <dd>{overview.period ? t(`account.period_${overview.period}`) : "—"}</dd>
            <dt>{t("account.currency")}</dt>
            <dd>{overview.currency ? overview.currency.toUpperCase() : "—"}</dd>
            <dt>{t("account.active_users")}</dt>
            <dd data-testid="account-active-users">{overview.activeUsers}</dd>
            <dt>{t("account.b2b_addon")}</dt>
            <dd>{overview.plan === "elite" ? t("account.b2b_included_short") : overview.b2bAddon ? t("account.yes") : t("account.no")}</dd>
            <dt>{overview.period ? t(`account.amount_${overview.period}`) : t("account.amount")}</dt>
            <dd data-testid="account-amount">{cycleAmount ?? "—"}</dd>
            {running ? (
              <>
                <dt>{overview.cancelAtPeriodEnd || status === "cancelled" ? t("account.access_until") : t("account.next_billing")}</dt>
                <dd>{day(overview.currentPeriodEnd)}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <section className="card" aria-labelledby="account-card-title">
          <h2 id="account-card-title">{t("account.card")}</h2>
          {overview.card ? (
            <p data-testid="account-card">
              <strong>{overview.card.brand.toUpperCase()}</strong> •••• {overview.card.last4}{" "}
              <span className="muted">
                {t("account.card_expiry", { date: `${String(overview.card.expMonth).padStart(2, "0")}/${overview.card.expYear}` })}
              </span>
            </p>
          ) : (
            <p className="muted" data-testid="account-card">
              {t("account.no_card")}
            </p>
          )}
          {overview.canUpdateCard ? (
            moves.updateCard ? (
              <Form method="post">
                <input type="hidden" name="intent" value="card" />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  {t("account.update_card")}
                </button>
              </Form>
            ) : null
          ) : (
            <p className="muted">{t("account.contact_admin")}</p>
          )}
          {overview.billingInformation ? (
            <p className="muted account-billing-to">
              {t("account.billed_to", { name: overview.billingInformation.name, email: overview.billingInformation.email })}
            </p>
          ) : null}
        </section>
      </div>

      <section className="card" aria-labelledby="account-invoices-title">
        <h2 id="account-invoices-title">{t("account.invoices")}</h2>
        {invoices === null ? (
          <p className="muted">{t("account.invoices_unavailable")}</p>
        ) : invoices.length === 0 ? (
          <p className="muted">{t("account.no_invoices")}</p>
        ) : (
          <div className="table-scroll account-invoices-scroll">
            <table className="data-table account-invoices" data-testid="account-invoices">
              <thead>
                <tr>
                  <th scope="col">{t("account.invoice_number")}</th>
                  <th scope="col">{t("account.invoice_date")}</th>
                  <th scope="col" className="numeric">
                    {t("account.invoice_total")}
                  </th>
                  <th scope="col">{t("account.invoice_status")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("account.invoice_links")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td>{invoice.number ?? "—"}</td>
                    <td>{day(invoice.created)}</td>
                    <td className="numeric">{format.money(fromCents(invoice.total), invoice.currency.toUpperCase())}</td>
                    <td>{invoice.status ? t(`account.invoice_status_${invoiceStatus(invoice.status)}`) : "—"}</td>
                    <td className="account-invoice-links">
                      {invoice.hostedInvoiceUrl ? (
                        <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer noopener">
                          {t("account.invoice_view")}
                        </a>
                      ) : null}{" "}
                      {invoice.pdfUrl ? (
                        <a href={invoice.pdfUrl} target="_blank" rel="noreferrer noopener">
                          {t("account.invoice_pdf")}
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <PlanTable
        currency={currency}
        current={running ? overview.plan : null}
        b2bAddon={overview.b2bAddon}
        choose={moves.choosePlan || moves.changePlan}
      />
    </>
  );
}

/** Stripe's invoice statuses; one it adds later reads as "other" rather than as a raw key. */
const INVOICE_STATUSES = ["draft", "open", "paid", "uncollectible", "void"] as const;
const invoiceStatus = (status: string) => INVOICE_STATUSES.find((s) => s === status) ?? "other";
