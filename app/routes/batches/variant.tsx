import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { createBatch } from "../../../worker/domain/stock/create-batch";
import { getBatch } from "../../../worker/domain/stock/get-batch";
import { getBatchVariant } from "../../../worker/domain/stock/get-batch-variant";
import { listBatches } from "../../../worker/domain/stock/list-batches";
import { updateBatch } from "../../../worker/domain/stock/update-batch";
import { requirePage } from "../../../worker/guards";
import { FormField } from "../../components/form-field";
import { formAction, orNotFound, type Refusal } from "../../server/form-page.server";
import { ExpirationCell } from "../../components/inventory/expiration";
import { BATCHES_PATH, EDIT_BATCHES, VIEW_BATCHES } from "../../components/inventory/format";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/variant";
import "../../components/inventory/inventory.css";

const NOTICES = ["created", "saved"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_BATCHES);
  const ctx = await ctxFromRequest(rc);
  // The page of a batch-tracked variant only: any other id is not found.
  const variant = await orNotFound(() => getBatchVariant(ctx, { id: params.id }));
  const batches = await listBatches(ctx, { variant_id: String(variant.id), page_size: "-1", sort: "expiration_date" });
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    variant: { id: variant.id, sku: variant.sku, label: variant.label },
    batches: batches.items,
    canEdit: hasPermissions(actor.permissions, EDIT_BATCHES),
    notice: NOTICES.find((n) => n === notice) ?? null,
  };
}

interface BatchFailure extends Refusal {
  intent: "create" | "update";
  batchId: string | null;
  values: { number: string; barcode: string; expiration_date: string };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_BATCHES);
  const ctx = await ctxFromRequest(rc);
  const variant = await orNotFound(() => getBatchVariant(ctx, { id: params.id }));
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const intent = text("intent") === "update" ? "update" : "create";
  const values = { number: text("number"), barcode: text("barcode"), expiration_date: text("expiration_date") };
  const batchId = intent === "update" ? text("batch_id") : null;
  return formAction(
    async () => {
      if (intent === "create") {
        await createBatch(ctx, {
          variant_id: variant.id,
          number: values.number,
          barcode: values.barcode || null,
          expiration_date: values.expiration_date || null,
        });
      } else {
        const batch = await getBatch(ctx, { id: batchId });
        if (batch.variant_id !== variant.id) throw data(null, { status: 404 });
        await updateBatch(ctx, { id: batch.id, expiration_date: values.expiration_date || null });
      }
      return redirect(`${BATCHES_PATH}/${variant.id}?notice=${intent === "create" ? "created" : "saved"}`);
    },
    (refusal): BatchFailure => ({ intent, batchId, ...refusal, values }),
  );
}

export default function VariantBatches({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { variant, batches, canEdit, notice } = loaderData;
  const failure = actionData as BatchFailure | undefined;
  const createFailure = failure?.intent === "create" ? failure : undefined;
  const title = t("batches.variant_title", { sku: variant.sku });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {title} <span className="muted">· {variant.label}</span>
        </h1>
        <Link to={BATCHES_PATH}>{t("batches.back_to_list")}</Link>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`batches.notice_${notice}`)}
        </p>
      ) : null}
      {failure && !failure.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(failure)}
        </p>
      ) : null}

      {batches.length === 0 ? (
        <p role="status">{t("batches.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("batches.number")}</th>
                <th scope="col">{t("batches.barcode")}</th>
                <th scope="col">{t("batches.expiration_date")}</th>
                <th scope="col" className="numeric">
                  {t("batches.quantity")}
                </th>
                <th scope="col">{t("batches.locations")}</th>
                {canEdit ? <th scope="col">{t("batches.new_expiration_date")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => {
                const mine = failure?.intent === "update" && failure.batchId === String(b.id) ? failure : undefined;
                return (
                  <tr key={b.id}>
                    <td>{b.number}</td>
                    <td>{b.barcode ?? "—"}</td>
                    <td>
                      <ExpirationCell date={b.expiration_date} expired={b.expired} />
                    </td>
                    <td className="numeric">{format.quantity(b.quantity)}</td>
                    <td>{b.locations.map((l) => `${l.label} (${format.quantity(l.quantity)})`).join(", ") || "—"}</td>
                    {canEdit ? (
                      <td>
                        <Form method="post" noValidate className="batch-update">
                          <input type="hidden" name="intent" value="update" />
                          <input type="hidden" name="batch_id" value={b.id} />
                          {(() => {
                            const id = `batch-${b.id}-expiration`;
                            const error = mine ? (mine.fields?.expiration_date ?? { code: mine.error, params: mine.params }) : undefined;
                            return (
                              <div className={`field${error ? " field--invalid" : ""}`}>
                                <label htmlFor={id} className="visually-hidden">
                                  {t("batches.expiration_of", { number: b.number })}
                                </label>
                                <input
                                  id={id}
                                  name="expiration_date"
                                  type="date"
                                  defaultValue={mine ? mine.values.expiration_date : (b.expiration_date ?? "")}
                                  aria-invalid={Boolean(error)}
                                  aria-describedby={error ? `${id}-error` : undefined}
                                />
                                {error ? (
                                  <span id={`${id}-error`} className="field__error" role="alert">
                                    {errorText(error.code, error.params)}
                                  </span>
                                ) : null}
                              </div>
                            );
                          })()}
                          <button type="submit" className="button button--secondary" disabled={busy}>
                            {t("batches.update")}
                          </button>
                        </Form>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {canEdit ? (
        <Form
          method="post"
          noValidate
          className="card inventory-section"
          key={createFailure ? JSON.stringify(createFailure.values) : "new"}
        >
          <h2>{t("batches.new")}</h2>
          <input type="hidden" name="intent" value="create" />
          <div className="form-grid">
            <FormField name="number" label={t("batches.number")} errors={createFailure?.fields}>
              {(props) => <input {...props} maxLength={100} defaultValue={createFailure?.values.number ?? ""} />}
            </FormField>
            <FormField name="expiration_date" label={t("batches.expiration_date")} errors={createFailure?.fields}>
              {(props) => <input {...props} type="date" defaultValue={createFailure?.values.expiration_date ?? ""} />}
            </FormField>
            <FormField name="barcode" label={t("batches.barcode")} errors={createFailure?.fields}>
              {(props) => <input {...props} maxLength={100} defaultValue={createFailure?.values.barcode ?? ""} />}
            </FormField>
          </div>
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("batches.create")}
            </button>
          </div>
        </Form>
      ) : null}
    </>
  );
}
