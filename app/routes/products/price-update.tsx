import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import type { OperationView } from "../../../worker/domain/operations/operations";
import { progressColour } from "../../../worker/domain/operations/progress";
import { EDIT_PRODUCTS } from "../../../worker/domain/products/price-access";
import {
  getPriceUpdate,
  PRICE_ROUNDINGS,
  previewPriceUpdate,
  priceUpdateChoices,
  revertPriceUpdate,
  startPriceUpdate,
  type PriceUpdateView,
} from "../../../worker/domain/products/price-updates";
import { requirePage } from "../../../worker/guards";
import {
  OperationErrorText,
  OPERATION_UPDATED,
  OPERATIONS_CHANGED,
  POLL_RUNNING_MS,
  running,
} from "../../components/back-office/operations-menus";
import { FormField } from "../../components/form-field";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { formAction, orNotFound } from "../../server/form-page.server";
import type { Route } from "./+types/price-update";

const PATH = "/products-and-services/price-update";
/** The filters of the products list the form offers, named as the list's address names them. */
const FILTERS = ["search", "brand_id", "season_id", "tag_id"] as const;

function positiveInt(text: string | null): number | null {
  return text && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  const id = positiveInt(new URL(request.url).searchParams.get("id"));
  const [choices, update] = await Promise.all([
    priceUpdateChoices(ctx),
    id ? orNotFound(() => getPriceUpdate(ctx, { id })) : Promise.resolve(null),
  ]);
  return { choices, update };
}

type Values = Record<
  (typeof FILTERS)[number] | "price_level_id" | "currency_id" | "supplier_id" | "change" | "value" | "rounding",
  string
> & {
  skip_missing: boolean;
};

/** The products list's address query of the form's filters: the update selects what the list shows. */
function listQuery(values: Values): string {
  const query = new URLSearchParams();
  for (const name of FILTERS) if (values[name].trim()) query.set(name, values[name].trim());
  return query.toString();
}

function requestOf(values: Values) {
  const id = (text: string) => (text ? (/^\d+$/.test(text) ? Number(text) : text) : undefined);
  return {
    price_level_id: id(values.price_level_id),
    currency_id: id(values.currency_id),
    supplier_id: values.supplier_id ? id(values.supplier_id) : null,
    query: listQuery(values),
    change: values.change,
    value: values.value.trim(),
    rounding: values.rounding,
    skip_missing: values.skip_missing,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  if (intent === "revert")
    return formAction(
      async () => {
        const update = await revertPriceUpdate(ctx, { id: field("id") });
        return redirect(`${PATH}?id=${update.id}`);
      },
      (refusal) => ({ ...refusal, intent, values: null, preview: null }),
    );
  const values: Values = {
    price_level_id: field("price_level_id"),
    currency_id: field("currency_id"),
    supplier_id: field("supplier_id"),
    search: field("search"),
    brand_id: field("brand_id"),
    season_id: field("season_id"),
    tag_id: field("tag_id"),
    change: field("change"),
    value: field("value"),
    rounding: field("rounding"),
    skip_missing: form.get("skip_missing") === "on",
  };
  return formAction(
    async () => {
      if (intent === "preview") return { intent, values, preview: await previewPriceUpdate(ctx, requestOf(values)) };
      const update = await startPriceUpdate(ctx, requestOf(values));
      return redirect(`${PATH}?id=${update.id}`);
    },
    (refusal) => ({ ...refusal, intent, values, preview: null }),
    { notFound: "refusal" },
  );
}

/**
 * The update as the loader gave it, then moved on by the operations menus' live channel (their
 * pushes, and their polling when a push is lost); its counts come with a load again, once it ends
 * and every POLL_RUNNING_MS while it runs.
 */
function useLiveUpdate(loaded: PriceUpdateView | null): PriceUpdateView | null {
  const revalidator = useRevalidator();
  const [update, setUpdate] = useState(loaded);
  useEffect(() => setUpdate(loaded), [loaded]);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const batchId = loaded?.batch_id;
  useEffect(() => {
    if (!batchId) return;
    const onUpdate = (event: Event) => {
      const operation = (event as CustomEvent<OperationView>).detail;
      if (operation.batch_id !== batchId) return;
      setUpdate((current) =>
        current ? { ...current, status: operation.status, progress: operation.progress, errors: operation.errors } : current,
      );
      if (!running(operation)) void revalidate.current();
    };
    window.addEventListener(OPERATION_UPDATED, onUpdate);
    return () => window.removeEventListener(OPERATION_UPDATED, onUpdate);
  }, [batchId]);
  const isRunning = update ? running(update) : false;
  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setInterval(() => void revalidate.current(), POLL_RUNNING_MS);
    return () => window.clearInterval(timer);
  }, [isRunning]);
  return update;
}

