import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../../worker/context";
import { createCustomer, customerFormOptions } from "../../../../worker/domain/contacts/customers";
import { isDomainError } from "../../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../../worker/guards";
import { CUSTOMERS_PATH, EDIT_CUSTOMERS } from "../../../components/contacts/contacts";
import { countryOptions, formStatus } from "../../../components/contacts/contacts.server";
import { blankAddress, CustomerForm, customerFormValues, customerInput, NEW_CUSTOMER } from "../../../components/contacts/customer-form";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, EDIT_CUSTOMERS);
  const options = await customerFormOptions(await ctx.tenant(), { control: ctx.control, companyId: actor.company.id });
  return { options: { ...options, countries: countryOptions(ctx.locale) } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, EDIT_CUSTOMERS);
  const form = await request.formData();
  const values = customerFormValues(form);
  // "Add another address" shows the form again with one more block; nothing is saved.
  if (form.get("intent") === "add_address") return { error: null, fields: undefined, values: { ...values, addresses: [...values.addresses, blankAddress()] } };
  const { input, addresses } = customerInput(values);
  try {
    const customer = await createCustomer(await ctx.tenant(), input, { control: ctx.control, companyId: actor.company.id });
    return redirect(`${CUSTOMERS_PATH}/${customer.id}?notice=created`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.code, fields: error.fields, values: { ...values, addresses: [...addresses, blankAddress()] } }, { status: formStatus(error.code) });
  }
}

export default function CreateCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const values = actionData?.values;
  return (
    <>
      <title>{`${t("customers.new_title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("customers.new_title")}</h1>
        <Link to={CUSTOMERS_PATH}>{t("customers.back_to_list")}</Link>
      </div>
      {actionData?.error && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error)}
        </p>
      ) : null}
      <CustomerForm
        // A failed post keeps what was typed.
        key={values ? JSON.stringify(values) : "new"}
        values={values ?? NEW_CUSTOMER}
        options={loaderData.options}
        errors={actionData?.fields}
        submitLabel={t("customers.create")}
      />
    </>
  );
}
