import { Form, Link, useNavigation } from "react-router";
import type { ContactTagView } from "../../../worker/domain/contacts/contact-tags";
import { useErrorText, useT } from "../../i18n";
import { FormField, type FieldErrorMap } from "../form-field";
import "./contacts.css";

/**
 * A contacts-settings page: the tags of customers or of suppliers in a table, a form adding one,
 * and a confirmed delete per tag (the contacts carrying it lose it).
 */
export function ContactTagsScreen({
  kind,
  tags,
  notice,
  failure,
  backHref,
}: {
  kind: "customer_tags" | "supplier_tags";
  tags: ContactTagView[];
  notice: "created" | "deleted" | null;
  failure: { error: string; params?: Record<string, unknown>; fields: FieldErrorMap; label: string } | undefined;
  backHref: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <title>{`${t(`${kind}.title`)} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t(`${kind}.title`)}</h1>
        <div className="actions">
          <Link to={backHref}>{t(`${kind}.back`)}</Link>
        </div>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`contact_tags.notice_${notice}`)}
        </p>
      ) : null}
      {failure && !failure.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(failure)}
        </p>
      ) : null}
      <section className="card">
        <h2>{t("contact_tags.new")}</h2>
        <Form method="post" className="tag-form" noValidate>
          <input type="hidden" name="intent" value="create" />
          <FormField name="label" label={t("contact_tags.label")} errors={failure?.fields}>
            {(p) => (
              <input {...p} defaultValue={failure?.label ?? ""} key={failure?.label ?? "new"} maxLength={100} required autoComplete="off" />
            )}
          </FormField>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("contact_tags.add")}
          </button>
        </Form>
      </section>
      {tags.length === 0 ? (
        <p className="list-screen__empty muted" role="status">
          {t("generic.no_data")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("contact_tags.label")}</th>
                <th scope="col">{t(`${kind}.usage`)}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("contact_tags.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag.id}>
                  <td>{tag.label}</td>
                  <td>{tag.usage_count}</td>
                  <td>
                    <Form
                      method="post"
                      onSubmit={(event) => {
                        if (!window.confirm(t(`${kind}.delete_confirm`, { label: tag.label, count: tag.usage_count })))
                          event.preventDefault();
                      }}
                    >
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={tag.id} />
                      <button
                        type="submit"
                        className="button button--danger"
                        disabled={busy}
                        aria-label={t("contact_tags.delete_label", { label: tag.label })}
                      >
                        {t("contacts.delete")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
