import { Form, Link, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { deleteService } from "../../../worker/domain/services/delete-service";
import { getService } from "../../../worker/domain/services/get-service";
import { setServiceActive } from "../../../worker/domain/services/set-service-active";
import { requirePage } from "../../../worker/guards";
import { detailAction } from "../contacts/contacts.server";
import { orNotFound } from "../../server/form-page.server";
import { ConfirmDelete } from "../../components/ui/confirm-delete";
import { DELETE_ASKS } from "../../../worker/domain/shared/acknowledgements";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/detail";
import { EDIT_SERVICES, SERVICES_PATH, VIEW_SERVICES } from "./format";

const NOTICES = ["created", "saved", "enabled", "disabled"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_SERVICES);
  const ctx = await ctxFromRequest(rc);
  const service = await orNotFound(() => getService(ctx, { id: params.id }));
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    service,
    canEdit: hasPermissions(actor.permissions, EDIT_SERVICES),
    notice: NOTICES.find((n) => n === notice) ?? null,
  };
}

// Delete (once ticked), enable and disable: each needs edit_services.
export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SERVICES);
  const ctx = await ctxFromRequest(rc);
  return detailAction({ request, ctx, id: params.id, listPath: SERVICES_PATH, remove: deleteService, setActive: setServiceActive });
}

export default function ServiceDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { service, canEdit, notice } = loaderData;
  const yesNo = (value: boolean) => t(value ? "common.yes" : "common.no");
  const published = [
    service.published_to_quickbooks ? "QuickBooks" : null,
    service.published_to_shopify ? "Shopify" : null,
    service.published_to_pennylane ? "Pennylane" : null,
  ].filter(Boolean);
  return (
    <>
      <title>{`${service.label} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {service.label} <span className="muted">· {service.reference}</span>
        </h1>
        <div className="actions">
          <Link to={SERVICES_PATH}>{t("services.back_to_list")}</Link>
          {canEdit ? (
            <>
              <Link to={`${SERVICES_PATH}/${service.id}/edit`} className="button button--primary">
                {t("services.edit")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value={service.active ? "disable" : "enable"} />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  {service.active ? t("services.disable") : t("services.enable")}
                </button>
              </Form>
              <ConfirmDelete
                label={t("services.delete")}
                details={t("services.delete_confirm", { label: service.label })}
                acknowledge={DELETE_ASKS.service}
              />
            </>
          ) : null}
        </div>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`services.notice_${notice}`)}
        </p>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("services.reference")}</dt>
          <dd>{service.reference}</dd>
          <dt>{t("services.label")}</dt>
          <dd>{service.label}</dd>
          <dt>{t("services.status")}</dt>
          <dd>
            <span className={`badge ${service.active ? "badge--ok" : "badge--off"}`}>
              {service.active ? t("services.active") : t("services.inactive")}
            </span>
          </dd>
          <dt>{t("services.price")}</dt>
          <dd>{format.money(service.price)}</dd>
          <dt>{t("services.tax_charged")}</dt>
          <dd>{yesNo(service.tax_charged)}</dd>
          <dt>{t("services.tax")}</dt>
          <dd>{service.tax?.label ?? "—"}</dd>
          <dt>{t("services.deposit")}</dt>
          <dd>{yesNo(service.deposit)}</dd>
          <dt>{t("services.tags")}</dt>
          <dd>{service.tags.length ? service.tags.map((tag) => tag.label).join(", ") : "—"}</dd>
          <dt>{t("services.publishing")}</dt>
          <dd>{published.length ? published.join(", ") : "—"}</dd>
          <dt>{t("services.description")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{service.description ?? "—"}</dd>
        </dl>
      </section>
    </>
  );
}
