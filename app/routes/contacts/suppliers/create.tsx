import { requestContext } from "../../../../worker/context";
import { createSupplier, supplierFormOptions } from "../../../../worker/domain/contacts/suppliers";
import { requirePage } from "../../../../worker/guards";
import { EDIT_SUPPLIERS, SUPPLIERS_PATH } from "../../../components/contacts/contacts";
import { countryOptions } from "../../../components/contacts/contacts.server";
import { NEW_SUPPLIER, SupplierForm, supplierFormValues, supplierInput } from "../../../components/contacts/supplier-form";
import { formKey, FormPage } from "../../../components/form-page";
import { newFormKey, onceForm, saveForm } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SUPPLIERS);
  return {
    options: { ...(await supplierFormOptions(await ctx.tenant())), countries: countryOptions(ctx.locale) },
    idempotencyKey: newFormKey(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SUPPLIERS);
  const form = await request.formData();
  const values = supplierFormValues(form);
  return saveForm(values, () =>
    onceForm(
      ctx,
      request,
      form,
      async () => `${SUPPLIERS_PATH}/${(await createSupplier(await ctx.tenant(), supplierInput(values))).id}?notice=created`,
    ),
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
