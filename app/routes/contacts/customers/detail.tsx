import { DELETE_ASKS } from "../../../../worker/domain/shared/acknowledgements";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { deleteCustomer } from "../../../../worker/domain/contacts/delete-customer";
import { getCustomer } from "../../../../worker/domain/contacts/get-customer";
import { listAccountManagers } from "../../../../worker/domain/contacts/list-account-managers";
import { setCustomerActive } from "../../../../worker/domain/contacts/set-customer-active";
import { dueToday } from "../../../../worker/domain/contacts/due-today";
import { DOCUMENT_ACCESS } from "../../../../worker/domain/documents/document-types";
import { customerBalanceOf } from "../../../../worker/domain/payments/customer-balance";
import { moduleAllows } from "../../../../worker/domain/identity/module-flags";
import { hasPermissions } from "../../../../worker/domain/identity/permissions";
import { requirePage } from "../../../../worker/guards";
import { CUSTOMERS_PATH, detailNotice, EDIT_CUSTOMERS, VIEW_CUSTOMERS } from "../../../components/contacts/contacts";
import { detailAction } from "../contacts.server";
import { ActiveBadge, addressLine, DetailActions, DetailRow, PageMessages, useCountryName } from "../../../components/contacts/form-parts";
import { useFormat } from "../../../format";
import { useT } from "../../../i18n";
import type { Route } from "./+types/detail";
import "../../../components/contacts/contacts.css";
import { orNotFound } from "../../../server/form-page.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_CUSTOMERS);
  const ctx = await ctxFromRequest(rc);
  const customer = await orNotFound(() => getCustomer(ctx, { id: params.id }));
  // The account manager is the account_managers module's: hidden without it.
  const managed = moduleAllows(actor.permissions, "customer", "account_manager_id");
  // The balance reads the customer's invoices and credit notes: shown to those who may read invoices.
  const [managers, due, balance] = await Promise.all([
    managed && customer.account_manager_id ? listAccountManagers(ctx) : [],
    dueToday(ctx, { terms: customer.payment_terms }),
    hasPermissions(actor.permissions, DOCUMENT_ACCESS.invoice.read) ? customerBalanceOf(ctx, { id: customer.id }) : null,
  ]);
  return {
    customer,
    managed,
    accountManager: customer.account_manager_id
      ? (managers.find((m) => m.id === customer.account_manager_id)?.name ?? customer.account_manager_id)
      : null,
    // What the terms mean, shown as the due date of a document dated today.
    dueToday: due,
    balance,
    canEdit: hasPermissions(actor.permissions, EDIT_CUSTOMERS),
    notice: detailNotice(request),
  };
}

// Delete (after confirmation), enable and disable: each needs edit_customers.
export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_CUSTOMERS);
  const ctx = await ctxFromRequest(rc);
  return detailAction({ request, ctx, id: params.id, listPath: CUSTOMERS_PATH, remove: deleteCustomer, setActive: setCustomerActive });
}

