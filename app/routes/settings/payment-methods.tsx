import { createPaymentMethod } from "../../../worker/domain/settings/payment-methods/create-payment-method";
import { deletePaymentMethod } from "../../../worker/domain/settings/payment-methods/delete-payment-method";
import { allPaymentMethods } from "../../../worker/domain/settings/payment-methods/list-payment-methods";
import { disablePaymentMethod, enablePaymentMethod } from "../../../worker/domain/settings/payment-methods/set-payment-method-active";
import { updatePaymentMethod } from "../../../worker/domain/settings/payment-methods/update-payment-method";
import { FormField } from "../../components/form-field";
import { openCataloguePage, runCatalogueAction, SETTINGS, text } from "./catalogue-settings.server";
import {
  CatalogueHeader,
  CheckboxField,
  RecordFormCard,
  RecordsTable,
  RowActions,
  StatusBadge,
  type Failure,
} from "../../components/settings/catalogue-settings-parts";
import { useT } from "../../i18n";
import type { Route } from "./+types/payment-methods";

/** The ways the company is paid: list, add, edit (`?edit=<id>`), enable or disable, delete. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice, editId } = await openCataloguePage(args, SETTINGS);
  // The whole list is on the page: the one being edited is read from it rather than asked again.
  const methods = await allPaymentMethods(ctx);
  return { methods, editing: methods.find((m) => String(m.id) === editId) ?? null, notice };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const form = await args.request.formData();
  const values = {
    label: text(form, "label"),
    quickbooks_id: text(form, "quickbooks_id"),
    pos: form.get("pos") === "on",
    active: form.get("active") === "on",
  };
  return runCatalogueAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deletePaymentMethod(ctx, { id });
    if (intent === "enable") return enablePaymentMethod(ctx, { id });
    if (intent === "disable") return disablePaymentMethod(ctx, { id });
    return intent === "update" ? updatePaymentMethod(ctx, { ...values, id }) : createPaymentMethod(ctx, values);
  });
}

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { methods, editing, notice } = loaderData;
  const failure = actionData as Failure | undefined;
  return (
    <>
      <CatalogueHeader prefix="payment_methods" notice={notice} failure={failure} intro={t("payment_methods.intro")} />
      <section className="card">
        <RecordsTable
          empty={methods.length === 0}
          head={
            <>
              <th scope="col">{t("payment_methods.label")}</th>
              <th scope="col">{t("payment_methods.pos")}</th>
              <th scope="col">{t("catalogue_settings.status")}</th>
            </>
          }
        >
          {methods.map((method) => (
            <tr key={method.id}>
              <td>
                {method.label}
                {method.quickbooks_id ? <span className="muted"> · {method.quickbooks_id}</span> : null}
              </td>
              <td>{method.pos ? t("payment_methods.pos_yes") : t("payment_methods.pos_no")}</td>
              <td>
                <StatusBadge active={method.active} />
              </td>
              <td>
                <RowActions id={method.id} label={method.label} active={method.active} />
              </td>
            </tr>
          ))}
        </RecordsTable>
      </section>

      <RecordFormCard prefix="payment_methods" editing={editing} failure={failure}>
        {({ errors, value }) => (
          <>
            <div className="form-grid">
              <FormField name="label" label={t("payment_methods.label")} errors={errors}>
                {(p) => <input {...p} defaultValue={String(value("label", editing?.label ?? ""))} maxLength={100} required />}
              </FormField>
              <FormField name="quickbooks_id" label={t("payment_methods.quickbooks_id")} errors={errors}>
                {(p) => <input {...p} defaultValue={String(value("quickbooks_id", editing?.quickbooks_id ?? ""))} maxLength={100} />}
              </FormField>
            </div>
            <CheckboxField
              name="pos"
              label={t("payment_methods.pos_field")}
              checked={Boolean(value("pos", editing?.pos ?? false))}
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
