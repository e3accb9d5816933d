import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { getSupplier } from "../../../../worker/domain/contacts/get-supplier";
import { supplierFormOptions } from "../../../../worker/domain/contacts/supplier-form-options";
import { updateSupplier } from "../../../../worker/domain/contacts/update-supplier";
import { requirePage } from "../../../../worker/guards";
import { EDIT_SUPPLIERS, SUPPLIERS_PATH } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import { SupplierForm, supplierFormValues, supplierInput, supplierValuesOf } from "../../../components/contacts/supplier-form";
import { formKey, FormPage } from "../../../components/form-page";
import { orNotFound, saveForm } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SUPPLIERS);
  const ctx = await ctxFromRequest(rc);
  const supplier = await orNotFound(() => getSupplier(ctx, { id: params.id }));
  return {
    supplier,
    values: supplierValuesOf(supplier),
    options: { ...(await supplierFormOptions(ctx, { current: supplier })), countries: countryNames(rc.locale) },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SUPPLIERS);
  const ctx = await ctxFromRequest(rc);
  const values = supplierFormValues(await request.formData());
  return saveForm(
    values,
    async () => `${SUPPLIERS_PATH}/${(await updateSupplier(ctx, { ...supplierInput(values), id: params.id })).id}?notice=saved`,
  );
}

export default function EditSupplier({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { supplier, options } = loaderData;
  return (
    <FormPage
      title={t("suppliers.edit_title", { label: supplier.name })}
      back={{ href: `${SUPPLIERS_PATH}/${supplier.id}`, label: t("suppliers.back_to_supplier") }}
      failure={actionData}
    >
      <SupplierForm
        key={formKey(actionData, supplier.id)}
        values={actionData?.values ?? loaderData.values}
        options={options}
        errors={actionData?.fields}
        submitLabel={t("suppliers.save")}
      />
    </FormPage>
  );
}
