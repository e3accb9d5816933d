import { Form, redirect, useLocation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import type { FieldErrors } from "../../../worker/domain/shared/domain-error";
import { formAction } from "../../server/form-page.server";
import { getStockLevel, listStockLevels, updateStockLevel, type StockLevelView } from "../../../worker/domain/stock/stock-levels";
import { pageUrl, requirePage } from "../../../worker/guards";
import { AppLink } from "../../components/app-link";
import { PRODUCT_LOOKUP_PATH } from "../../components/list/lookup-filter";
import { FormField } from "../../components/form-field";
import { BULK_UPDATE, BULK_UPDATE_PATH, INVENTORY_LOGS_PATH, VIEW_INVENTORY } from "../../components/inventory/format";
import { useFormat } from "../../format";
import { stockLevelFilterOptions } from "./inventory.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../components/list/list-screen";
import type { ListRow } from "../../components/list/rows-text";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/stock-level";
import "../../components/inventory/inventory.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_INVENTORY);
  const ctx = await ctxFromRequest(rc);
  const [list, options] = await Promise.all([
    loadListPage({
      request,
      rc,
      type: "stock_levels",
      run: (params) => listStockLevels(ctx, params),
      shown: (r) => ({
        id: r.id,
        variant_id: r.variant_id,
        location_id: r.location_id,
        sku: r.sku,
        label: r.label,
        product_label: r.product_label,
        location_label: r.location.label,
        on_hand: r.on_hand,
        committed: r.committed,
        available: r.available,
        incoming: r.incoming,
        reorder_point: r.reorder_point,
        below_reorder_point: r.below_reorder_point,
        bin_location: r.bin_location,
        batch_tracked: r.batch_tracked,
        // Batches only for a variant tracked by batch: most rows send none.
        batches: r.batch_tracked ? r.batches : null,
        unallocated: r.batch_tracked ? r.unallocated : null,
      }),
    }),
    stockLevelFilterOptions(ctx, pageUrl(request).searchParams.get("product_id")),
  ]);
  const canEdit = hasPermissions(actor.permissions, BULK_UPDATE);
  // `edit=<level id>`: the reorder point and bin location of that row, edited above the table.
  const editId = pageUrl(request).searchParams.get("edit");
  const editing = canEdit && editId ? await getStockLevel(ctx, { id: editId }).catch(() => null) : null;
  const notice = pageUrl(request).searchParams.get("notice") === "level_saved" ? ("level_saved" as const) : null;
  return { list, options, canEdit, editing, notice };
}

/** The list address the edit form came from, without the edit and the notice. */
function backToList(request: Request, notice?: string) {
  const url = pageUrl(request);
  url.searchParams.delete("edit");
  url.searchParams.delete("notice");
  if (notice) url.searchParams.set("notice", notice);
  return `${url.pathname}${url.search}`;
}

// The saved-view forms of the list screen, and the reorder point and bin location of one level.
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.clone().formData();
  if (form.get("intent") !== "update_level") {
    requirePage(request, rc, VIEW_INVENTORY);
    return listPageAction({ request, rc, type: "stock_levels" });
  }
  requirePage(request, rc, BULK_UPDATE);
  const values = {
    reorder_point: String(form.get("reorder_point") ?? "").trim() || "0",
    bin_location: String(form.get("bin_location") ?? ""),
  };
  return formAction(
    async () => {
      await updateStockLevel(await ctxFromRequest(rc), { ...values, id: String(form.get("id") ?? "") });
      return redirect(backToList(request, "level_saved"));
    },
    (refusal) => ({ levelError: { code: refusal.error, params: refusal.params, fields: refusal.fields, values } }),
  );
}

/** The reorder point and bin location of one stock level, edited above the list. */
function LevelEditor({
  level,
  failure,
}: {
  level: Pick<StockLevelView, "id" | "sku" | "location" | "reorder_point" | "bin_location">;
  failure: { code: string; params?: Record<string, unknown>; fields?: FieldErrors | undefined; values: Record<string, string> } | undefined;
}) {
  const t = useT();
  const errorText = useErrorText();
  const format = useFormat();
  const location = useLocation();
  const cancel = new URLSearchParams(location.search);
  cancel.delete("edit");
  return (
    <Form
      method="post"
      className="card stock-level-editor"
      aria-label={t("stock.edit_level_title", { sku: level.sku, location: level.location.label })}
    >
      <h2>{t("stock.edit_level_title", { sku: level.sku, location: level.location.label })}</h2>
      {failure && !failure.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(failure)}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="update_level" />
      <input type="hidden" name="id" value={level.id} />
      <div className="form-grid">
        <FormField name="reorder_point" label={t("stock.reorder_point")} errors={failure?.fields}>
          {(p) => <input {...p} defaultValue={failure?.values.reorder_point ?? format.input(level.reorder_point)} inputMode="decimal" />}
        </FormField>
        <FormField name="bin_location" label={t("stock.bin_location")} errors={failure?.fields}>
          {(p) => <input {...p} defaultValue={failure?.values.bin_location ?? level.bin_location ?? ""} maxLength={100} />}
        </FormField>
      </div>
      <div className="actions">
        <button type="submit" className="button button--primary">
          {t("stock.save_level")}
        </button>
        <AppLink to={`${location.pathname}?${cancel.toString()}`}>{t("stock.cancel_edit")}</AppLink>
      </div>
    </Form>
  );
}

