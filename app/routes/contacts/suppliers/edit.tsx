import { requestContext } from "../../../../worker/context";
import { getSupplier, supplierFormOptions, updateSupplier } from "../../../../worker/domain/contacts/suppliers";
import { requirePage } from "../../../../worker/guards";
import { EDIT_SUPPLIERS, SUPPLIERS_PATH } from "../../../components/contacts/contacts";
import { countryOptions } from "../../../components/contacts/contacts.server";
import { SupplierForm, supplierFormValues, supplierInput, supplierValuesOf } from "../../../components/contacts/supplier-form";
import { formKey, FormPage } from "../../../components/form-page";
import { orNotFound, saveForm } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SUPPLIERS);
  const db = await ctx.tenant();
  const supplier = await orNotFound(() => getSupplier(db, params.id));
  return {
    supplier,
    values: supplierValuesOf(supplier),
    options: { ...(await supplierFormOptions(db, supplier)), countries: countryOptions(ctx.locale) },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SUPPLIERS);
  const values = supplierFormValues(await request.formData());
  return saveForm(
    values,
    async () => `${SUPPLIERS_PATH}/${(await updateSupplier(await ctx.tenant(), params.id, supplierInput(values))).id}?notice=saved`,
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
