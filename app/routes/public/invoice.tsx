import { data } from "react-router";
import { requestContext } from "../../../worker/context";
import { readPublicInvoice, type PublicInvoiceView } from "../../../worker/domain/invoices/public-invoice";
import { recoverFrom } from "../../server/form-page.server";
import { useT } from "../../i18n";
import type { Route } from "./+types/invoice";
import { openPublicCompany, PUBLIC_INVOICE_HEADERS } from "./invoice.server";

/**
 * /public/invoices/{id}: an invoice shown to whoever has its public link, without signing in
 * (platform spec §2). Without an id, or with one that shows no invoice for whatever reason, the
 * same "invoice not found" page answers 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const id = params.id;
  const invoice = id
    ? await recoverFrom(
        ["not_found"],
        () => readPublicInvoice(openPublicCompany(rc), id, rc.locale),
        () => null,
      )
    : null;
  if (!invoice) return data({ invoice: null, pdf: null }, { status: 404 });
  return { invoice, pdf: `/public/invoices/${encodeURIComponent(id!)}/pdf` };
}

export function headers() {
  return PUBLIC_INVOICE_HEADERS;
}

export default function PublicInvoice({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { invoice, pdf } = loaderData;
  if (!invoice || !pdf)
    return (
      <>
        <title>{`${t("public_invoice.not_found_title")} | ${t("app.name")}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <h1>{t("public_invoice.not_found_title")}</h1>
        <p>{t("public_invoice.not_found_text")}</p>
      </>
    );
  return <InvoiceSheet invoice={invoice} pdf={pdf} />;
}

function InvoiceSheet({ invoice, pdf }: { invoice: PublicInvoiceView; pdf: string }) {
  const t = useT();
  const title = t(`pdf.title.${invoice.title}`);
  const priced = invoice.lines.some((line) => line.kind === "item");
  return (
    <article className="public-invoice">
      <title>{`${title} ${invoice.number} | ${invoice.company.label}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <header className="public-invoice__head">
        <div>
          {invoice.company.logo && <img className="public-invoice__logo" src={invoice.company.logo} alt="" />}
          <p className="public-invoice__company">{invoice.company.label}</p>
          {[...invoice.company.address_lines, ...invoice.company.contact_lines].map((line, i) => (
            <p key={i} className="muted">
              {line}
            </p>
          ))}
        </div>
        <div className="public-invoice__title">
          <h1>
            {title} {invoice.number}
          </h1>
          <span className={`badge badge--${invoice.paid ? "ok" : "off"}`}>{t(`status.${invoice.status}`)}</span>
          <dl className="public-invoice__dates">
            <dt>{t("public_invoice.date")}</dt>
            <dd>{invoice.date}</dd>
            {invoice.due_date && (
              <>
                <dt>{t("public_invoice.due_date")}</dt>
                <dd>{invoice.due_date}</dd>
              </>
            )}
          </dl>
        </div>
      </header>

      <section className="public-invoice__party" aria-label={t("public_invoice.bill_to")}>
        <h2>{t("public_invoice.bill_to")}</h2>
        <p className="public-invoice__company">{invoice.bill_to.label}</p>
        {invoice.bill_to.lines.map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </section>

      <div className="table-scroll">
        <table className="data-table public-invoice__lines">
          <thead>
            <tr>
              <th scope="col">{t("pdf.col.description")}</th>
              <th scope="col" className="num">
                {t("pdf.col.quantity")}
              </th>
              {priced && (
                <>
                  <th scope="col" className="num public-invoice__wide">
                    {t("pdf.col.unit_price")}
                  </th>
                  <th scope="col" className="num public-invoice__wide">
                    {t("pdf.col.tax")}
                  </th>
                  <th scope="col" className="num">
                    {t("pdf.col.total")}
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, i) =>
              line.kind === "text" ? (
                <tr key={i}>
                  <td colSpan={priced ? 5 : 2}>{line.description}</td>
                </tr>
              ) : (
                <tr key={i} className={line.kind === "component" ? "muted" : undefined}>
                  <td>
                    {line.kind === "component" ? `– ${line.description}` : line.description}
                    {line.sku && <span className="public-invoice__sku muted"> {line.sku}</span>}
                    {line.kind === "item" && line.discount && (
                      <span className="public-invoice__sku muted">
                        {" "}
                        {t("pdf.col.discount")} {line.discount}
                      </span>
                    )}
                  </td>
                  <td className="num" data-label={t("pdf.col.quantity")}>
                    {line.quantity}
                  </td>
                  {priced && (
                    <>
                      <td className="num public-invoice__wide">{line.kind === "item" ? line.unit_price : ""}</td>
                      <td className="num public-invoice__wide">{line.kind === "item" ? line.tax : ""}</td>
                      <td className="num" data-label={t("pdf.col.total")}>
                        {line.kind === "item" ? line.total : ""}
                      </td>
                    </>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>

      <dl className="public-invoice__totals">
        {invoice.totals.map((row, i) => (
          <div key={i} className={row.strong ? "public-invoice__strong" : undefined}>
            <dt>{row.key ? t(`pdf.${row.label}`, row.values) : row.label}</dt>
            <dd>{row.amount}</dd>
          </div>
        ))}
        <div>
          <dt>{t("pdf.amount_paid")}</dt>
          <dd>{invoice.amount_paid}</dd>
        </div>
        <div className="public-invoice__strong">
          <dt>{t("pdf.remaining_to_pay")}</dt>
          <dd>{invoice.remaining_to_pay}</dd>
        </div>
      </dl>

      {[invoice.notes, invoice.terms].map((text, i) =>
        text?.trim() ? (
          <p key={i} className="public-invoice__note">
            {text}
          </p>
        ) : null,
      )}

      <p>
        <a className="button" href={pdf} download>
          {t("public_invoice.download_pdf")}
        </a>
      </p>
    </article>
  );
}
