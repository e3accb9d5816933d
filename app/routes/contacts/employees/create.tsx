import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../../worker/context";
import { createEmployee } from "../../../../worker/domain/contacts/employees";
import { isDomainError } from "../../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../../worker/guards";
import { EDIT_EMPLOYEES, EMPLOYEES_PATH } from "../../../components/contacts/contacts";
import { countryOptions, formStatus } from "../../../components/contacts/contacts.server";
import { EmployeeForm, employeeFormValues, employeeInput, NEW_EMPLOYEE } from "../../../components/contacts/employee-form";
import { useErrorText, useT } from "../../../i18n";
import type { Route } from "./+types/create";

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_EMPLOYEES);
  return { countries: countryOptions(ctx.locale) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_EMPLOYEES);
  const values = employeeFormValues(await request.formData());
  try {
    const employee = await createEmployee(await ctx.tenant(), employeeInput(values));
    return redirect(`${EMPLOYEES_PATH}/${employee.id}?notice=created`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.code, fields: error.fields, values }, { status: formStatus(error.code) });
  }
}

export default function CreateEmployee({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const values = actionData?.values;
  return (
    <>
      <title>{`${t("employees.new_title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("employees.new_title")}</h1>
        <Link to={EMPLOYEES_PATH}>{t("employees.back_to_list")}</Link>
      </div>
      {actionData && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error)}
        </p>
      ) : null}
      <EmployeeForm
        // A failed post keeps what was typed.
        key={values ? JSON.stringify(values) : "new"}
        values={values ?? NEW_EMPLOYEE}
        countries={loaderData.countries}
        errors={actionData?.fields}
        submitLabel={t("employees.create")}
      />
    </>
  );
}
