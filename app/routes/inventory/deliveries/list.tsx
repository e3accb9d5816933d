import { requestContext } from "../../../../worker/context";
import type { StockDocumentView } from "../../../../worker/domain/stock/stock-document-views";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../../components/list/list-screen";
import { StatusChip } from "../../../components/status-chip";
import { useFormat } from "../../../format";
import { useT } from "../../../i18n";
import { DELIVERIES_PATH } from "../../../components/purchasing/paths";
import { deliveryListAction, deliveryListLoader } from "../purchasing.server";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return deliveryListLoader(context.get(requestContext), request);
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  return deliveryListAction(context.get(requestContext), request);
}

export default function DeliveriesList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const columns: ListColumn<StockDocumentView>[] = [
    { key: "number", label: t("stock_documents.number"), sortable: true, render: (d) => d.number },
    { key: "date", label: t("stock_documents.date"), sortable: true, render: (d) => format.date(d.date) },
    { key: "location", label: t("stock_documents.location"), render: (d) => d.location.label },
    { key: "status", label: t("purchase_orders.status"), render: (d) => (d.status ? <StatusChip status={d.status} /> : "—") },
    { key: "total_quantity", label: t("stock_documents.total_quantity"), numeric: true, render: (d) => format.quantity(d.total_quantity) },
  ];
  const filters: ListFilterDefinition[] = [
    { key: "number", label: t("stock_documents.number"), type: "text" },
    { key: "date", label: t("stock_documents.date"), type: "date" },
  ];
  return (
    <>
      <title>{`${t("menu.deliveries")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(loaderData.list, actionData)}
        title={t("menu.deliveries")}
        columns={columns}
        rowHref={(d) => `${DELIVERIES_PATH}/${d.id}`}
        filters={filters}
        searchable
        exportList="deliveries"
      />
    </>
  );
}
