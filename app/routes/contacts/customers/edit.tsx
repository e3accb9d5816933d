import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { customerFormOptions } from "../../../../worker/domain/contacts/customer-form-options";
import { getCustomer } from "../../../../worker/domain/contacts/get-customer";
import { updateCustomer } from "../../../../worker/domain/contacts/update-customer";
import { requirePage } from "../../../../worker/guards";
import { CUSTOMERS_PATH, EDIT_CUSTOMERS } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import {
  blankAddress,
  CustomerForm,
  customerFormValues,
  customerInput,
  customerValuesOf,
} from "../../../components/contacts/customer-form";
import { formKey, FormPage } from "../../../components/form-page";
import { orNotFound, saveForm } from "../../../server/form-page.server";
import { useFormat } from "../../../format";
import { useT } from "../../../i18n";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_CUSTOMERS);
  const ctx = await ctxFromRequest(rc);
  const customer = await orNotFound(() => getCustomer(ctx, { id: params.id }));
  const options = await customerFormOptions(ctx, { current: customer });
  return { customer, options: { ...options, countries: countryNames(rc.locale) } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_CUSTOMERS);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const values = customerFormValues(form);
  if (form.get("intent") === "add_address")
    return { error: null, fields: undefined, values: { ...values, addresses: [...values.addresses, blankAddress()] } };
  const { input, addresses } = customerInput(values);
  return saveForm(
    { ...values, addresses: [...addresses, blankAddress()] },
    async () => `${CUSTOMERS_PATH}/${(await updateCustomer(ctx, { ...input, id: params.id })).id}?notice=saved`,
  );
}

export default function EditCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { customer, options } = loaderData;
  return (
    <FormPage
      title={t("customers.edit_title", { label: customer.label })}
      back={{ href: `${CUSTOMERS_PATH}/${customer.id}`, label: t("customers.back_to_customer") }}
      failure={actionData}
    >
      <CustomerForm
        key={formKey(actionData, customer.id)}
        values={actionData?.values ?? customerValuesOf(customer, format)}
        options={options}
        errors={actionData?.fields}
        submitLabel={t("customers.save")}
      />
    </FormPage>
  );
}
