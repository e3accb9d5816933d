import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { createService } from "../../../worker/domain/services/create-service";
import { serviceFormOptions } from "../../../worker/domain/services/service-form-options";
import { requirePage } from "../../../worker/guards";
import { formKey, FormPage } from "../../components/form-page";
import { newFormKey, onceForm, saveForm } from "../../server/form-page.server";
import { useT } from "../../i18n";
import type { Route } from "./+types/create";
import { EDIT_SERVICES, SERVICES_PATH } from "./format";
import { NEW_SERVICE, ServiceForm, serviceFormValues } from "./service-form";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SERVICES);
  return { options: await serviceFormOptions(await ctxFromRequest(rc)), idempotencyKey: newFormKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SERVICES);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const values = serviceFormValues(form);
  return saveForm(values, () =>
    onceForm(rc, request, form, async () => `${SERVICES_PATH}/${(await createService(ctx, values)).id}?notice=created`),
  );
}

export default function CreateService({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <FormPage
      title={t("services.new_title")}
      back={{ href: SERVICES_PATH, label: t("services.back_to_list") }}
      failure={actionData}
      idempotencyKey={loaderData.idempotencyKey}
    >
      <ServiceForm
        // A failed post keeps what was typed.
        key={formKey(actionData, "new")}
        values={actionData?.values ?? NEW_SERVICE}
        options={loaderData.options}
        errors={actionData?.fields}
        submitLabel={t("services.create")}
      />
    </FormPage>
  );
}
