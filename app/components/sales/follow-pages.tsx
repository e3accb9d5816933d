import { Form, Link } from "react-router";
import type { FollowPage, LinkedDocument } from "../../../worker/domain/returns/follow-pages";
import type { FollowView } from "../../../worker/domain/returns/follow-views";
import type { FollowingType } from "../../../worker/domain/returns/line-limits";
import { DELETE_ASKS } from "../../../worker/domain/shared/acknowledgements";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { ListPageData } from "../../server/list-page.server";
import { SelectField, SubmitButton, TextField } from "../contacts/form-parts";
import type { FieldErrorMap } from "../form-field";
import { IdempotencyKeyField, IdempotencyKeyProvider } from "../idempotency-key";
import { fromListPage, ListScreen, type ListColumn } from "../list/list-screen";
import { ConfirmDelete } from "../ui/confirm-delete";
import { EmailDialog, SentEmails } from "./document-emails";
import { FOLLOW_KINDS } from "./follow-kinds";
import { Chip, chip, IntentButton, LinesCard } from "./sales-document-pages";
import "./sales.css";

/** The screens of product returns, credit notes and refunds: list, page (with its buttons), and a return's form. */

type Refusal = { error: string; params?: Record<string, unknown>; fields?: FieldErrorMap } | undefined;

/** Where a linked document's page is. */
const PATHS: Record<string, string> = {
  invoice: "/sales/invoices",
  sales_order: "/sales/sales-orders",
  product_return: FOLLOW_KINDS.product_return.path,
  credit_note: FOLLOW_KINDS.credit_note.path,
  refund: FOLLOW_KINDS.refund.path,
};
const ONE: Record<string, string> = {
  invoice: "invoices.one",
  sales_order: "sales_orders.one",
  product_return: "product_returns.one",
  credit_note: "credit_notes.one",
  refund: "refunds.one",
};

