import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { createEmployee } from "../../../../worker/domain/contacts/create-employee";
import { requirePage } from "../../../../worker/guards";
import { EDIT_EMPLOYEES, EMPLOYEES_PATH } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import { EmployeeForm, employeeFormValues, employeeInput, NEW_EMPLOYEE } from "../../../components/contacts/employee-form";
import { formKey, FormPage } from "../../../components/form-page";
import { newFormKey, onceForm, saveForm } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import type { Route } from "./+types/create";

export function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_EMPLOYEES);
  return { countries: countryNames(rc.locale), idempotencyKey: newFormKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_EMPLOYEES);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const values = employeeFormValues(form);
  return saveForm(values, () =>
    onceForm(rc, request, form, async () => `${EMPLOYEES_PATH}/${(await createEmployee(ctx, employeeInput(values))).id}?notice=created`),
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
