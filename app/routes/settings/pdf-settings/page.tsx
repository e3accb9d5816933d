import { Form, redirect, useNavigation } from "react-router";
import { PDF_TOGGLES, PRINTABLE_KINDS, type PdfSettings } from "../../../../worker/domain/documents/pdf/pdf-settings";
import { getPdfSettings } from "../../../../worker/domain/settings/pdf-settings/get-pdf-settings";
import { updatePdfSettings } from "../../../../worker/domain/settings/pdf-settings/update-pdf-settings";
import { LOCALES } from "../../../../worker/domain/shared/locale";
import { CheckboxField } from "../../../components/checkbox-field";
import { errorsByField, SelectField, TextField } from "../../../components/contacts/form-parts";
import { FormPage } from "../../../components/form-page";
import { formAction } from "../../../server/form-page.server";
import { useT } from "../../../i18n";
import { openCataloguePage, SETTINGS, text } from "../catalogue-settings.server";
import type { Route } from "./+types/page";

const PATH = "/settings/pdf-settings";

/** How the company's documents print (domain spec §3 'PDF settings'), with a preview of a sample document. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice } = await openCataloguePage(args, SETTINGS);
  return { settings: await getPdfSettings(ctx), saved: notice === "saved" };
}

/** The form as typed, to give back when it is refused. */
function typedValues(form: FormData) {
  return {
    paper_size: text(form, "paper_size"),
    language: text(form, "language"),
    ...Object.fromEntries(PDF_TOGGLES.map((toggle) => [toggle, form.get(toggle) === "on"])),
    titles: Object.fromEntries(PRINTABLE_KINDS.map((kind) => [kind, text(form, `titles.${kind}`)])),
  } as Omit<PdfSettings, "language" | "titles"> & { paper_size: string; language: string; titles: Record<string, string> };
}
type TypedValues = ReturnType<typeof typedValues>;

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const values = typedValues(await args.request.formData());
  return formAction(
    async () => {
      await updatePdfSettings(ctx, { ...values, language: values.language || null });
      return redirect(`${PATH}?notice=saved`);
    },
    (refusal) => ({ ...refusal, values }),
  );
}

function valuesOf(settings: PdfSettings): TypedValues {
  return { ...settings, language: settings.language ?? "", titles: { ...settings.titles } };
}

export default function PdfSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { settings, saved } = loaderData;
  const values = actionData?.values ?? valuesOf(settings);
  const errors = errorsByField(actionData?.fields, ["titles"]);
  return (
    <FormPage
      title={t("pdf_settings.title")}
      back={{ href: "/settings/company-settings", label: t("pdf_settings.back") }}
      failure={actionData}
    >
      {saved && !actionData ? (
        <p role="status" className="alert alert--success">
          {t("pdf_settings.notice_saved")}
        </p>
      ) : null}
      <Form method="post" className="form" noValidate key={actionData ? JSON.stringify(actionData.values) : JSON.stringify(settings)}>
        <section className="card">
          <h2>{t("pdf_settings.page")}</h2>
          <div className="form-grid">
            <SelectField
              name="paper_size"
              label={t("pdf_settings.paper_size")}
              value={values.paper_size}
              errors={errors}
              options={["a4", "letter"].map((size) => ({ value: size, label: t(`pdf_settings.paper_size_${size}`) }))}
            />
            <SelectField
              name="language"
              label={t("pdf_settings.language")}
              value={values.language}
              errors={errors}
              empty={t("pdf_settings.language_customer")}
              options={LOCALES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
            />
          </div>
        </section>
        <section className="card">
          <h2>{t("pdf_settings.display")}</h2>
          {PDF_TOGGLES.map((toggle) => (
            <CheckboxField key={toggle} name={toggle} label={t(`pdf_settings.${toggle}`)} checked={values[toggle]} errors={errors} />
          ))}
        </section>
        <section className="card">
          <h2>{t("pdf_settings.titles")}</h2>
          <p className="muted">{t("pdf_settings.titles_hint")}</p>
          <div className="form-grid">
            {PRINTABLE_KINDS.map((kind) => (
              <TextField
                key={kind}
                name={`titles.${kind}`}
                label={t(`pdf.title.${kind}`)}
                value={values.titles[kind]}
                errors={errors}
                maxLength={60}
              />
            ))}
          </div>
        </section>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("pdf_settings.save")}
          </button>
          <a className="button" href={`${PATH}/preview.pdf`} target="_blank" rel="noreferrer">
            {t("pdf_settings.preview")}
          </a>
        </div>
      </Form>
    </FormPage>
  );
}
