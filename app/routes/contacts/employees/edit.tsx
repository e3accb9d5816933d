import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../../worker/context";
import { getEmployee, updateEmployee } from "../../../../worker/domain/contacts/employees";
import { isDomainError } from "../../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../../worker/guards";
import { EDIT_EMPLOYEES, EMPLOYEES_PATH } from "../../../components/contacts/contacts";
import { countryOptions, formStatus, orNotFound } from "../../../components/contacts/contacts.server";
import { EmployeeForm, employeeFormValues, employeeInput, employeeValuesOf } from "../../../components/contacts/employee-form";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_EMPLOYEES);
  const employee = await orNotFound(async () => getEmployee(await ctx.tenant(), params.id));
  return { employee, values: employeeValuesOf(employee), countries: countryOptions(ctx.locale) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_EMPLOYEES);
  const values = employeeFormValues(await request.formData());
  try {
    const employee = await updateEmployee(await ctx.tenant(), params.id, employeeInput(values));
    return redirect(`${EMPLOYEES_PATH}/${employee.id}?notice=saved`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_found") throw data(null, { status: 404 });
    return data({ error: error.code, fields: error.fields, values }, { status: formStatus(error.code) });
  }
}

export default function EditEmployee({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const { employee, countries } = loaderData;
  const title = t("employees.edit_title", { label: employee.label });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${EMPLOYEES_PATH}/${employee.id}`}>{t("employees.back_to_employee")}</Link>
      </div>
      {actionData && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error)}
        </p>
      ) : null}
      <EmployeeForm
        key={actionData?.values ? JSON.stringify(actionData.values) : employee.id}
        values={actionData?.values ?? loaderData.values}
        countries={countries}
        errors={actionData?.fields}
        submitLabel={t("employees.save")}
      />
    </>
  );
}
