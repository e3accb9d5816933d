import { requestContext } from "../../../../worker/context";
import { createEmployee } from "../../../../worker/domain/contacts/employees";
import { requirePage } from "../../../../worker/guards";
import { EDIT_EMPLOYEES, EMPLOYEES_PATH } from "../../../components/contacts/contacts";
import { countryOptions } from "../../../components/contacts/contacts.server";
import { EmployeeForm, employeeFormValues, employeeInput, NEW_EMPLOYEE } from "../../../components/contacts/employee-form";
import { formKey, FormPage } from "../../../components/form-page";
import { newFormKey, onceForm, saveForm } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import type { Route } from "./+types/create";

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_EMPLOYEES);
  return { countries: countryOptions(ctx.locale), idempotencyKey: newFormKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_EMPLOYEES);
  const form = await request.formData();
  const values = employeeFormValues(form);
  return saveForm(values, () =>
    onceForm(
      ctx,
      request,
      form,
      async () => `${EMPLOYEES_PATH}/${(await createEmployee(await ctx.tenant(), employeeInput(values))).id}?notice=created`,
    ),
  );
}

export default function CreateEmployee({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <FormPage
      title={t("employees.new_title")}
      back={{ href: EMPLOYEES_PATH, label: t("employees.back_to_list") }}
      failure={actionData}
      idempotencyKey={loaderData.idempotencyKey}
    >
      <EmployeeForm
        key={formKey(actionData, "new")}
        values={actionData?.values ?? NEW_EMPLOYEE}
        countries={loaderData.countries}
        errors={actionData?.fields}
        submitLabel={t("employees.create")}
      />
    </FormPage>
  );
}
