import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { listEmployees } from "../../../../worker/domain/contacts/list-employees";
import { hasPermissions } from "../../../../worker/domain/identity/permissions";
import { requirePage } from "../../../../worker/guards";
import { EDIT_EMPLOYEES, EMPLOYEES_PATH, VIEW_EMPLOYEES } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import { activeBadge, useCountryName } from "../../../components/contacts/form-parts";
import { listPageAction, loadListPage } from "../../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../../components/list/list-screen";
import type { ListRow } from "../../../components/list/rows-text";
import { useFormat } from "../../../format";
import { useT } from "../../../i18n";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_EMPLOYEES);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({ request, rc, type: "employees", run: (params) => listEmployees(ctx, params) });
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    list,
    countries: countryNames(rc.locale),
    canEdit: hasPermissions(actor.permissions, EDIT_EMPLOYEES),
    notice: notice === "deleted" ? notice : null,
  };
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, VIEW_EMPLOYEES);
  return listPageAction({ request, rc: ctx, type: "employees" });
}

type Row = ListRow<Route.ComponentProps["loaderData"]["list"]>;

export default function EmployeesList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const countryName = useCountryName();
  const { list, countries, canEdit, notice } = loaderData;
  const columns: ListColumn<Row>[] = [
    { key: "label", label: t("employees.label"), sortable: true, render: (e) => e.label },
    { key: "position", label: t("employees.position"), sortable: true, render: (e) => e.position ?? "—" },
    { key: "employer", label: t("employees.employer"), sortable: true, render: (e) => e.employer ?? "—" },
    { key: "email", label: t("contacts.email"), render: (e) => e.email ?? "—" },
    { key: "phone", label: t("contacts.phone"), render: (e) => e.phone ?? "—" },
    { key: "city", label: t("contacts.city"), sortable: true, render: (e) => e.city ?? "—", defaultVisible: false },
    { key: "country", label: t("contacts.country"), render: (e) => (e.country ? countryName(e.country) : "—"), defaultVisible: false },
    { key: "active", label: t("contacts.status"), render: (e) => activeBadge(e.active, t) },
    {
      key: "created",
      label: t("contacts.created_at"),
      sortable: true,
      defaultVisible: false,
      render: (e) => format.day(e.created_at),
    },
  ];
  const filters: ListFilterDefinition[] = [
    { key: "label", label: t("employees.label"), type: "text" },
    { key: "position", label: t("employees.position"), type: "text" },
    { key: "employer", label: t("employees.employer"), type: "text" },
    { key: "active", label: t("contacts.active"), type: "boolean" },
    { key: "country", label: t("contacts.country"), type: "select", options: countries.map((c) => ({ value: c.code, label: c.name })) },
    { key: "created", label: t("contacts.created_at"), type: "date" },
  ];
  return (
    <>
      <title>{`${t("employees.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("employees.title")}
        exportList="employees"
        columns={columns}
        rowHref={(e) => `${EMPLOYEES_PATH}/${e.id}`}
        filters={filters}
        searchable
        createHref={canEdit ? `${EMPLOYEES_PATH}/create` : undefined}
        createLabel={t("employees.new")}
        notice={
          notice ? (
            <p role="status" className="alert alert--success list-screen__notice">
              {t("employees.notice_deleted")}
            </p>
          ) : null
        }
      />
    </>
  );
}
