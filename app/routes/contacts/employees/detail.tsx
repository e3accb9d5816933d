import { DELETE_ASKS } from "../../../../worker/domain/shared/acknowledgements";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { deleteEmployee } from "../../../../worker/domain/contacts/delete-employee";
import { getEmployee } from "../../../../worker/domain/contacts/get-employee";
import { setEmployeeActive } from "../../../../worker/domain/contacts/set-employee-active";
import { hasPermissions } from "../../../../worker/domain/identity/permissions";
import { requirePage } from "../../../../worker/guards";
import { detailNotice, EDIT_EMPLOYEES, EMPLOYEES_PATH, VIEW_EMPLOYEES } from "../../../components/contacts/contacts";
import { detailAction } from "../contacts.server";
import { ActiveBadge, addressLine, DetailActions, DetailRow, PageMessages, useCountryName } from "../../../components/contacts/form-parts";
import { useT } from "../../../i18n";
import type { Route } from "./+types/detail";
import "../../../components/contacts/contacts.css";
import { orNotFound } from "../../../server/form-page.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_EMPLOYEES);
  const ctx = await ctxFromRequest(rc);
  const employee = await orNotFound(() => getEmployee(ctx, { id: params.id }));
  return { employee, canEdit: hasPermissions(actor.permissions, EDIT_EMPLOYEES), notice: detailNotice(request) };
}

// Delete (after confirmation), enable and disable: each needs edit_employees.
export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_EMPLOYEES);
  const ctx = await ctxFromRequest(rc);
  return detailAction({ request, ctx, id: params.id, listPath: EMPLOYEES_PATH, remove: deleteEmployee, setActive: setEmployeeActive });
}

export default function EmployeeDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const countryName = useCountryName();
  const { employee: e, canEdit, notice } = loaderData;
  return (
    <>
      <title>{`${e.label} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {e.label}
          {e.position ? <span className="muted"> · {e.position}</span> : null}
        </h1>
        <DetailActions
          backHref={EMPLOYEES_PATH}
          backLabel={t("employees.back_to_list")}
          editHref={`${EMPLOYEES_PATH}/${e.id}/edit`}
          active={e.active}
          canEdit={canEdit}
          deleteConfirm={t("employees.delete_confirm", { label: e.label })}
          acknowledge={DELETE_ASKS.employee}
        />
      </div>
      <PageMessages notice={notice} error={actionData && "error" in actionData ? actionData : undefined} />
      <section className="card">
        <dl className="detail-list">
          <DetailRow label={t("contacts.status")}>
            <ActiveBadge active={e.active} />
          </DetailRow>
          <DetailRow label={t("employees.position")}>{e.position}</DetailRow>
          <DetailRow label={t("employees.employer")}>{e.employer}</DetailRow>
          <DetailRow label={t("contacts.email")}>{e.email}</DetailRow>
          <DetailRow label={t("contacts.phone")}>{e.phone}</DetailRow>
          <DetailRow label={t("contacts.address")}>{addressLine(e, countryName)}</DetailRow>
          <DetailRow label={t("contacts.notes")}>{e.notes ? <span style={{ whiteSpace: "pre-wrap" }}>{e.notes}</span> : null}</DetailRow>
        </dl>
      </section>
    </>
  );
}
