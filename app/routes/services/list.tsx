import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { listServices } from "../../../worker/domain/services/list-services";
import { serviceFormOptions } from "../../../worker/domain/services/service-form-options";
import { requirePage } from "../../../worker/guards";
import { loadListPage, listPageAction } from "../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../components/list/list-screen";
import type { ListRow } from "../../components/list/rows-text";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import type { Route } from "./+types/list";
import { EDIT_SERVICES, SERVICES_PATH, VIEW_SERVICES } from "./format";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_SERVICES);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({ request, rc, type: "services", run: (params) => listServices(ctx, params) });
  const options = await serviceFormOptions(ctx);
  const notice = new URL(request.url).searchParams.get("notice");
  return { list, options, canEdit: hasPermissions(actor.permissions, EDIT_SERVICES), notice: notice === "deleted" ? notice : null };
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, VIEW_SERVICES);
  return listPageAction({ request, rc: ctx, type: "services" });
}

type Row = ListRow<Route.ComponentProps["loaderData"]["list"]>;

export default function ServicesList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { list, options, canEdit, notice } = loaderData;
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));
  const columns: ListColumn<Row>[] = [
    { key: "reference", label: t("services.reference"), sortable: true, render: (s) => s.reference },
    { key: "label", label: t("services.label"), sortable: true, render: (s) => s.label },
    { key: "price", label: t("services.price"), sortable: true, numeric: true, render: (s) => format.money(s.price) },
    {
      key: "tax",
      label: t("services.tax"),
      render: (s) => (s.tax_charged ? (s.tax?.label ?? t("services.tax_charged_short")) : t("services.no_tax")),
      defaultVisible: false,
    },
    { key: "tags", label: t("services.tags"), render: (s) => s.tags.map((tag) => tag.label).join(", ") || "—" },
    { key: "deposit", label: t("services.deposit"), render: (s) => yesNo(s.deposit), defaultVisible: false },
    {
      key: "active",
      label: t("services.status"),
      render: (s) => (
        <span className={`badge ${s.active ? "badge--ok" : "badge--off"}`}>{s.active ? t("services.active") : t("services.inactive")}</span>
      ),
    },
    {
      key: "created",
      label: t("services.created_at"),
      sortable: true,
      defaultVisible: false,
      render: (s) => format.day(s.created_at),
    },
  ];
  const filters: ListFilterDefinition[] = [
    { key: "reference", label: t("services.reference"), type: "text" },
    { key: "label", label: t("services.label"), type: "text" },
    { key: "active", label: t("services.active"), type: "boolean" },
    { key: "deposit", label: t("services.deposit"), type: "boolean" },
    { key: "tax_charged", label: t("services.tax_charged"), type: "boolean" },
    ...(options.tags.length
      ? [
          {
            key: "tag_id",
            label: t("services.tag"),
            type: "select" as const,
            options: options.tags.map((tag) => ({ value: String(tag.id), label: tag.label })),
          },
        ]
      : []),
    { key: "price", label: t("services.price"), type: "range" },
  ];
  return (
    <>
      <title>{`${t("services.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("services.title")}
        exportList="services"
        columns={columns}
        rowHref={(s) => `${SERVICES_PATH}/${s.id}`}
        filters={filters}
        searchable
        createHref={canEdit ? `${SERVICES_PATH}/create` : undefined}
        createLabel={t("services.new")}
        notice={
          notice ? (
            <p role="status" className="alert alert--success list-screen__notice">
              {t("services.notice_deleted")}
            </p>
          ) : null
        }
      />
    </>
  );
}
