import { Link } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { listBatches } from "../../../worker/domain/stock/list-batches";
import { listUnallocatedBatchStock } from "../../../worker/domain/stock/list-unallocated-batch-stock";
import { requirePage } from "../../../worker/guards";
import { expirationCell } from "../../components/inventory/expiration";
import { BATCHES_PATH, VIEW_BATCHES } from "../../components/inventory/format";
import { useFormat } from "../../format";
import { listPageAction, loadListPage } from "../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../components/list/list-screen";
import type { ListRow } from "../../components/list/rows-text";
import { useT } from "../../i18n";
import type { Route } from "./+types/list";
import "../../components/inventory/inventory.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, VIEW_BATCHES);
  const ctx = await ctxFromRequest(rc);
  const [list, unallocated] = await Promise.all([
    loadListPage({
      request,
      rc,
      type: "batches",
      defaultSort: [{ by: "number", direction: "asc" }],
      run: (params) => listBatches(ctx, params),
    }),
    listUnallocatedBatchStock(ctx),
  ]);
  return { list, unallocated: unallocated.items };
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, VIEW_BATCHES);
  return listPageAction({ request, rc, type: "batches" });
}

type Row = ListRow<Route.ComponentProps["loaderData"]["list"]>;

export default function Batches({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { list, unallocated } = loaderData;
  const columns: ListColumn<Row>[] = [
    { key: "number", label: t("batches.number"), sortable: true, render: (b) => b.number },
    { key: "sku", label: t("stock.sku"), sortable: true, render: (b) => b.sku },
    { key: "label", label: t("stock.variant"), render: (b) => b.label },
    {
      key: "expiration_date",
      label: t("batches.expiration_date"),
      sortable: true,
      render: (b) => expirationCell(b.expiration_date, b.expired, t, format),
    },
    { key: "quantity", label: t("batches.quantity"), numeric: true, render: (b) => format.quantity(b.quantity) },
    {
      key: "locations",
      label: t("batches.locations"),
      render: (b) => b.locations.map((l) => `${l.label} (${format.quantity(l.quantity)})`).join(", ") || "—",
    },
    { key: "barcode", label: t("batches.barcode"), render: (b) => b.barcode ?? "—", defaultVisible: false },
  ];
  const filters: ListFilterDefinition[] = [
    { key: "number", label: t("batches.number"), type: "text" },
    { key: "sku", label: t("stock.sku"), type: "text" },
    { key: "expiration_date", label: t("batches.expiration_date"), type: "date" },
  ];
  return (
    <>
      <title>{`${t("batches.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("batches.title")}
        exportList="batches"
        columns={columns}
        rowHref={(b) => `${BATCHES_PATH}/${b.variant_id}`}
        filters={filters}
        searchable
      />
      <section className="inventory-section" aria-labelledby="unallocated-title">
        <h2 id="unallocated-title">{t("batches.unallocated_title")}</h2>
        <p className="muted">{t("batches.unallocated_hint")}</p>
        {unallocated.length === 0 ? (
          <p role="status">{t("batches.unallocated_none")}</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("stock.sku")}</th>
                <th scope="col">{t("batches.number")}</th>
                <th scope="col">{t("stock.location")}</th>
                <th scope="col" className="numeric">
                  {t("batches.quantity")}
                </th>
              </tr>
            </thead>
            <tbody>
              {unallocated.map((u) => (
                <tr key={`${u.batch_id}-${u.location_id}`}>
                  <td>
                    <Link to={`${BATCHES_PATH}/${u.variant_id}`}>{u.sku}</Link>
                  </td>
                  <td>{u.number}</td>
                  <td>{u.location.label}</td>
                  <td className="numeric">{format.quantity(u.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
