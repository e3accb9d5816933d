import { Link, useLoaderData } from "react-router";
import { requestContext } from "../../worker/context";
import { ctxFromRequest } from "../../worker/ctx";
import { searchEverything, type SearchResult, type SearchType } from "../../worker/domain/search/search-everything";
import { isDocumentStatus } from "../../worker/domain/documents/statuses";
import { requirePage } from "../../worker/guards";
import { StatusChip } from "../components/status-chip";
import { useFormat } from "../format";
import { useT } from "../i18n";
import type { Route } from "./+types/search";

/** /search?q=…: the records of every type the user may see that start with the text. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  return { q, results: q ? await searchEverything(await ctxFromRequest(rc), { q }) : [] };
}

const ICONS: Record<SearchType, string> = {
  products: "▦",
  services: "✦",
  customers: "☺",
  suppliers: "⛟",
  employees: "☻",
  estimates: "✎",
  sales_orders: "€",
  shipping_orders: "⇪",
  invoices: "▤",
  product_returns: "↩",
  credit_notes: "⊖",
  refunds: "↶",
  subscriptions: "↻",
  stock_entries: "↓",
  stock_removals: "↑",
  stock_movements: "⇄",
  purchase_orders: "⛁",
  deliveries: "⤓",
};

function Subtitle({ result }: { result: SearchResult }) {
  const format = useFormat();
  const parts: string[] = [];
  if (result.sku) parts.push(result.sku);
  if (result.brand) parts.push(result.brand);
  if (result.entity_id) parts.push(`#${result.entity_id}`);
  if (result.email) parts.push(result.email);
  if (result.phone) parts.push(result.phone);
  if (result.customer) parts.push(result.customer);
  if (result.total) parts.push(format.money(result.total, result.currency));
  if (result.total_units) parts.push(format.quantity(result.total_units));
  return (
    <span className="search-result__subtitle">
      {parts.join(" · ")}
      {result.status && isDocumentStatus(result.status) ? <StatusChip status={result.status} /> : null}
    </span>
  );
}

export default function Search() {
  const { q, results } = useLoaderData<typeof loader>();
  const t = useT();
  const groups = [...new Set(results.map((r) => r.type))];
  return (
    <>
      <title>{`${t("search.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("search.title")}</h1>
      </div>
      <form method="get" action="/search" role="search" className="search-page__form">
        <input type="search" name="q" defaultValue={q} aria-label={t("shell.search")} placeholder={t("shell.search")} autoFocus />
        <button type="submit" className="button button--primary">
          {t("search.submit")}
        </button>
      </form>
      {q && results.length === 0 ? <p className="muted">{t("search.nothing", { q })}</p> : null}
      {groups.map((type) => (
        <section key={type} className="card search-group">
          <h2>{t(`search.type.${type}`)}</h2>
          <ul className="search-results">
            {results
              .filter((r) => r.type === type)
              .map((r) => (
                <li key={`${r.type}-${r.id}`}>
                  <span aria-hidden="true" className="search-result__icon">
                    {ICONS[r.type]}
                  </span>
                  <Link to={r.href}>{r.label}</Link>
                  <Subtitle result={r} />
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
