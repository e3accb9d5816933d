import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { createSupplier } from "../../../../worker/domain/contacts/create-supplier";
import { supplierFormOptions } from "../../../../worker/domain/contacts/supplier-form-options";
import { requirePage } from "../../../../worker/guards";
import { EDIT_SUPPLIERS, SUPPLIERS_PATH } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import { NEW_SUPPLIER, SupplierForm, supplierFormValues, supplierInput } from "../../../components/contacts/supplier-form";
import { formKey, FormPage } from "../../../components/form-page";
import { newFormKey, onceForm, saveForm } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SUPPLIERS);
  return {
    options: { ...(await supplierFormOptions(await ctxFromRequest(rc))), countries: countryNames(rc.locale) },
    idempotencyKey: newFormKey(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SUPPLIERS);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const values = supplierFormValues(form);
  return saveForm(values, () =>
    onceForm(rc, request, form, async () => `${SUPPLIERS_PATH}/${(await createSupplier(ctx, supplierInput(values))).id}?notice=created`),
  );
}

export default function CreateSupplier({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <FormPage
      title={t("suppliers.new_title")}
      back={{ href: SUPPLIERS_PATH, label: t("suppliers.back_to_list") }}
      failure={actionData}
      idempotencyKey={loaderData.idempotencyKey}
    >
      <SupplierForm
        key={formKey(actionData, "new")}
        values={actionData?.values ?? NEW_SUPPLIER}
        options={loaderData.options}
        errors={actionData?.fields}
        submitLabel={t("suppliers.create")}
      />
    </FormPage>
  );
}
