import { Link } from "react-router";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { listSuppliers } from "../../../../worker/domain/contacts/list-suppliers";
import { supplierFormOptions } from "../../../../worker/domain/contacts/supplier-form-options";
import { hasPermissions } from "../../../../worker/domain/identity/permissions";
import { requirePage } from "../../../../worker/guards";
import { EDIT_SUPPLIERS, SUPPLIER_TAGS_PATH, SUPPLIERS_PATH, VIEW_SUPPLIERS } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import { activeBadge, useCountryName } from "../../../components/contacts/form-parts";
import { listPageAction, loadListPage } from "../../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../../components/list/list-screen";
import type { ListRow } from "../../../components/list/rows-text";
import { useFormat } from "../../../format";
import { useT } from "../../../i18n";
import type { Route } from "./+types/list";

const NAME_ASC = [{ by: "name", direction: "asc" as const }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_SUPPLIERS);
  const ctx = await ctxFromRequest(rc);
  const [list, options] = await Promise.all([
    loadListPage({ request, rc, type: "suppliers", defaultSort: NAME_ASC, run: (params) => listSuppliers(ctx, params) }),
    supplierFormOptions(ctx),
  ]);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    list,
    options: { ...options, countries: countryNames(rc.locale) },
    canEdit: hasPermissions(actor.permissions, EDIT_SUPPLIERS),
    notice: notice === "deleted" ? notice : null,
  };
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, VIEW_SUPPLIERS);
  return listPageAction({ request, rc: ctx, type: "suppliers" });
}

type Row = ListRow<Route.ComponentProps["loaderData"]["list"]>;

export default function SuppliersList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const countryName = useCountryName();
  const { list, options, canEdit, notice } = loaderData;
  const columns: ListColumn<Row>[] = [
    { key: "name", label: t("suppliers.name"), sortable: true, render: (s) => s.name },
    { key: "email", label: t("contacts.email"), render: (s) => s.email ?? "—" },
    { key: "phone", label: t("contacts.phone"), render: (s) => s.phone ?? "—" },
    { key: "city", label: t("contacts.city"), sortable: true, render: (s) => s.city ?? "—" },
    { key: "country", label: t("contacts.country"), render: (s) => (s.country ? countryName(s.country) : "—"), defaultVisible: false },
    { key: "tags", label: t("contacts.tags"), render: (s) => s.tags.map((tag) => tag.label).join(", ") || "—" },
    {
      key: "default_lead_time_days",
      label: t("suppliers.default_lead_time_days"),
      sortable: true,
      numeric: true,
      render: (s) => s.default_lead_time_days ?? "—",
      defaultVisible: false,
    },
    {
      key: "default_currency",
      label: t("suppliers.default_currency"),
      render: (s) => s.default_currency?.iso ?? "—",
      defaultVisible: false,
    },
    { key: "active", label: t("contacts.status"), render: (s) => activeBadge(s.active, t) },
    {
      key: "created",
      label: t("contacts.created_at"),
      sortable: true,
      defaultVisible: false,
      render: (s) => format.day(s.created_at),
    },
  ];
  const select = (key: string, label: string, items: { value: string; label: string }[]): ListFilterDefinition[] =>
    items.length ? [{ key, label, type: "select", options: items }] : [];
  const filters: ListFilterDefinition[] = [
    { key: "name", label: t("suppliers.name"), type: "text" },
    { key: "city", label: t("contacts.city"), type: "text" },
    { key: "active", label: t("contacts.active"), type: "boolean" },
    ...select(
      "tag_id",
      t("contacts.tag"),
      options.tags.map((tag) => ({ value: String(tag.id), label: tag.label })),
    ),
    ...select(
      "country",
      t("contacts.country"),
      options.countries.map((c) => ({ value: c.code, label: c.name })),
    ),
    ...select(
      "default_currency_id",
      t("suppliers.default_currency"),
      options.currencies.map((c) => ({ value: String(c.id), label: c.iso })),
    ),
    { key: "created", label: t("contacts.created_at"), type: "date" },
  ];
  return (
    <>
      <title>{`${t("suppliers.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("suppliers.title")}
        columns={columns}
        exportList="suppliers"
        rowHref={(s) => `${SUPPLIERS_PATH}/${s.id}`}
        filters={filters}
        searchable
        createHref={canEdit ? `${SUPPLIERS_PATH}/create` : undefined}
        createLabel={t("suppliers.new")}
        notice={
          notice ? (
            <p role="status" className="alert alert--success list-screen__notice">
              {t("suppliers.notice_deleted")}
            </p>
          ) : null
        }
      />
      {canEdit ? (
        <p className="contact-links">
          <Link to={SUPPLIER_TAGS_PATH}>{t("supplier_tags.title")}</Link>
        </p>
      ) : null}
    </>
  );
}