function Progress({ loaded }: { loaded: PriceUpdateView }) {
  const t = useT();
  const update = useLiveUpdate(loaded) ?? loaded;
  const navigation = useNavigation();
  return (
    <section className="card price-update__progress" aria-labelledby="price-update-progress">
      <h2 id="price-update-progress">{update.label}</h2>
      <div
        className="operation__bar"
        role="progressbar"
        aria-label={update.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={update.progress}
        data-colour={progressColour(update)}
      >
        <span style={{ width: `${update.progress}%` }} />
      </div>
      <p role="status">
        {t(`operations.status_${update.status}`)}
        {running(update) ? ` ${update.progress} %` : null}
      </p>
      {/* The counts as last loaded: a push moves the bar, the load that follows its end brings them. */}
      {!running(update) && !running(loaded) ? (
        <dl className="price-update__counts">
          <dt>{t("price_update.count_variants")}</dt>
          <dd>{loaded.variants}</dd>
          <dt>{t("price_update.count_changed")}</dt>
          <dd>{loaded.changed}</dd>
          <dt>{t("price_update.count_created")}</dt>
          <dd>{loaded.created}</dd>
          <dt>{t("price_update.count_unchanged")}</dt>
          <dd>{loaded.unchanged}</dd>
          <dt>{t("price_update.count_skipped")}</dt>
          <dd>{loaded.skipped}</dd>
          {loaded.status === "reverted" ? (
            <>
              <dt>{t("price_update.count_reverted")}</dt>
              <dd>{loaded.reverted}</dd>
              <dt>{t("price_update.count_kept")}</dt>
              <dd>{loaded.kept}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {update.errors.map((error, i) => (
        <p key={i} className="alert alert--warning">
          <OperationErrorText error={error} />
        </p>
      ))}
      {update.revertable ? (
        <Form method="post" onSubmit={() => setTimeout(() => window.dispatchEvent(new Event(OPERATIONS_CHANGED)), 300)}>
          <input type="hidden" name="intent" value="revert" />
          <input type="hidden" name="id" value={update.id} />
          <p className="muted">{t("price_update.revert_help")}</p>
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("price_update.revert")}
          </button>
        </Form>
      ) : null}
      <p>
        <Link to={PATH}>{t("price_update.new")}</Link>
      </p>
    </section>
  );
}

export default function PriceUpdate({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const { choices, update } = loaderData;
  const typed = actionData?.values ?? null;
  const preview = actionData?.preview ?? null;
  const refusal = actionData && "error" in actionData ? actionData : null;
  const errors = refusal?.fields;
  const started = Boolean(update && running(update));
  const iso = choices.currencies.find((c) => String(c.id) === typed?.currency_id)?.iso ?? null;
  useEffect(() => {
    if (started) window.dispatchEvent(new Event(OPERATIONS_CHANGED));
  }, [started]);
  const option = (list: { id: number; label: string }[]) =>
    list.map((o) => (
      <option key={o.id} value={o.id}>
        {o.label}
      </option>
    ));
  return (
    <>
      <title>{`${t("price_update.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("price_update.title")}</h1>
      </div>
      {refusal && (!errors || refusal.intent === "revert") ? (
        <p role="alert" className="alert alert--error">
          {errorText(refusal.error, refusal.params)}
        </p>
      ) : null}
      {update ? <Progress key={`progress-${update.id}`} loaded={update} /> : null}
      {choices.levels.length === 0 ? (
        <p role="status" className="card">
          {t("price_update.no_levels")}
        </p>
      ) : (
        <Form method="post" className="card price-update__form" key={`form-${update?.id ?? "new"}`}>
          <fieldset className="fieldset">
            <legend>{t("price_update.prices")}</legend>
            <FormField name="price_level_id" label={t("price_update.level")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={typed?.price_level_id ?? String(choices.levels[0]!.id)}>
                  {choices.levels.map((l) => (
                    <option key={l.id} value={l.id}>
                      {`${l.label} (${t(`price_levels.type_${l.type}`)})`}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField name="currency_id" label={t("price_update.currency")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={typed?.currency_id ?? String(choices.currencies[0]?.id ?? "")}>
                  {choices.currencies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {`${c.iso} · ${c.label}`}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </fieldset>
          <fieldset className="fieldset">
            <legend>{t("price_update.filter")}</legend>
            <p className="muted">{t("price_update.filter_help")}</p>
            <FormField name="search" label={t("price_update.search")} errors={errors}>
              {(p) => <input {...p} type="search" defaultValue={typed?.search ?? ""} maxLength={200} />}
            </FormField>
            <FormField name="brand_id" label={t("price_update.brand")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={typed?.brand_id ?? ""}>
                  <option value="">{t("price_update.any")}</option>
                  {option(choices.brands)}
                </select>
              )}
            </FormField>
            <FormField name="season_id" label={t("price_update.season")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={typed?.season_id ?? ""}>
                  <option value="">{t("price_update.any")}</option>
                  {option(choices.seasons)}
                </select>
              )}
            </FormField>
            <FormField name="tag_id" label={t("price_update.tag")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={typed?.tag_id ?? ""}>
                  <option value="">{t("price_update.any")}</option>
                  {option(choices.tags)}
                </select>
              )}
            </FormField>
            <FormField name="supplier_id" label={t("price_update.supplier")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={typed?.supplier_id ?? ""}>
                  <option value="">{t("price_update.any")}</option>
                  {option(choices.suppliers)}
                </select>
              )}
            </FormField>
            {errors?.query ? (
              <p role="alert" className="field__error">
                {errorText(errors.query.code, errors.query.params)}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="fieldset">
            <legend>{t("price_update.change")}</legend>
            <FormField name="change" label={t("price_update.change_kind")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={typed?.change ?? "percentage"}>
                  <option value="percentage">{t("price_update.change_percentage")}</option>
                  <option value="amount">{t("price_update.change_amount")}</option>
                </select>
              )}
            </FormField>
            <FormField name="value" label={t("price_update.value")} errors={errors}>
              {(p) => <input {...p} inputMode="decimal" required defaultValue={typed?.value ?? ""} placeholder="-5" />}
            </FormField>
            <FormField name="rounding" label={t("price_update.rounding")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={typed?.rounding ?? "none"}>
                  {PRICE_ROUNDINGS.map((r) => (
                    <option key={r} value={r}>
                      {t(`price_update.rounding_${r.replace(".", "_")}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <label className="checkbox">
              <input type="checkbox" name="skip_missing" defaultChecked={typed?.skip_missing ?? true} />
              <span>{t("price_update.skip_missing")}</span>
            </label>
            <p className="muted">{t("price_update.never_below_zero")}</p>
          </fieldset>
          <div className="form-actions">
            <button type="submit" name="intent" value="preview" className="button" disabled={navigation.state !== "idle"}>
              {t("price_update.preview")}
            </button>
            <button type="submit" name="intent" value="start" className="button button--primary" disabled={navigation.state !== "idle"}>
              {t("price_update.start")}
            </button>
          </div>
        </Form>
      )}
      {preview ? (
        <section className="card" aria-labelledby="price-update-preview">
          <h2 id="price-update-preview">{t("price_update.preview_title", { count: preview.variants })}</h2>
          {typed ? (
            <p>
              <Link to={`/products-and-services/products?${listQuery(typed)}`}>{t("price_update.see_products")}</Link>
            </p>
          ) : null}
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t("stock.sku")}</th>
                  <th scope="col">{t("stock.variant")}</th>
                  <th scope="col" className="numeric">
                    {t("price_update.old_price")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("price_update.new_price")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.lines.map((line) => (
                  <tr key={line.variant_id}>
                    <td>{line.sku ?? "—"}</td>
                    <td>{line.label}</td>
                    <td className="numeric">
                      {line.old_amount === null ? t("price_update.no_price") : format.money(line.old_amount, iso)}
                    </td>
                    <td className="numeric">{line.new_amount === null ? t("price_update.skipped") : format.money(line.new_amount, iso)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}