type Row = ListRow<Route.ComponentProps["loaderData"]["list"]>;

export default function StockLevels({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { list, options, canEdit, editing, notice } = loaderData;
  const location = useLocation();
  // Each row's edit link: the list's address with its row, written once for the page's rows.
  const kept = new URLSearchParams(location.search);
  kept.delete("notice");
  kept.delete("edit");
  const editBase = `${location.pathname}?${kept.size ? `${kept.toString()}&` : ""}edit=`;
  const editHref = (id: number) => `${editBase}${id}`;
  const failure = actionData && "levelError" in actionData ? actionData.levelError : undefined;
  const columns: ListColumn<Row>[] = [
    { key: "sku", label: t("stock.sku"), sortable: true, render: (r) => r.sku },
    { key: "label", label: t("stock.variant"), sortable: true, render: (r) => r.label },
    { key: "product", label: t("stock.product"), render: (r) => r.product_label, defaultVisible: false },
    { key: "location", label: t("stock.location"), render: (r) => r.location_label },
    { key: "on_hand", label: t("stock.on_hand"), sortable: true, numeric: true, render: (r) => format.quantity(r.on_hand) },
    // One figure each (worker/domain/stock/availability.ts): reserved and purchased are committed and incoming by other names.
    { key: "committed", label: t("stock.committed"), sortable: true, numeric: true, render: (r) => format.quantity(r.committed) },
    { key: "available", label: t("stock.available"), sortable: true, numeric: true, render: (r) => format.quantity(r.available) },
    { key: "incoming", label: t("stock.incoming"), sortable: true, numeric: true, render: (r) => format.quantity(r.incoming) },
    {
      key: "reorder_point",
      label: t("stock.reorder_point"),
      sortable: true,
      numeric: true,
      render: (r) => (
        <>
          {format.quantity(r.reorder_point)}
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
    ...(canEdit
      ? [
          {
            key: "edit",
            label: t("stock.edit_level"),
            render: (r: Row) => (
              <AppLink to={editHref(r.id)} aria-label={t("stock.edit_level_title", { sku: r.sku, location: r.location_label })}>
                {t("stock.edit_level")}
              </AppLink>
            ),
          },
        ]
      : []),
    {
      key: "batch",
      label: t("stock.batch"),
      render: (r) =>
        r.batch_tracked
          ? [
              ...(r.batches ?? []).map((b) => `${b.number} (${format.quantity(b.quantity)})`),
              ...(r.unallocated !== undefined && r.unallocated !== null && Number(r.unallocated) !== 0
                ? [`${t("stock.unallocated")} (${format.quantity(r.unallocated)})`]
                : []),
            ].join(", ") || "—"
          : "—",
    },
  ];
  const select = (key: string, label: string, values: { value: string; label: string }[]): ListFilterDefinition[] =>
    values.length ? [{ key, label, type: "select", options: values }] : [];
  const filters: ListFilterDefinition[] = [
    ...select("location_id", t("stock.location"), options.locations),
    { key: "product_id", label: t("stock.product"), type: "lookup", source: PRODUCT_LOOKUP_PATH, chosen: options.product },
    ...select("brand_id", t("stock.brand"), options.brands),
    ...select("tag_id", t("stock.tag"), options.tags),
    { key: "below_reorder_point", label: t("stock.below_reorder_point"), type: "boolean" },
    { key: "on_hand", label: t("stock.on_hand"), type: "range" },
    { key: "available", label: t("stock.available"), type: "range" },
  ];
  return (
    <>
      <title>{`${t("stock.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("stock.title")}
        exportList="stock_levels"
        columns={columns}
        rowHref={(r) => `${INVENTORY_LOGS_PATH}?variant_id=${r.variant_id}&location_id=${r.location_id}`}
        filters={filters}
        searchable
        createHref={canEdit ? BULK_UPDATE_PATH : undefined}
        createLabel={t("bulk_update.title")}
        notice={
          <>
            {notice ? (
              <p role="status" className="alert alert--success list-screen__notice">
                {t("stock.notice_level_saved")}
              </p>
            ) : null}
            {editing ? <LevelEditor key={editing.id} level={editing} failure={failure} /> : null}
            <p className="muted">
              {t("stock.row_hint")} <AppLink to={INVENTORY_LOGS_PATH}>{t("inventory_logs.title")}</AppLink>
            </p>
          </>
        }
      />
    </>
  );
}
