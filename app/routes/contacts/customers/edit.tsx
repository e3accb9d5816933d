import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../../worker/context";
import { customerFormOptions, getCustomer, updateCustomer } from "../../../../worker/domain/contacts/customers";
import { isDomainError } from "../../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../../worker/guards";
import { CUSTOMERS_PATH, EDIT_CUSTOMERS } from "../../../components/contacts/contacts";
import { countryOptions, formStatus, orNotFound } from "../../../components/contacts/contacts.server";
import { blankAddress, CustomerForm, customerFormValues, customerInput, customerValuesOf } from "../../../components/contacts/customer-form";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, EDIT_CUSTOMERS);
  const db = await ctx.tenant();
  const customer = await orNotFound(() => getCustomer(db, params.id));
  const options = await customerFormOptions(db, { control: ctx.control, companyId: actor.company.id }, customer);
  return { customer, values: customerValuesOf(customer), options: { ...options, countries: countryOptions(ctx.locale) } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, EDIT_CUSTOMERS);
  const form = await request.formData();
  const values = customerFormValues(form);
  if (form.get("intent") === "add_address") return { error: null, fields: undefined, values: { ...values, addresses: [...values.addresses, blankAddress()] } };
  const { input, addresses } = customerInput(values);
  try {
    const customer = await updateCustomer(await ctx.tenant(), params.id, input, { control: ctx.control, companyId: actor.company.id });
    return redirect(`${CUSTOMERS_PATH}/${customer.id}?notice=saved`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_found") throw data(null, { status: 404 });
    return data({ error: error.code, fields: error.fields, values: { ...values, addresses: [...addresses, blankAddress()] } }, { status: formStatus(error.code) });
  }
}

export default function EditCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const { customer, options } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const title = t("customers.edit_title", { label: customer.label });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${CUSTOMERS_PATH}/${customer.id}`}>{t("customers.back_to_customer")}</Link>
      </div>
      {actionData?.error && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error)}
        </p>
      ) : null}
      <CustomerForm
        key={actionData?.values ? JSON.stringify(actionData.values) : customer.id}
        values={values}
        options={options}
        errors={actionData?.fields}
        submitLabel={t("customers.save")}
      />
    </>
  );
}
