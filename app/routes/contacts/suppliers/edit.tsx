import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../../worker/context";
import { getSupplier, supplierFormOptions, updateSupplier } from "../../../../worker/domain/contacts/suppliers";
import { isDomainError } from "../../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../../worker/guards";
import { EDIT_SUPPLIERS, SUPPLIERS_PATH } from "../../../components/contacts/contacts";
import { countryOptions, formStatus, orNotFound } from "../../../components/contacts/contacts.server";
import { SupplierForm, supplierFormValues, supplierInput, supplierValuesOf } from "../../../components/contacts/supplier-form";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SUPPLIERS);
  const db = await ctx.tenant();
  const supplier = await orNotFound(() => getSupplier(db, params.id));
  return { supplier, values: supplierValuesOf(supplier), options: { ...(await supplierFormOptions(db, supplier)), countries: countryOptions(ctx.locale) } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SUPPLIERS);
  const values = supplierFormValues(await request.formData());
  try {
    const supplier = await updateSupplier(await ctx.tenant(), params.id, supplierInput(values));
    return redirect(`${SUPPLIERS_PATH}/${supplier.id}?notice=saved`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_found") throw data(null, { status: 404 });
    return data({ error: error.code, fields: error.fields, values }, { status: formStatus(error.code) });
  }
}

export default function EditSupplier({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const { supplier, options } = loaderData;
  const title = t("suppliers.edit_title", { label: supplier.name });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${SUPPLIERS_PATH}/${supplier.id}`}>{t("suppliers.back_to_supplier")}</Link>
      </div>
      {actionData && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error)}
        </p>
      ) : null}
      <SupplierForm
        key={actionData?.values ? JSON.stringify(actionData.values) : supplier.id}
        values={actionData?.values ?? loaderData.values}
        options={options}
        errors={actionData?.fields}
        submitLabel={t("suppliers.save")}
      />
    </>
  );
}
