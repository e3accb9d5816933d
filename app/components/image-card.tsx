import { Form, useNavigation } from "react-router";
import { useErrorText } from "../i18n";

/**
 * An image kept in the files bucket (a product's, the company's logo) and, for editors, its
 * upload and removal forms: they post the intents `upload_<field>` and `remove_<field>`.
 */
export function ImageCard({
  field,
  className,
  text,
  src,
  canEdit,
  error,
}: {
  field: string;
  className?: string;
  /** Translated texts: the card's title, the image's alt, what shows without one, the hint and the buttons. */
  text: { title: string; alt: string; none: string; hint: string; upload: string; remove: string };
  /** Where the image is served, null without one. */
  src: string | null;
  canEdit: boolean;
  error: { code: string; params?: Record<string, unknown> } | undefined;
}) {
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  if (!src && !canEdit) return null;
  const id = `field-${field}`;
  return (
    <section className={`card image-card${className ? ` ${className}` : ""}`}>
      <h2>{text.title}</h2>
      {src ? <img src={src} alt={text.alt} /> : <p className="muted">{text.none}</p>}
      {canEdit ? (
        <div className="actions">
          <Form method="post" encType="multipart/form-data" className={`field${error ? " field--invalid" : ""}`}>
            <input type="hidden" name="intent" value={`upload_${field}`} />
            <label htmlFor={id}>{text.hint}</label>
            <input
              id={id}
              type="file"
              name={field}
              accept="image/png,image/jpeg,image/gif,image/webp"
              required
              aria-invalid={Boolean(error)}
              {...(error ? { "aria-describedby": `${id}-error` } : {})}
            />
            {error ? (
              <span id={`${id}-error`} className="field__error" role="alert">
                {errorText(error.code, error.params)}
              </span>
            ) : null}
            <button type="submit" className="button button--secondary" disabled={busy}>
              {text.upload}
            </button>
          </Form>
          {src ? (
            <Form method="post">
              <input type="hidden" name="intent" value={`remove_${field}`} />
              <button type="submit" className="button button--secondary" disabled={busy}>
                {text.remove}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
