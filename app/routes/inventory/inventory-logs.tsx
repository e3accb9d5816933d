import { Link } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { listInventoryLogs } from "../../../worker/domain/stock/inventory-logs";
import { requirePage } from "../../../worker/guards";
import { documentHref, STOCK_LEVEL_PATH, VIEW_INVENTORY } from "../../components/inventory/format";
import { locationOptions, userNames } from "./inventory.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../components/list/list-screen";
import type { ListRow } from "../../components/list/rows-text";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import type { Route } from "./+types/inventory-logs";
import "../../components/inventory/inventory.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_INVENTORY);
  const ctx = await ctxFromRequest(rc);
  const [list, locations, users] = await Promise.all([
    loadListPage({
      request,
      rc,
      type: "inventory_logs",
      defaultSort: [{ by: "id", direction: "desc" }],
      run: (params) => listInventoryLogs(ctx, params),
    }),
    locationOptions(ctx),
    userNames(rc, actor.company.id),
  ]);
  return { list, locations, users };
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, VIEW_INVENTORY);
  return listPageAction({ request, rc, type: "inventory_logs" });
}

type Row = ListRow<Route.ComponentProps["loaderData"]["list"]>;

const DOCUMENT_TYPES = ["entry", "removal", "movement", "bulk_update", "assembly_transform"] as const;
// Shipping orders move stock too, but the filter offers only the stock documents.
const LABELLED_TYPES: readonly string[] = [...DOCUMENT_TYPES, "shipping_order"];

export default function InventoryLogs({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { list, locations, users } = loaderData;
  const typeLabel = (type: string | null) => (type && LABELLED_TYPES.includes(type) ? t(`inventory_logs.type_${type}`) : (type ?? "—"));
  const columns: ListColumn<Row>[] = [
    { key: "created", label: t("inventory_logs.when"), sortable: true, render: (r) => format.dateTime(r.created_at) },
    { key: "user", label: t("inventory_logs.who"), render: (r) => (r.user_id ? (users[r.user_id] ?? "—") : t("inventory_logs.api")) },
    {
      key: "document",
      label: t("inventory_logs.document"),
      render: (r) => {
        const href = documentHref(r.document_type, r.document_id);
        const text = `${typeLabel(r.document_type)} ${r.document_number ?? (r.document_id !== null ? `#${r.document_id}` : "")}`.trim();
        return href && r.document_number ? (
          <Link to={href} className="inventory-log__document">
            {text}
          </Link>
        ) : (
          text || "—"
        );
      },
    },
    { key: "sku", label: t("stock.sku"), render: (r) => r.sku },
    { key: "label", label: t("stock.variant"), render: (r) => r.label, defaultVisible: false },
    { key: "location", label: t("stock.location"), render: (r) => r.location.label },
    { key: "batch", label: t("stock.batch"), render: (r) => r.batch_number ?? "—" },
    { key: "quantity_before", label: t("inventory_logs.before"), numeric: true, render: (r) => format.quantity(r.quantity_before) },
    { key: "quantity_after", label: t("inventory_logs.after"), numeric: true, render: (r) => format.quantity(r.quantity_after) },
    {
      key: "change",
      label: t("inventory_logs.change"),
      sortable: true,
      numeric: true,
      render: (r) => {
        const value = format.quantity(r.change);
        return (
          <span className={r.change.startsWith("-") ? "diff--down" : "diff--up"}>{r.change.startsWith("-") ? value : `+${value}`}</span>
        );
      },
    },
  ];
  const filters: ListFilterDefinition[] = [
    ...(locations.length ? [{ key: "location_id", label: t("stock.location"), type: "select" as const, options: locations }] : []),
    {
      key: "document_type",
      label: t("inventory_logs.document_type"),
      type: "select",
      options: DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`inventory_logs.type_${type}`) })),
    },
    { key: "change", label: t("inventory_logs.change"), type: "range" },
  ];
  return (
    <>
      <title>{`${t("inventory_logs.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("inventory_logs.title")}
        exportList="inventory_logs"
        columns={columns}
        rowHref={(r) => `${STOCK_LEVEL_PATH}?variant_id=${r.variant_id}&location_id=${r.location_id}`}
        filters={filters}
        searchable
        notice={<p className="muted">{t("inventory_logs.hint")}</p>}
      />
    </>
  );
}
