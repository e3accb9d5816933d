import { Form, redirect, useNavigation } from "react-router";
import { EMAIL_PLACEHOLDERS, EMAIL_TEMPLATES } from "../../../../worker/domain/settings/email-templates/email-template-schemas";
import { getEmailTemplate } from "../../../../worker/domain/settings/email-templates/get-email-template";
import { resetEmailTemplate } from "../../../../worker/domain/settings/email-templates/reset-email-template";
import { updateEmailTemplate } from "../../../../worker/domain/settings/email-templates/update-email-template";
import { errorsByField, TextAreaField, TextField } from "../../../components/contacts/form-parts";
import { FormPage } from "../../../components/form-page";
import { formAction, orNotFound } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import { openCataloguePage, text } from "../catalogue-settings.server";
import type { Route } from "./+types/edit";

const LIST = "/settings/email-templates";

/** One template: its subject and body, with the placeholders it may name; reset gives back the default text. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await openCataloguePage(args, EMAIL_TEMPLATES);
  return { template: await orNotFound(() => getEmailTemplate(ctx, args.params)) };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, EMAIL_TEMPLATES);
  const form = await args.request.formData();
  const values = { subject: text(form, "subject"), body: text(form, "body") };
  return formAction(
    async () => {
      if (text(form, "intent") === "reset") {
        await resetEmailTemplate(ctx, args.params);
        return redirect(`${LIST}?notice=reset`);
      }
      await updateEmailTemplate(ctx, { ...args.params, ...values });
      return redirect(`${LIST}?notice=saved`);
    },
    (refusal) => ({ ...refusal, values }),
  );
}

export default function EditEmailTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { template } = loaderData;
  const values = actionData?.values ?? template;
  const errors = errorsByField(actionData?.fields, []);
  const title = t("email_templates.edit_title", {
    document: t(`pdf.title.${template.type}`),
    language: t(`language.${template.language}`),
  });
  return (
    <FormPage title={title} back={{ href: LIST, label: t("email_templates.back") }} failure={actionData}>
      <Form method="post" className="form" noValidate>
        <section className="card">
          <p className="muted">{t("email_templates.placeholders", { list: EMAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(", ") })}</p>
          <TextField name="subject" label={t("email_templates.subject")} value={values.subject} errors={errors} maxLength={200} required />
          <TextAreaField name="body" label={t("email_templates.body")} value={values.body} errors={errors} rows={12} />
        </section>
        <div className="actions">
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
            {t("email_templates.save")}
          </button>
          {template.customized ? (
            <button type="submit" name="intent" value="reset" className="button" disabled={busy} formNoValidate>
              {t("email_templates.reset")}
            </button>
          ) : null}
        </div>
      </Form>
    </FormPage>
  );
}
