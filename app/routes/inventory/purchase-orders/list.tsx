import { requestContext } from "../../../../worker/context";
import type { PurchaseOrderView } from "../../../../worker/domain/purchasing/purchase-order-views";
import { statusesOf } from "../../../../worker/domain/documents/statuses";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../../components/list/list-screen";
import { statusChip } from "../../../components/status-chip";
import { useFormat } from "../../../format";
import { useT } from "../../../i18n";
import { PURCHASE_ORDERS_PATH } from "../../../components/purchasing/paths";
import { purchaseOrderListAction, purchaseOrderListLoader } from "../purchasing.server";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return purchaseOrderListLoader(context.get(requestContext), request);
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  return purchaseOrderListAction(context.get(requestContext), request);
}

export default function PurchaseOrdersList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { list, canEdit } = loaderData;
  const columns: ListColumn<PurchaseOrderView>[] = [
    { key: "number", label: t("stock_documents.number"), sortable: true, render: (d) => d.number },
    { key: "date", label: t("stock_documents.date"), sortable: true, render: (d) => format.date(d.date) },
    { key: "supplier", label: t("purchase_orders.supplier"), render: (d) => d.supplier.label },
    { key: "location", label: t("purchase_orders.location"), render: (d) => d.location.label },
    { key: "status", label: t("purchase_orders.status"), render: (d) => statusChip(d.status, t) },
    {
      key: "expected_date",
      label: t("purchase_orders.expected_date"),
      sortable: true,
      render: (d) => (d.expected_date ? format.date(d.expected_date) : "—"),
    },
    { key: "remaining_units", label: t("purchase_orders.remaining"), numeric: true, render: (d) => format.quantity(d.remaining_units) },
    { key: "total", label: t("purchase_orders.total"), numeric: true, sortable: true, render: (d) => format.money(d.total, d.currency) },
  ];
  const filters: ListFilterDefinition[] = [
    { key: "number", label: t("stock_documents.number"), type: "text" },
    {
      key: "status",
      label: t("purchase_orders.status"),
      type: "select",
      options: statusesOf("purchase_order").map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    { key: "date", label: t("stock_documents.date"), type: "date" },
    { key: "expected_date", label: t("purchase_orders.expected_date"), type: "date" },
  ];
  return (
    <>
      <title>{`${t("menu.purchase_orders")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("menu.purchase_orders")}
        columns={columns}
        rowHref={(d) => `${PURCHASE_ORDERS_PATH}/${d.id}`}
        filters={filters}
        searchable
        exportList="purchase_orders"
        bulkPdf="purchase_order"
        createHref={canEdit ? `${PURCHASE_ORDERS_PATH}/create` : undefined}
        createLabel={t("purchase_orders.new")}
      />
    </>
  );
}
