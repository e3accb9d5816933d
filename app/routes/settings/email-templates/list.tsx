import { Link } from "react-router";
import { EMAIL_PLACEHOLDERS } from "../../../../worker/domain/settings/email-templates/email-template-schemas";
import { listEmailTemplates } from "../../../../worker/domain/settings/email-templates/list-email-templates";
import { useT } from "../../../i18n";
import { openCataloguePage } from "../catalogue-settings.server";
import { EMAIL_TEMPLATES } from "../../../../worker/domain/settings/email-templates/email-template-schemas";
import type { Route } from "./+types/list";

/** The emails sent with documents, one per document type and language (domain spec §3 'Email template'). */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice } = await openCataloguePage(args, EMAIL_TEMPLATES);
  return { templates: await listEmailTemplates(ctx), notice: notice === "saved" || notice === "reset" ? notice : null };
}

export default function EmailTemplates({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { templates, notice } = loaderData;
  return (
    <>
      <title>{`${t("email_templates.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("email_templates.title")}</h1>
        <Link to="/settings/company-settings">{t("pdf_settings.back")}</Link>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`email_templates.notice_${notice}`)}
        </p>
      ) : null}
      <p className="muted">{t("email_templates.placeholders", { list: EMAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(", ") })}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th>{t("email_templates.type")}</th>
            <th>{t("email_templates.language")}</th>
            <th>{t("email_templates.subject")}</th>
            <th>{t("email_templates.origin")}</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => (
            <tr key={`${template.type}/${template.language}`}>
              <td>
                <Link to={`/settings/email-templates/${template.type}/${template.language}`}>{t(`pdf.title.${template.type}`)}</Link>
              </td>
              <td>{t(`language.${template.language}`)}</td>
              <td>{template.subject}</td>
              <td>{t(template.customized ? "email_templates.customized" : "email_templates.default")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
