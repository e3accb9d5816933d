import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { DocumentEmailDraft, DocumentEmails } from "../../../worker/domain/documents/document-emails";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { FieldErrorMap } from "../form-field";

type FieldErrors = NonNullable<FieldErrorMap>;
type Refusal = { error: string; params?: Record<string, unknown>; fields?: FieldErrors };

// The fields the form shows; an error of another field (bcc, language) shows in the form's alert.
const SHOWN = ["to", "cc", "subject", "body"] as const;
const shownField = (key: string) => SHOWN.find((name) => key === name || key.startsWith(`${name}.`));

/**
 * "Send by email": the recipients (the customer's first address to start with), and the subject
 * and message that will go, in the email's language. Editable over the company's own server;
 * over the platform's they are the template's, shown as they will be sent. Closes once sent
 * (the page then says so); a refusal shows with its values, under its field when it names one.
 */
export function EmailDialog({ action, draft }: { action: string; draft: DocumentEmailDraft }) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFetcher<Refusal>();
  const panel = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // A sent email goes to the page with its notice: the panel closes. The fetcher keeps the last
  // refusal's data through that redirect, so it is set aside then, not shown again.
  const latest = useRef(fetcher.data);
  latest.current = fetcher.data;
  const [setAside, setSetAside] = useState<Refusal | undefined>(undefined);
  useEffect(() => {
    if (panel.current) panel.current.open = false;
    setSetAside(latest.current);
  }, [location.key]);
  const failure = fetcher.state === "idle" && fetcher.data !== setAside ? fetcher.data : undefined;
  const fieldErrors = Object.entries(failure?.fields ?? {});
  const fieldError = (name: string) => {
    const found = fieldErrors.find(([key]) => shownField(key) === name);
    return found ? <span className="field__error">{errorText(found[1].code, found[1].params)}</span> : null;
  };
  const elsewhere = fieldErrors.filter(([key]) => !shownField(key));
  const readOnly = !draft.editable;
  return (
    <details className="sales-email" ref={panel}>
      <summary className="button button--secondary">{t("sales_documents.email")}</summary>
      <fetcher.Form method="post" action={action} className="sales-email__form" aria-label={t("sales_documents.email")}>
        <input type="hidden" name="language" value={draft.language} />
        <label>
          {t("sales_documents.email_to")}
          <input
            name="to"
            type="text"
            inputMode="email"
            defaultValue={draft.to.join(", ")}
            placeholder={t("sales_documents.email_to_placeholder")}
          />
          {fieldError("to")}
        </label>
        <label>
          {t("sales_documents.email_cc")}
          <input name="cc" type="text" inputMode="email" />
          {fieldError("cc")}
        </label>
        <p className="sales-email__language">{t("sales_documents.email_language", { language: t(`language.${draft.language}`) })}</p>
        <label>
          {t("sales_documents.email_subject")}
          {/* Read-only fields are not posted: over the platform's server the template is what goes. */}
          <input
            name={readOnly ? undefined : "subject"}
            type="text"
            defaultValue={draft.subject}
            readOnly={readOnly}
            maxLength={200}
            required={!readOnly}
          />
          {fieldError("subject")}
        </label>
        <label>
          {t("sales_documents.email_body")}
          <textarea name={readOnly ? undefined : "body"} defaultValue={draft.body} readOnly={readOnly} rows={8} />
          {fieldError("body")}
        </label>
        {readOnly ? <p className="sales-email__note">{t("sales_documents.email_platform_note")}</p> : null}
        {failure && (!failure.fields || elsewhere.length > 0) ? (
          <p role="alert" className="field__error">
            {elsewhere.length > 0 ? elsewhere.map(([, e]) => errorText(e.code, e.params)).join(" ") : errorText(failure)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={fetcher.state !== "idle"}>
          {t("sales_documents.email_send")}
        </button>
      </fetcher.Form>
    </details>
  );
}

/** The emails sent with the document: when, to whom, what, by whom and through which server. */
export function SentEmails({ sent }: { sent: DocumentEmails["sent"] }) {
  const t = useT();
  const format = useFormat();
  return (
    <section className="card" aria-labelledby="sent-emails">
      <h2 id="sent-emails">{t("sales_documents.sent_emails")}</h2>
      {sent.length === 0 ? (
        <p>{t("sales_documents.sent_emails_none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table sent-emails">
            <thead>
              <tr>
                <th>{t("sales_documents.sent_date")}</th>
                <th>{t("sales_documents.sent_recipients")}</th>
                <th>{t("sales_documents.email_subject")}</th>
                <th>{t("sales_documents.sent_by")}</th>
                <th>{t("sales_documents.sent_through")}</th>
              </tr>
            </thead>
            <tbody>
              {sent.map((email) => (
                <tr key={email.id}>
                  <td>{format.dateTime(email.date)}</td>
                  <td>
                    {email.to}
                    {email.cc ? <div>{t("sales_documents.sent_cc", { addresses: email.cc })}</div> : null}
                    {email.bcc ? <div>{t("sales_documents.sent_bcc", { addresses: email.bcc })}</div> : null}
                  </td>
                  <td>{email.subject}</td>
                  <td>
                    {!email.sent_by
                      ? "—"
                      : email.sent_by.kind === "user"
                        ? (email.sent_by.name ?? "—")
                        : t(`sales_documents.sender_${email.sent_by.kind}`)}
                  </td>
                  <td>{email.transport ? t(`sales_documents.transport_${email.transport}`) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
