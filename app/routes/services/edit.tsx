import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { getService } from "../../../worker/domain/services/get-service";
import { serviceFormOptions } from "../../../worker/domain/services/service-form-options";
import { updateService } from "../../../worker/domain/services/update-service";
import { requirePage } from "../../../worker/guards";
import { formKey, FormPage } from "../../components/form-page";
import { orNotFound, saveForm } from "../../server/form-page.server";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import type { Route } from "./+types/edit";
import { EDIT_SERVICES, SERVICES_PATH } from "./format";
import { ServiceForm, serviceFormValues, type ServiceFormValues } from "./service-form";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SERVICES);
  const ctx = await ctxFromRequest(rc);
  const service = await orNotFound(() => getService(ctx, { id: params.id }));
  return { service, options: await serviceFormOptions(ctx, { currentTaxId: service.tax_id }) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SERVICES);
  const ctx = await ctxFromRequest(rc);
  const values = serviceFormValues(await request.formData());
  return saveForm(values, async () => `${SERVICES_PATH}/${(await updateService(ctx, { ...values, id: params.id })).id}?notice=saved`);
}

export default function EditService({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { service, options } = loaderData;
  const values: ServiceFormValues = actionData?.values ?? { ...service, price: format.input(service.price, 2) };
  return (
    <FormPage
      title={t("services.edit_title", { label: service.label })}
      back={{ href: `${SERVICES_PATH}/${service.id}`, label: t("services.back_to_service") }}
      failure={actionData}
    >
      <ServiceForm
        key={formKey(actionData, service.id)}
        values={values}
        options={options}
        errors={actionData?.fields}
        submitLabel={t("services.save")}
      />
    </FormPage>
  );
}
