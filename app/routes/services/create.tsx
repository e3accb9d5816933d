import { requestContext } from "../../../worker/context";
import { createService, serviceFormOptions } from "../../../worker/domain/services/services";
import { requirePage } from "../../../worker/guards";
import { formKey, FormPage } from "../../components/form-page";
import { newFormKey, onceForm, saveForm } from "../../server/form-page.server";
import { useT } from "../../i18n";
import type { Route } from "./+types/create";
import { EDIT_SERVICES, SERVICES_PATH } from "./format";
import { NEW_SERVICE, ServiceForm, serviceFormValues } from "./service-form";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SERVICES);
  return { options: await serviceFormOptions(await ctx.tenant()), idempotencyKey: newFormKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_SERVICES);
  const form = await request.formData();
  const values = serviceFormValues(form);
  return saveForm(values, () =>
    onceForm(ctx, request, form, async () => `${SERVICES_PATH}/${(await createService(await ctx.tenant(), values)).id}?notice=created`),
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
