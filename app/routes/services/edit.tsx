import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { getService, serviceFormOptions, updateService } from "../../../worker/domain/services/services";
import { isDomainError } from "../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../worker/guards";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/edit";
import { EDIT_SERVICES, SERVICES_PATH } from "./format";
import { ServiceForm, serviceFormValues, type ServiceFormValues } from "./service-form";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SERVICES);
  const db = await ctx.tenant();
  try {
    const service = await getService(db, params.id);
    return { service, options: await serviceFormOptions(db, service.tax_id) };
  } catch (error) {
    if (isDomainError(error) && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SERVICES);
  const values = serviceFormValues(await request.formData());
  try {
    const service = await updateService(await ctx.tenant(), params.id, values);
    return redirect(`${SERVICES_PATH}/${service.id}?notice=saved`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_found") throw data(null, { status: 404 });
    const status = error.code === "validation_failed" ? 422 : error.code === "service_reference_taken" ? 409 : 400;
    return data({ error: error.code, fields: error.fields, values }, { status });
  }
}

export default function EditService({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const { service, options } = loaderData;
  const values: ServiceFormValues = actionData?.values ?? service;
  const title = t("services.edit_title", { label: service.label });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${SERVICES_PATH}/${service.id}`}>{t("services.back_to_service")}</Link>
      </div>
      {actionData && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error)}
        </p>
      ) : null}
      <ServiceForm
        key={actionData?.values ? JSON.stringify(actionData.values) : service.id}
        values={values}
        options={options}
        errors={actionData?.fields}
        submitLabel={t("services.save")}
      />
    </>
  );
}
