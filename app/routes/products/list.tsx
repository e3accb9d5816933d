import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { listProducts } from "../../../worker/domain/products/list-products";
import { productListFilters } from "../../../worker/domain/products/product-options";
import { requirePage } from "../../../worker/guards";
import { loadListPage, listPageAction } from "../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../components/list/list-screen";
import type { ListRow } from "../../components/list/rows-text";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import type { Route } from "./+types/list";
import { EDIT_PRODUCTS, PRODUCT_KINDS, PRODUCTS_PATH, productPath, VIEW_PRODUCTS } from "./format";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  const [list, { brands, seasons, tags }] = await Promise.all([
    loadListPage({
      request,
      rc,
      type: "products",
      run: (params) => listProducts(ctx, params),
      shown: (p) => ({
        id: p.id,
        sku: p.sku,
        label: p.label,
        kind: p.kind,
        brand: p.brand && { label: p.brand.label },
        variants_count: p.variants_count,
        available: p.available,
        tags: p.tags.map((tag) => ({ label: tag.label })),
        season_id: p.season_id,
        b2b_published: p.b2b_published,
        active: p.active,
        created_at: p.created_at,
      }),
    }),
    productListFilters(ctx),
  ]);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    list: list,
    options: { brands, seasons, tags },
    canEdit: hasPermissions(actor.permissions, EDIT_PRODUCTS),
    notice: notice === "deleted" ? notice : null,
  };
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, VIEW_PRODUCTS);
  return listPageAction({ request, rc: ctx, type: "products" });
}

type Row = ListRow<Route.ComponentProps["loaderData"]["list"]>;

export default function ProductsList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { list, options, canEdit, notice } = loaderData;
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));
  const seasonOf = new Map(options.seasons.map((s) => [s.id, s.label]));
  const columns: ListColumn<Row>[] = [
    { key: "sku", label: t("products.sku"), render: (p) => p.sku ?? "—" },
    { key: "label", label: t("products.label"), sortable: true, render: (p) => p.label },
    { key: "kind", label: t("products.kind"), sortable: true, render: (p) => t(`products.kind_${p.kind}`) },
    { key: "brand", label: t("products.brand"), render: (p) => p.brand?.label ?? "—" },
    { key: "variants_count", label: t("products.variants_count"), numeric: true, render: (p) => p.variants_count },
    { key: "available", label: t("products.available"), sortable: true, numeric: true, render: (p) => format.quantity(p.available) },
    { key: "tags", label: t("products.tags"), render: (p) => p.tags.map((tag) => tag.label).join(", ") || "—" },
    {
      key: "season",
      label: t("products.season"),
      defaultVisible: false,
      render: (p) => (p.season_id !== null ? (seasonOf.get(p.season_id) ?? "—") : "—"),
    },
    { key: "b2b_published", label: t("products.b2b_published"), defaultVisible: false, render: (p) => yesNo(p.b2b_published) },
    {
      key: "active",
      label: t("products.status"),
      render: (p) => (
        <span className={`badge ${p.active ? "badge--ok" : "badge--off"}`}>{p.active ? t("products.active") : t("products.inactive")}</span>
      ),
    },
    {
      key: "created_at",
      label: t("products.created_at"),
      sortable: true,
      defaultVisible: false,
      render: (p) => format.day(p.created_at),
    },
  ];
  const select = (key: string, label: string, items: { id: number; label: string }[]): ListFilterDefinition[] =>
    items.length ? [{ key, label, type: "select", options: items.map((i) => ({ value: String(i.id), label: i.label })) }] : [];
  const filters: ListFilterDefinition[] = [
    { key: "sku", label: t("products.sku"), type: "text" },
    { key: "label", label: t("products.label"), type: "text" },
    {
      key: "kind",
      label: t("products.kind"),
      type: "select",
      options: PRODUCT_KINDS.map((k) => ({ value: k, label: t(`products.kind_${k}`) })),
    },
    ...select("brand_id", t("products.brand"), options.brands),
    ...select("tag_id", t("products.tag"), options.tags),
    ...select("season_id", t("products.season"), options.seasons),
    { key: "active", label: t("products.active"), type: "boolean" },
    { key: "b2b_published", label: t("products.b2b_published"), type: "boolean" },
    { key: "available", label: t("products.available"), type: "range" },
    { key: "created_at", label: t("products.created_at"), type: "date" },
  ];
  return (
    <>
      <title>{`${t("products.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("products.title")}
        columns={columns}
        exportList="products"
        rowHref={(p) => productPath(p.id)}
        filters={filters}
        searchable
        createHref={canEdit ? `${PRODUCTS_PATH}/create` : undefined}
        createLabel={t("products.new")}
        notice={
          notice ? (
            <p role="status" className="alert alert--success list-screen__notice">
              {t("products.notice_deleted")}
            </p>
          ) : null
        }
      />
    </>
  );
}