export default function CustomerDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const countryName = useCountryName();
  const { customer: c, managed, accountManager, dueToday, balance, canEdit, notice } = loaderData;
  const money = (amount: string | null) => format.money(amount, c.currency?.iso);
  const terms =
    c.payment_terms.type === "net"
      ? t("customers.terms_net", { days: c.payment_terms.days })
      : c.payment_terms.days
        ? t("customers.terms_eom_plus", { days: c.payment_terms.days })
        : t("customers.terms_eom");
  return (
    <>
      <title>{`${c.label} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {c.label} <span className="muted">· {t("customers.number_short", { number: c.number })}</span>
        </h1>
        <DetailActions
          backHref={CUSTOMERS_PATH}
          backLabel={t("customers.back_to_list")}
          editHref={`${CUSTOMERS_PATH}/${c.id}/edit`}
          active={c.active}
          canEdit={canEdit}
          deleteConfirm={t("customers.delete_confirm", { label: c.label })}
          acknowledge={DELETE_ASKS.customer}
        />
      </div>
      <PageMessages notice={notice} error={actionData && "error" in actionData ? actionData : undefined} />
      <div className="contact-detail">
        <section className="card">
          <h2>{t("customers.identity")}</h2>
          <dl className="detail-list">
            <DetailRow label={t("customers.number")}>{c.number}</DetailRow>
            <DetailRow label={t("contacts.status")}>
              <ActiveBadge active={c.active} /> {t(`customers.status_${c.status ?? "customer"}`)}
            </DetailRow>
            <DetailRow label={t("customers.emails")}>{c.emails.join(", ")}</DetailRow>
            <DetailRow label={t("contacts.phone")}>{c.phone}</DetailRow>
            <DetailRow label={t("customers.tax_number")}>{c.tax_number}</DetailRow>
            <DetailRow label={t("customers.location_name")}>{c.location_name}</DetailRow>
            <DetailRow label={t("customers.location_phone")}>{c.location_phone}</DetailRow>
            {managed ? <DetailRow label={t("customers.account_manager")}>{accountManager}</DetailRow> : null}
            <DetailRow label={t("contacts.tags")}>{c.tags.map((tag) => tag.label).join(", ")}</DetailRow>
          </dl>
        </section>
        <section className="card">
          <h2>{t("customers.terms_and_prices")}</h2>
          <dl className="detail-list">
            <DetailRow label={t("customers.payment_terms")}>
              {terms} <span className="muted">· {t("customers.due_today", { date: format.date(dueToday) })}</span>
            </DetailRow>
            <DetailRow label={t("customers.discount_rate")}>{format.percent(c.discount_rate)}</DetailRow>
            <DetailRow label={t("customers.credit_limit")}>
              {c.credit_limit === null ? t("customers.no_limit") : money(c.credit_limit)}
            </DetailRow>
            {balance ? (
              <>
                <DetailRow label={t("customers.owed_by_customer")}>
                  {format.money(balance.unpaid_invoices, balance.currency)}
                  {Number(balance.overdue_invoices) > 0 ? (
                    <span className="muted">
                      {" "}
                      · {t("customers.of_which_overdue", { amount: format.money(balance.overdue_invoices, balance.currency) })}
                    </span>
                  ) : null}
                </DetailRow>
                <DetailRow label={t("customers.credit_available")}>{format.money(balance.credit_notes, balance.currency)}</DetailRow>
                <DetailRow label={t("customers.uninvoiced_orders")}>{format.money(balance.uninvoiced_orders, balance.currency)}</DetailRow>
                <DetailRow label={t("customers.current_balance")}>{format.money(balance.balance, balance.currency)}</DetailRow>
                {balance.available_credit !== null ? (
                  <DetailRow label={t("customers.credit_left")}>{format.money(balance.available_credit, balance.currency)}</DetailRow>
                ) : null}
              </>
            ) : null}
            <DetailRow label={t("customers.minimum_order_amount")}>
              {c.minimum_order_amount === null ? null : money(c.minimum_order_amount)}
            </DetailRow>
            <DetailRow label={t("customers.minimum_order_quantity")}>
              {c.minimum_order_quantity === null ? null : format.quantity(c.minimum_order_quantity)}
            </DetailRow>
            <DetailRow label={t("customers.price_level")}>{c.price_level?.label ?? t("customers.default_choice")}</DetailRow>
            <DetailRow label={t("customers.currency")}>
              {c.currency ? `${c.currency.iso} — ${c.currency.label}` : t("customers.default_choice")}
            </DetailRow>
            <DetailRow label={t("customers.tax_type")}>
              {c.tax_type ? t(`customers.tax_type_${c.tax_type}`) : t("customers.default_choice")}
            </DetailRow>
            <DetailRow label={t("customers.b2b_access")}>{t(`customers.b2b_access_${c.b2b_access}`)}</DetailRow>
          </dl>
        </section>
        <section className="card">
          <h2>{t("customers.addresses")}</h2>
          {c.addresses.length === 0 ? (
            <p className="muted">{t("customers.no_addresses")}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t("customers.address_label")}</th>
                    <th scope="col">{t("customers.address_type")}</th>
                    <th scope="col">{t("contacts.address")}</th>
                    <th scope="col">{t("contacts.phone")}</th>
                    <th scope="col">{t("customers.defaults")}</th>
                  </tr>
                </thead>
                <tbody>
                  {c.addresses.map((a) => (
                    <tr key={a.id}>
                      <td>{a.label ?? "—"}</td>
                      <td>{t(`customers.address_type_${a.type}`)}</td>
                      <td>
                        {addressLine(a, countryName)}
                        {a.is_european ? <span className="badge badge--ok"> {t("customers.european_union")}</span> : null}
                      </td>
                      <td>{a.phone ?? "—"}</td>
                      <td>
                        {[
                          a.default_billing ? t("customers.default_billing") : null,
                          a.default_shipping ? t("customers.default_shipping") : null,
                        ]
                          .filter(Boolean)
                          .join(" · ") || "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="card">
          <h2>{t("customers.notes_and_messages")}</h2>
          <dl className="detail-list">
            <DetailRow label={t("contacts.notes")}>{c.notes ? <span style={{ whiteSpace: "pre-wrap" }}>{c.notes}</span> : null}</DetailRow>
            <DetailRow label={t("customers.private_message")}>
              {c.private_message ? <span style={{ whiteSpace: "pre-wrap" }}>{c.private_message}</span> : null}
            </DetailRow>
          </dl>
        </section>
      </div>
    </>
  );
}
