import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../../worker/context";
import { createSupplier, supplierFormOptions } from "../../../../worker/domain/contacts/suppliers";
import { isDomainError } from "../../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../../worker/guards";
import { EDIT_SUPPLIERS, SUPPLIERS_PATH } from "../../../components/contacts/contacts";
import { countryOptions, formStatus } from "../../../components/contacts/contacts.server";
import { NEW_SUPPLIER, SupplierForm, supplierFormValues, supplierInput } from "../../../components/contacts/supplier-form";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SUPPLIERS);
  return { options: { ...(await supplierFormOptions(await ctx.tenant())), countries: countryOptions(ctx.locale) } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SUPPLIERS);
  const values = supplierFormValues(await request.formData());
  try {
    const supplier = await createSupplier(await ctx.tenant(), supplierInput(values));
    return redirect(`${SUPPLIERS_PATH}/${supplier.id}?notice=created`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.code, fields: error.fields, values }, { status: formStatus(error.code) });
  }
}

export default function CreateSupplier({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const values = actionData?.values;
  return (
    <>
      <title>{`${t("suppliers.new_title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("suppliers.new_title")}</h1>
        <Link to={SUPPLIERS_PATH}>{t("suppliers.back_to_list")}</Link>
      </div>
      {actionData && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error)}
        </p>
      ) : null}
      <SupplierForm
        // A failed post keeps what was typed.
        key={values ? JSON.stringify(values) : "new"}
        values={values ?? NEW_SUPPLIER}
        options={loaderData.options}
        errors={actionData?.fields}
        submitLabel={t("suppliers.create")}
      />
    </>
  );
}
