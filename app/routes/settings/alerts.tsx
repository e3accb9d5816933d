import { ALERTS, ALERT_TRIGGERS, ACCOUNT_REPRESENTATIVE_RECIPIENT } from "../../../worker/domain/settings/alerts/alert-schemas";
import { alertsPageView } from "../../../worker/domain/settings/alerts/alerts-page-view";
import { createAlert } from "../../../worker/domain/settings/alerts/create-alert";
import { deleteAlert } from "../../../worker/domain/settings/alerts/delete-alert";
import { updateAlert } from "../../../worker/domain/settings/alerts/update-alert";
import { FormField } from "../../components/form-field";
import { openCataloguePage, runCatalogueAction, text } from "./catalogue-settings.server";
import {
  CatalogueHeader,
  CheckboxField,
  RecordFormCard,
  RecordsTable,
  RowActions,
  StatusBadge,
  type Failure,
} from "../../components/settings/catalogue-settings-parts";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/alerts";

/** The company's alerts: list, add, edit (`?edit=<id>`), enable or disable, delete; a company on trial reads why it has none. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice, editId } = await openCataloguePage(args, ALERTS);
  const view = await alertsPageView(ctx);
  // The whole list is on the page: the one being edited is read from it rather than asked again.
  return { ...view, editing: view.alerts.find((a) => String(a.id) === editId) ?? null, notice };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, ALERTS);
  const form = await args.request.formData();
  const values = {
    label: text(form, "label"),
    trigger_alert: text(form, "trigger_alert"),
    recipient: text(form, "recipient"),
    include_pdf: form.get("include_pdf") === "on",
    notify_account_manager: form.get("notify_account_manager") === "on",
    active: form.get("active") === "on",
  };
  return runCatalogueAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deleteAlert(ctx, { id });
    if (intent === "enable") return updateAlert(ctx, { id, active: true });
    if (intent === "disable") return updateAlert(ctx, { id, active: false });
    return intent === "update" ? updateAlert(ctx, { ...values, id }) : createAlert(ctx, values);
  });
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const { alerts, recipients, editing, notice, trial } = loaderData;
  const failure = actionData as Failure | undefined;
  const recipientName = (recipient: string) =>
    recipient === ACCOUNT_REPRESENTATIVE_RECIPIENT
      ? t("alerts.recipient_account_representative")
      : (recipients.find((r) => r.id === recipient)?.name ?? t("alerts.recipient_gone"));
  if (trial)
    return (
      <>
        <CatalogueHeader prefix="alerts" notice={null} failure={undefined} />
        <p role="alert" className="alert alert--warning">
          {errorText("alerts_not_available_in_trial")}
        </p>
      </>
    );
  return (
    <>
      <CatalogueHeader prefix="alerts" notice={notice} failure={failure} intro={t("alerts.intro")} />
      <section className="card">
        <RecordsTable
          empty={alerts.length === 0}
          head={
            <>
              <th scope="col">{t("alerts.label")}</th>
              <th scope="col">{t("alerts.trigger")}</th>
              <th scope="col">{t("alerts.recipient")}</th>
              <th scope="col">{t("catalogue_settings.status")}</th>
            </>
          }
        >
          {alerts.map((alert) => (
            <tr key={alert.id}>
              <td>
                {alert.label}
                {alert.include_pdf ? <span className="muted"> · {t("alerts.with_pdf")}</span> : null}
              </td>
              <td>{t(`alerts.trigger_${alert.trigger_alert}`)}</td>
              <td>
                {recipientName(alert.recipient)}
                {alert.notify_account_manager && alert.recipient !== ACCOUNT_REPRESENTATIVE_RECIPIENT ? (
                  <span className="muted"> · {t("alerts.recipient_account_representative")}</span>
                ) : null}
              </td>
              <td>
                <StatusBadge active={alert.active} />
              </td>
              <td>
                <RowActions id={alert.id} label={alert.label} active={alert.active} />
              </td>
            </tr>
          ))}
        </RecordsTable>
      </section>

      <RecordFormCard prefix="alerts" editing={editing} failure={failure}>
        {({ errors, value }) => (
          <>
            <div className="form-grid">
              <FormField name="label" label={t("alerts.label")} errors={errors}>
                {(p) => <input {...p} defaultValue={String(value("label", editing?.label ?? ""))} maxLength={100} required />}
              </FormField>
              <FormField name="trigger_alert" label={t("alerts.trigger")} errors={errors}>
                {(p) => (
                  <select {...p} defaultValue={String(value("trigger_alert", editing?.trigger_alert ?? "below_re_order_point"))}>
                    {ALERT_TRIGGERS.map((trigger) => (
                      <option key={trigger} value={trigger}>
                        {t(`alerts.trigger_${trigger}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField name="recipient" label={t("alerts.recipient")} errors={errors}>
                {(p) => (
                  <select {...p} defaultValue={String(value("recipient", editing?.recipient ?? ""))} required>
                    <option value="">{t("alerts.recipient_choose")}</option>
                    {recipients.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                    <option value={ACCOUNT_REPRESENTATIVE_RECIPIENT}>{t("alerts.recipient_account_representative")}</option>
                  </select>
                )}
              </FormField>
            </div>
            <p className="muted">{t("alerts.order_options")}</p>
            <CheckboxField
              name="include_pdf"
              label={t("alerts.include_pdf")}
              checked={Boolean(value("include_pdf", editing?.include_pdf ?? false))}
              errors={errors}
            />
            <CheckboxField
              name="notify_account_manager"
              label={t("alerts.notify_account_manager")}
              checked={Boolean(value("notify_account_manager", editing?.notify_account_manager ?? false))}
              errors={errors}
            />
            <CheckboxField
              name="active"
              label={t("catalogue_settings.active")}
              checked={Boolean(value("active", editing?.active ?? true))}
              errors={errors}
            />
          </>
        )}
      </RecordFormCard>
    </>
  );
}
