import { data, Link, redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { createService, serviceFormOptions } from "../../../worker/domain/services/services";
import { isDomainError } from "../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../worker/guards";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/create";
import { EDIT_SERVICES, SERVICES_PATH } from "./format";
import { NEW_SERVICE, ServiceForm, serviceFormValues } from "./service-form";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SERVICES);
  return { options: await serviceFormOptions(await ctx.tenant()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SERVICES);
  const values = serviceFormValues(await request.formData());
  try {
    const service = await createService(await ctx.tenant(), values);
    return redirect(`${SERVICES_PATH}/${service.id}?notice=created`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const status = error.code === "validation_failed" ? 422 : error.code === "service_reference_taken" ? 409 : 400;
    return data({ error: error.code, fields: error.fields, values }, { status });
  }
}

export default function CreateService({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const values = actionData?.values;
  return (
    <>
      <title>{`${t("services.new_title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("services.new_title")}</h1>
        <Link to={SERVICES_PATH}>{t("services.back_to_list")}</Link>
      </div>
      {actionData && !actionData.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error)}
        </p>
      ) : null}
      <ServiceForm
        // A failed post keeps what was typed.
        key={values ? JSON.stringify(values) : "new"}
        values={values ?? NEW_SERVICE}
        options={loaderData.options}
        errors={actionData?.fields}
        submitLabel={t("services.create")}
      />
    </>
  );
}
