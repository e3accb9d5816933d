import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { getEmployee } from "../../../../worker/domain/contacts/get-employee";
import { updateEmployee } from "../../../../worker/domain/contacts/update-employee";
import { requirePage } from "../../../../worker/guards";
import { EDIT_EMPLOYEES, EMPLOYEES_PATH } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import { EmployeeForm, employeeFormValues, employeeInput, employeeValuesOf } from "../../../components/contacts/employee-form";
import { formKey, FormPage } from "../../../components/form-page";
import { orNotFound, saveForm } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_EMPLOYEES);
  const ctx = await ctxFromRequest(rc);
  const employee = await orNotFound(() => getEmployee(ctx, { id: params.id }));
  return { employee, values: employeeValuesOf(employee), countries: countryNames(rc.locale) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_EMPLOYEES);
  const ctx = await ctxFromRequest(rc);
  const values = employeeFormValues(await request.formData());
  return saveForm(
    values,
    async () => `${EMPLOYEES_PATH}/${(await updateEmployee(ctx, { ...employeeInput(values), id: params.id })).id}?notice=saved`,
  );
}

export default function EditEmployee({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { employee, countries } = loaderData;
  return (
    <FormPage
      title={t("employees.edit_title", { label: employee.label })}
      back={{ href: `${EMPLOYEES_PATH}/${employee.id}`, label: t("employees.back_to_employee") }}
      failure={actionData}
    >
      <EmployeeForm
        key={formKey(actionData, employee.id)}
        values={actionData?.values ?? loaderData.values}
        countries={countries}
        errors={actionData?.fields}
        submitLabel={t("employees.save")}
      />
    </FormPage>
  );
}