export function FollowListPage({
  type,
  loaderData,
  actionData,
}: {
  type: FollowingType;
  loaderData: { list: ListPageData<FollowView>; canCreate: boolean; notice: string | null };
  actionData: unknown;
}) {
  const t = useT();
  const format = useFormat();
  const info = FOLLOW_KINDS[type];
  const m = info.messages;
  const columns: ListColumn<FollowView>[] = [
    { key: "number", label: t("sales_documents.number"), sortable: true, render: (d) => d.number },
    { key: "customer", label: t("sales_documents.customer"), render: (d) => d.customer.label },
    { key: "date", label: t("sales_documents.date"), sortable: true, render: (d) => format.date(d.date) },
    { key: "status", label: t("sales_documents.status"), render: (d) => chip(d.status, t) },
    { key: "total", label: t("sales_documents.total"), sortable: true, numeric: true, render: (d) => format.money(d.total, d.currency) },
    ...(type === "credit_note"
      ? [
          {
            key: "remaining",
            label: t("credit_notes.remaining_to_credit"),
            numeric: true,
            render: (d: FollowView) => format.money(d.remaining_to_credit, d.currency),
          },
        ]
      : []),
    ...(type === "refund"
      ? [{ key: "amount", label: t("refunds.amount"), numeric: true, render: (d: FollowView) => format.money(d.amount, d.currency) }]
      : []),
    { key: "location", label: t("sales_documents.location"), render: (d) => d.location.label, defaultVisible: false },
  ];
  return (
    <>
      <title>{`${t(`${m}.title`)} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(loaderData.list, actionData)}
        title={t(`${m}.title`)}
        columns={columns}
        rowHref={(d) => `${info.path}/${d.id}`}
        createHref={loaderData.canCreate ? `${info.path}/create` : undefined}
        createLabel={t("product_returns.new")}
        notice={
          loaderData.notice === "deleted" ? (
            <p role="status" className="alert alert--success">
              {t("sales_documents.notice_deleted")}
            </p>
          ) : undefined
        }
      />
    </>
  );
}

function DocLink({ doc }: { doc: LinkedDocument }) {
  const t = useT();
  return (
    <Link to={`${PATHS[doc.type]}/${doc.id}`}>{`${t(ONE[doc.type] ?? "sales_documents.number")} ${doc.number ?? t("status.draft")}`}</Link>
  );
}

export function FollowDetailPage({
  type,
  loaderData,
  actionData,
}: {
  type: FollowingType;
  loaderData: FollowPage & { notice: string | null; idempotencyKey: string };
  actionData: Refusal;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const info = FOLLOW_KINDS[type];
  const m = info.messages;
  const { doc, origin, made, credits, invoices, emails, actions, notice } = loaderData;
  const money = (amount: string) => format.money(amount, doc.currency);
  const title = `${t(`${m}.one`)} ${doc.number}`;
  const fields = actionData?.fields;
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {title} <Chip status={doc.status} />
        </h1>
        <div className="actions">
          <Link to={info.path}>{t(`${m}.back_to_list`)}</Link>
          {/* A type that prints (credit notes, refunds) has its emails. */}
          {emails ? (
            <a href={`${info.path}/${doc.id}/pdf`} target="_blank" rel="noreferrer" className="button button--secondary">
              {t("sales_documents.pdf")}
            </a>
          ) : null}
          {emails?.draft ? <EmailDialog action={`${info.path}/${doc.id}/email`} draft={emails.draft} /> : null}
          {actions.receive ? <IntentButton intent="receive" label={t("product_returns.receive")} primary /> : null}
          {actions.creditNote ? <IntentButton intent="credit_note" label={t("product_returns.make_credit_note")} primary /> : null}
          {actions.refund ? <IntentButton intent="refund" label={t("product_returns.make_refund")} /> : null}
          {actions.refunded ? <IntentButton intent="refunded" label={t("refunds.mark_refunded")} primary /> : null}
          {actions.cancel ? <IntentButton intent="cancel" label={t(`${m}.cancel`)} /> : null}
          {actions.delete ? (
            <ConfirmDelete
              label={t("sales_documents.delete")}
              details={t("sales_documents.delete_details", { number: doc.number })}
              acknowledge={DELETE_ASKS.sales_document}
            />
          ) : null}
        </div>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`returns.notice_${notice}`)}
        </p>
      ) : null}
      {actionData ? (
        <div role="alert" className="alert alert--error">
          <p>{errorText(actionData)}</p>
          {fields && Object.keys(fields).length ? (
            <ul>
              {Object.entries(fields).map(([name, field]) => (
                <li key={name}>{errorText(field.code, field.params)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("sales_documents.customer")}</dt>
          <dd>{doc.customer.label}</dd>
          <dt>{t("sales_documents.location")}</dt>
          <dd>{doc.location.label}</dd>
          <dt>{t("sales_documents.date")}</dt>
          <dd>{format.date(doc.date)}</dd>
          {origin ? (
            <>
              <dt>{t("returns.made_from")}</dt>
              <dd>
                <DocLink doc={origin} />
              </dd>
            </>
          ) : null}
          {type === "product_return" ? (
            <>
              <dt>{t("product_returns.add_in_inventory")}</dt>
              <dd>{doc.add_in_inventory ? t("common.yes") : t("common.no")}</dd>
            </>
          ) : null}
          {type === "credit_note" ? (
            <>
              <dt>{t("credit_notes.amount_credited")}</dt>
              <dd>{money(doc.amount_credited)}</dd>
              <dt>{t("credit_notes.remaining_to_credit")}</dt>
              <dd>{money(doc.remaining_to_credit)}</dd>
            </>
          ) : null}
          {type === "refund" ? (
            <>
              <dt>{t("refunds.total_without_tax")}</dt>
              <dd>{money(doc.total_excl_tax)}</dd>
              <dt>{t("refunds.discrepancy")}</dt>
              <dd>{money(doc.discrepancy)}</dd>
              <dt>{t("refunds.amount")}</dt>
              <dd>{money(doc.amount)}</dd>
            </>
          ) : null}
          <dt>{t("sales_documents.notes")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.notes ?? "—"}</dd>
        </dl>
      </section>
      <LinesCard doc={doc} />
      {type === "credit_note" ? (
        <section className="card" aria-labelledby="credits">
          <h2 id="credits">{t("credit_notes.credits")}</h2>
          {credits.length === 0 ? <p className="muted">{t("credit_notes.no_credits")}</p> : null}
          {credits.length > 0 ? (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t("sales_documents.date")}</th>
                    <th scope="col">{t("invoices.one")}</th>
                    <th scope="col" className="numeric">
                      {t("credit_notes.credit_amount")}
                    </th>
                    {actions.removeCredit ? (
                      <th scope="col">
                        <span className="visually-hidden">{t("credit_notes.remove_credit")}</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {credits.map((c) => (
                    <tr key={c.id}>
                      <td>{format.date(c.date)}</td>
                      <td>
                        <Link to={`/sales/invoices/${c.invoice_id}`}>{c.invoice_number ?? t("status.draft")}</Link>
                      </td>
                      <td className="numeric">{money(c.amount)}</td>
                      {actions.removeCredit ? (
                        <td>
                          <ConfirmDelete
                            label={t("credit_notes.remove_credit")}
                            details={t("credit_notes.remove_credit_details", {
                              amount: money(c.amount),
                              invoice: c.invoice_number ?? t("status.draft"),
                            })}
                            acknowledge={[]}
                            intent="remove_credit"
                            fields={{ credit_id: c.id }}
                            confirmLabel={t("credit_notes.remove_credit_confirm")}
                            inline
                          />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {actions.apply ? (
            <IdempotencyKeyProvider value={loaderData.idempotencyKey}>
              <Form method="post" noValidate>
                <IdempotencyKeyField />
                <input type="hidden" name="intent" value="apply" />
                <h3>{t("credit_notes.apply")}</h3>
                <div className="sales-form__grid">
                  <SelectField
                    name="invoice_id"
                    label={t("invoices.one")}
                    value={invoices[0]?.id}
                    errors={fields}
                    options={invoices.map((i) => ({
                      value: i.id,
                      label: `${i.number} — ${t("invoices.remaining_to_pay")} ${money(i.remaining_to_pay)}`,
                    }))}
                  />
                  <TextField
                    name="amount"
                    label={t("credit_notes.credit_amount")}
                    value={format.input(doc.remaining_to_credit, 2)}
                    errors={fields}
                    inputMode="decimal"
                  />
                </div>
                <SubmitButton label={t("credit_notes.apply")} />
              </Form>
            </IdempotencyKeyProvider>
          ) : null}
        </section>
      ) : null}
      {emails ? <SentEmails sent={emails.sent} /> : null}
      {made.length > 0 ? (
        <section className="card" aria-labelledby="made">
          <h2 id="made">{t("returns.made_from_it")}</h2>
          <ul>
            {made.map((d) => (
              <li key={d.id}>
                <DocLink doc={d} /> <Chip status={d.status} /> {money(d.total)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export interface ReturnSource {
  source: { id: number; type: "invoice" | "sales_order"; number: string; customer_id: number };
  lines: {
    id: number;
    sku: string | null;
    description: string | null;
    quantity: string;
    remaining: string;
    /** A batch-tracked variant's batches, the units going back into one; null for other lines. */
    batches?: { id: number; number: string; expiration_date: string | null }[] | null;
    /** The batch it shipped from, chosen by default. */
    batch_id?: number | null;
  }[];
}

/** A new return of an invoice or a sales order: a quantity per line (what remains by default), back in stock or not, received now or later. */
export function ReturnCreatePage({
  loaderData,
  actionData,
}: {
  loaderData: { source: ReturnSource | null; idempotencyKey: string };
  actionData: Refusal;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const { source } = loaderData;
  const fields = actionData?.fields;
  return (
    <>
      <title>{`${t("product_returns.new")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("product_returns.new")}</h1>
        <div className="actions">
          <Link to={FOLLOW_KINDS.product_return.path}>{t("product_returns.back_to_list")}</Link>
        </div>
      </div>
      {!source ? (
        <section className="card">
          <p>{t("product_returns.pick_source")}</p>
          <Form method="get" className="sales-form__grid">
            <TextField name="invoice_id" label={t("product_returns.invoice_id")} value="" errors={undefined} inputMode="numeric" />
            <SubmitButton label={t("product_returns.continue")} />
          </Form>
        </section>
      ) : (
        <IdempotencyKeyProvider value={loaderData.idempotencyKey}>
          <Form method="post" noValidate className="card">
            <IdempotencyKeyField />
            <input type="hidden" name="source_type" value={source.source.type} />
            <input type="hidden" name="source_id" value={source.source.id} />
            <p>
              {t("returns.made_from")}{" "}
              <Link
                to={`${PATHS[source.source.type]}/${source.source.id}`}
              >{`${t(ONE[source.source.type]!)} ${source.source.number}`}</Link>
            </p>
            {actionData ? (
              <p role="alert" className="alert alert--error">
                {fields && Object.keys(fields).length
                  ? Object.values(fields)
                      .map((f) => errorText(f.code, f.params))
                      .join(" · ")
                  : errorText(actionData)}
              </p>
            ) : null}
            <div className="table-scroll">
              <table className="data-table sales-lines">
                <thead>
                  <tr>
                    <th scope="col">{t("documents.line.sku")}</th>
                    <th scope="col">{t("documents.line.description")}</th>
                    <th scope="col" className="numeric">
                      {t("product_returns.remaining")}
                    </th>
                    <th scope="col">{t("product_returns.to_return")}</th>
                  </tr>
                </thead>
                <tbody>
                  {source.lines.map((line) => (
                    <tr key={line.id}>
                      <td>{line.sku}</td>
                      <td>{line.description}</td>
                      <td className="numeric">{format.quantity(line.remaining)}</td>
                      <td>
                        <input type="hidden" name="line_id" value={line.id} />
                        <input
                          name={`quantity_${line.id}`}
                          aria-label={`${t("product_returns.to_return")} ${line.sku ?? line.description ?? ""}`}
                          defaultValue={format.input(line.remaining, 0)}
                          inputMode="decimal"
                          size={6}
                        />
                        {line.batches ? (
                          <select
                            name={`batch_${line.id}`}
                            aria-label={`${t("product_returns.batch")} ${line.sku ?? line.description ?? ""}`}
                            defaultValue={line.batch_id ?? ""}
                          >
                            <option value="">{t("product_returns.choose_batch")}</option>
                            {line.batches.map((b) => (
                              <option key={b.id} value={b.id}>
                                {b.expiration_date ? `${b.number} (${format.date(b.expiration_date)})` : b.number}
                              </option>
                            ))}
                          </select>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="sales-form__grid">
              <label>
                <input type="checkbox" name="add_in_inventory" defaultChecked /> {t("product_returns.add_in_inventory")}
              </label>
              <label>
                <input type="checkbox" name="received" defaultChecked /> {t("product_returns.received_now")}
              </label>
              <TextField name="date" label={t("sales_documents.date")} value="" errors={fields} type="date" />
              <TextField name="notes" label={t("sales_documents.notes")} value="" errors={fields} maxLength={5000} />
            </div>
            <SubmitButton label={t("product_returns.create")} />
          </Form>
        </IdempotencyKeyProvider>
      )}
    </>
  );
}

/** What an invoice's or an order's page adds: returning goods, a credit note of the invoice, the credits applied to it. */
export function FollowActionsCard({
  source,
  follow,
}: {
  source: { type: "invoice" | "sales_order"; id: number; currency: string };
  follow: {
    canReturn: boolean;
    canCredit: boolean;
    credits: { id: number; credit_note_id: number; credit_note_number: string | null; amount: string; date: string }[];
    creditNotes: { id: number; number: string; remaining_to_credit: string }[];
  };
}) {
  const t = useT();
  const format = useFormat();
  if (!follow.canReturn && !follow.canCredit && follow.credits.length === 0 && follow.creditNotes.length === 0) return null;
  return (
    <section className="card" aria-labelledby="returns-credits">
      <h2 id="returns-credits">{t("product_returns.title")}</h2>
      <div className="actions">
        {follow.canReturn ? (
          <Link to={`${FOLLOW_KINDS.product_return.path}/create?${source.type}_id=${source.id}`} className="button button--secondary">
            {t("product_returns.return_goods")}
          </Link>
        ) : null}
        {follow.canCredit ? <IntentButton intent="credit_note" label={t("product_returns.make_credit_note")} /> : null}
      </div>
      {follow.credits.length > 0 ? (
        <>
          <h3>{t("invoices.amount_credited")}</h3>
          <ul>
            {follow.credits.map((c) => (
              <li key={c.id}>
                {format.date(c.date)} —{" "}
                <Link
                  to={`${FOLLOW_KINDS.credit_note.path}/${c.credit_note_id}`}
                >{`${t("credit_notes.one")} ${c.credit_note_number ?? ""}`}</Link>{" "}
                {format.money(c.amount, source.currency)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {follow.creditNotes.length > 0 ? (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="apply_credit" />
          <h3>{t("credit_notes.apply_one")}</h3>
          <div className="sales-form__grid">
            <SelectField
              name="credit_note_id"
              label={t("credit_notes.one")}
              value={follow.creditNotes[0]!.id}
              errors={undefined}
              options={follow.creditNotes.map((n) => ({
                value: n.id,
                label: `${n.number} — ${t("credit_notes.remaining_to_credit")} ${format.money(n.remaining_to_credit, source.currency)}`,
              }))}
            />
            <TextField name="amount" label={t("credit_notes.credit_amount")} value="" errors={undefined} inputMode="decimal" />
          </div>
          <SubmitButton label={t("credit_notes.apply_one")} />
        </Form>
      ) : null}
    </section>
  );
}
