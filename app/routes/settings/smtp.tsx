import { Form, redirect, useNavigation } from "react-router";
import { getSmtpSettings } from "../../../worker/domain/settings/smtp-settings/get-smtp-settings";
import { sendSmtpTestEmail } from "../../../worker/domain/settings/smtp-settings/send-smtp-test-email";
import { SMTP_SECURITIES, type SmtpSettingsView } from "../../../worker/domain/settings/smtp-settings/smtp-settings-schemas";
import { updateSmtpSettings } from "../../../worker/domain/settings/smtp-settings/update-smtp-settings";
import { pageUrl } from "../../../worker/guards";
import { CheckboxField } from "../../components/checkbox-field";
import { errorsByField, SelectField, TextField } from "../../components/contacts/form-parts";
import { FormPage } from "../../components/form-page";
import { formAction } from "../../server/form-page.server";
import { useT } from "../../i18n";
import { openCataloguePage, SETTINGS, text } from "./catalogue-settings.server";
import type { Route } from "./+types/smtp";

const PATH = "/settings/smtp";

/** The company's own SMTP server, or the platform's sender; the password is write-only. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice } = await openCataloguePage(args, SETTINGS);
  const to = pageUrl(args.request).searchParams.get("to");
  return {
    settings: await getSmtpSettings(ctx),
    notice: notice === "saved" ? ({ kind: "saved" } as const) : notice === "test_sent" && to ? ({ kind: "test_sent", to } as const) : null,
  };
}

/** The form as typed (never the password), to give back when it is refused. */
function typedValues(form: FormData) {
  return {
    host: text(form, "host"),
    port: text(form, "port"),
    security: text(form, "security"),
    username: text(form, "username"),
    from_address: text(form, "from_address"),
    from_name: text(form, "from_name"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const form = await args.request.formData();
  const intent = text(form, "intent");
  const values = typedValues(form);
  return formAction(
    async () => {
      if (intent === "test") {
        const { to } = await sendSmtpTestEmail(ctx, {});
        return redirect(`${PATH}?notice=test_sent&to=${encodeURIComponent(to)}`);
      }
      const password = text(form, "password");
      await updateSmtpSettings(ctx, {
        ...values,
        port: values.port.trim() === "" ? undefined : Number(values.port.trim()),
        // A blank password box keeps the saved one, unless its removal is asked.
        ...(form.get("remove_password") === "on" ? { password: "" } : password ? { password } : {}),
      });
      return redirect(`${PATH}?notice=saved`);
    },
    (refusal) => ({ intent, ...refusal, values }),
  );
}

function valuesOf(settings: SmtpSettingsView): ReturnType<typeof typedValues> {
  return {
    host: settings.host ?? "",
    port: String(settings.port),
    security: settings.security,
    username: settings.username ?? "",
    from_address: settings.from_address ?? "",
    from_name: settings.from_name ?? "",
  };
}

export default function SmtpSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { settings, notice } = loaderData;
  const values = actionData?.values ?? valuesOf(settings);
  const errors = errorsByField(actionData?.fields, []);
  return (
    <FormPage title={t("smtp.title")} back={{ href: "/settings/company-settings", label: t("smtp.back") }} failure={actionData}>
      {notice && !actionData ? (
        <p role="status" className="alert alert--success">
          {notice.kind === "saved" ? t("smtp.notice_saved") : t("smtp.notice_test_sent", { to: notice.to })}
        </p>
      ) : null}
      <p className="muted">{t("smtp.intro")}</p>
      {settings.host ? null : <p>{t("smtp.platform_sender")}</p>}
      <Form method="post" className="form" noValidate key={actionData ? JSON.stringify(actionData.values) : String(settings.updated_at)}>
        <input type="hidden" name="intent" value="save" />
        <section className="card">
          <div className="form-grid">
            <TextField name="host" label={t("smtp.host")} value={values.host} errors={errors} maxLength={253} />
            <TextField name="port" label={t("smtp.port")} value={values.port} errors={errors} inputMode="numeric" />
            <SelectField
              name="security"
              label={t("smtp.security")}
              value={values.security}
              errors={errors}
              options={SMTP_SECURITIES.map((security) => ({ value: security, label: t(`smtp.security_${security}`) }))}
            />
            <TextField
              name="username"
              label={t("smtp.username")}
              value={values.username}
              errors={errors}
              maxLength={320}
              autoComplete="off"
            />
            <TextField name="password" label={t("smtp.password")} value="" errors={errors} type="password" autoComplete="new-password" />
            <TextField name="from_address" label={t("smtp.from_address")} value={values.from_address} errors={errors} type="email" />
            <TextField name="from_name" label={t("smtp.from_name")} value={values.from_name} errors={errors} maxLength={100} />
          </div>
          <p className="muted">{settings.password_set ? t("smtp.password_set") : t("smtp.password_none")}</p>
          {settings.password_set ? (
            <CheckboxField name="remove_password" label={t("smtp.remove_password")} checked={false} errors={errors} />
          ) : null}
        </section>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("smtp.save")}
          </button>
        </div>
      </Form>
      <Form method="post" className="actions">
        <input type="hidden" name="intent" value="test" />
        <button type="submit" className="button" disabled={busy}>
          {t("smtp.send_test")}
        </button>
      </Form>
    </FormPage>
  );
}
