import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { createCustomer } from "../../../../worker/domain/contacts/create-customer";
import { customerFormOptions } from "../../../../worker/domain/contacts/customer-form-options";
import { requirePage } from "../../../../worker/guards";
import { CUSTOMERS_PATH, EDIT_CUSTOMERS } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import { blankAddress, CustomerForm, customerFormValues, customerInput, NEW_CUSTOMER } from "../../../components/contacts/customer-form";
import { formKey, FormPage } from "../../../components/form-page";
import { newFormKey, onceForm, saveForm } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_CUSTOMERS);
  const options = await customerFormOptions(await ctxFromRequest(rc));
  return { options: { ...options, countries: countryNames(rc.locale) }, idempotencyKey: newFormKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_CUSTOMERS);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const values = customerFormValues(form);
  // "Add another address" shows the form again with one more block; nothing is saved.
  if (form.get("intent") === "add_address")
    return { error: null, fields: undefined, values: { ...values, addresses: [...values.addresses, blankAddress()] } };
  const { input, addresses } = customerInput(values);
  // A refused post comes back with the addresses typed and a blank one to add.
  return saveForm({ ...values, addresses: [...addresses, blankAddress()] }, () =>
    onceForm(rc, request, form, async () => `${CUSTOMERS_PATH}/${(await createCustomer(ctx, input)).id}?notice=created`),
  );
}

export default function CreateCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <FormPage
      title={t("customers.new_title")}
      back={{ href: CUSTOMERS_PATH, label: t("customers.back_to_list") }}
      failure={actionData}
      idempotencyKey={loaderData.idempotencyKey}
    >
      <CustomerForm
        // A failed post keeps what was typed.
        key={formKey(actionData, "new")}
        values={actionData?.values ?? NEW_CUSTOMER}
        options={loaderData.options}
        errors={actionData?.fields}
        submitLabel={t("customers.create")}
      />
    </FormPage>
  );
}
