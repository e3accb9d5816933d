import { Link } from "react-router";
import { requestContext } from "../../../worker/context";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { listStockLevels } from "../../../worker/domain/stock/stock-levels";
import { requirePage } from "../../../worker/guards";
import { BULK_UPDATE, BULK_UPDATE_PATH, formatQty, INVENTORY_LOGS_PATH, VIEW_INVENTORY } from "../../components/inventory/format";
import { stockLevelFilterOptions } from "../../components/inventory/inventory.server";
import { listPageAction, loadListPage } from "../../components/list/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../components/list/list-screen";
import { useT } from "../../i18n";
import type { Route } from "./+types/stock-level";
import "../../components/inventory/inventory.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, VIEW_INVENTORY);
  const db = await ctx.tenant();
  const [list, options] = await Promise.all([
    loadListPage({
      request,
      db,
      actor,
      type: "stock_levels",
      defaultSort: [{ by: "sku", direction: "asc" }],
      run: (params) => listStockLevels(db, params),
    }),
    stockLevelFilterOptions(db),
  ]);
  return { list, options, canCount: hasPermissions(actor.permissions, BULK_UPDATE) };
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, VIEW_INVENTORY);
  return listPageAction({ request, db: await ctx.tenant(), actor, type: "stock_levels" });
}

type Row = Route.ComponentProps["loaderData"]["list"]["result"]["items"][number];

export default function StockLevels({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { list, options, canCount } = loaderData;
  const columns: ListColumn<Row>[] = [
    { key: "sku", label: t("stock.sku"), sortable: true, render: (r) => r.sku },
    { key: "label", label: t("stock.variant"), sortable: true, render: (r) => r.label },
    { key: "product", label: t("stock.product"), render: (r) => r.product_label, defaultVisible: false },
    { key: "location", label: t("stock.location"), render: (r) => r.location.label },
    { key: "on_hand", label: t("stock.on_hand"), sortable: true, numeric: true, render: (r) => formatQty(r.on_hand) },
    { key: "reserved", label: t("stock.reserved"), sortable: true, numeric: true, render: (r) => formatQty(r.reserved) },
    { key: "available", label: t("stock.available"), sortable: true, numeric: true, render: (r) => formatQty(r.available) },
    { key: "incoming", label: t("stock.incoming"), numeric: true, render: (r) => formatQty(r.incoming) },
    { key: "committed", label: t("stock.committed"), numeric: true, render: (r) => formatQty(r.committed), defaultVisible: false },
    { key: "purchased", label: t("stock.purchased"), numeric: true, render: (r) => formatQty(r.purchased), defaultVisible: false },
    {
      key: "reorder_point",
      label: t("stock.reorder_point"),
      sortable: true,
      numeric: true,
      render: (r) => (
        <>
          {formatQty(r.reorder_point)}
          {r.below_reorder_point ? (
            <>
              {" "}
              <span className="badge badge--warning">{t("stock.below_reorder_point_badge")}</span>
            </>
          ) : null}
        </>
      ),
    },
    { key: "bin_location", label: t("stock.bin_location"), render: (r) => r.bin_location ?? "—" },
    {
      key: "batch",
      label: t("stock.batch"),
      render: (r) =>
        r.batch_tracked
          ? [
              ...r.batches.map((b) => `${b.number} (${formatQty(b.quantity)})`),
              ...(r.unallocated !== null && Number(r.unallocated) !== 0 ? [`${t("stock.unallocated")} (${formatQty(r.unallocated)})`] : []),
            ].join(", ") || "—"
          : "—",
    },
  ];
  const select = (key: string, label: string, values: { value: string; label: string }[]): ListFilterDefinition[] =>
    values.length ? [{ key, label, type: "select", options: values }] : [];
  const filters: ListFilterDefinition[] = [
    ...select("location_id", t("stock.location"), options.locations),
    ...select("product_id", t("stock.product"), options.products),
    ...select("brand_id", t("stock.brand"), options.brands),
    ...select("tag_id", t("stock.tag"), options.tags),
    { key: "below_reorder_point", label: t("stock.below_reorder_point"), type: "boolean" },
    { key: "on_hand", label: t("stock.on_hand"), type: "range" },
  ];
  return (
    <>
      <title>{`${t("stock.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("stock.title")}
        columns={columns}
        rowHref={(r) => `${INVENTORY_LOGS_PATH}?variant_id=${r.variant_id}&location_id=${r.location_id}`}
        filters={filters}
        searchable
        createHref={canCount ? BULK_UPDATE_PATH : undefined}
        createLabel={t("bulk_update.title")}
        notice={
          <p className="muted">
            {t("stock.row_hint")} <Link to={INVENTORY_LOGS_PATH}>{t("inventory_logs.title")}</Link>
          </p>
        }
      />
    </>
  );
}
