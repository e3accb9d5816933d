import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { formAction, orNotFound, recoverFrom } from "../../server/form-page.server";
import {
  assemblyAtLocation,
  listAssemblies,
  TRANSFORM_ASSEMBLY,
  transformableUnits,
  transformAssembly,
} from "../../../worker/domain/stock/assembly-transform";
import { qty } from "../../../worker/domain/stock/common";
import { getStockDocument } from "../../../worker/domain/stock/get-stock-document";
import { listStockDocuments } from "../../../worker/domain/stock/list-stock-documents";
import { requirePage } from "../../../worker/guards";
import { FormField } from "../../components/form-field";
import { INVENTORY_LOGS_PATH, readableParams } from "../../components/inventory/format";
import { locationOptions } from "../inventory/inventory.server";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/transform-assembly";
import "../../components/inventory/inventory.css";

const PATH = "/products-and-services/transform-assembly";

function positiveInt(text: string | null): number | null {
  return text && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, TRANSFORM_ASSEMBLY);
  const ctx = await ctxFromRequest(rc);
  const params = new URL(request.url).searchParams;
  const [assemblies, locations] = await Promise.all([listAssemblies(ctx), locationOptions(ctx, false)]);
  const variantId = positiveInt(params.get("variant_id"));
  const locationId = positiveInt(params.get("location_id"));
  const assembly = assemblies.find((a) => a.id === variantId) ?? null;
  const location = locations.find((l) => l.value === String(locationId)) ?? null;
  // What the chosen assembly takes of each component, and what the location has available of each.
  const plan =
    assembly && location
      ? await recoverFrom(
          ["validation_failed"],
          async () => {
            const found = await assemblyAtLocation(ctx, assembly.id, Number(location.value));
            return {
              available: qty(found.available),
              can_create: qty(transformableUnits(found, "create")),
              can_split: qty(transformableUnits(found, "split")),
              components: found.components.map((c) => ({
                variant_id: c.variantId,
                sku: c.sku,
                label: c.label,
                per_assembly: qty(c.perAssembly),
                available: qty(c.available),
              })),
              refused: null,
            };
          },
          (error) => ({
            available: "0",
            can_create: "0",
            can_split: "0",
            components: [],
            refused: Object.values(error.fields ?? {})[0] ?? { code: error.code },
          }),
        )
      : null;
  // The transform just saved: its lines, the assembly's first.
  const transformId = positiveInt(params.get("transform"));
  const saved = transformId ? await orNotFound(() => getStockDocument(ctx, { kind: "assembly_transform", id: transformId })) : null;
  const recent = await listStockDocuments(ctx, { kind: "assembly_transform", query: { page_size: "10" } });
  return {
    assemblies: assemblies.map((a) => ({ value: String(a.id), label: `${a.sku} · ${a.label}` })),
    locations,
    assembly: assembly ? { value: String(assembly.id), label: `${assembly.sku} · ${assembly.label}` } : null,
    location,
    plan,
    saved,
    recent: recent.items,
  };
}

interface Values {
  variant_id: string;
  location_id: string;
  action: string;
  quantity: string;
  notes: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, TRANSFORM_ASSEMBLY);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const values: Values = {
    variant_id: field("variant_id"),
    location_id: field("location_id"),
    action: field("action"),
    quantity: field("quantity").trim(),
    notes: field("notes"),
  };
  return formAction(
    async () => {
      const doc = await transformAssembly(ctx, {
        variant_id: values.variant_id,
        location_id: values.location_id,
        action: values.action || undefined,
        quantity: values.quantity,
        notes: values.notes.trim() ? values.notes : null,
      });
      return redirect(
        `${PATH}?${new URLSearchParams({ variant_id: values.variant_id, location_id: values.location_id, transform: String(doc.id) })}`,
      );
    },
    (refusal) => ({ ...refusal, values }),
    { notFound: "refusal" },
  );
}

const FORM_FIELDS = ["variant_id", "location_id", "action", "quantity", "notes"];

export default function TransformAssembly({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { assemblies, locations, assembly, location, plan, saved, recent } = loaderData;
  const errors = readableParams(actionData?.fields, format.quantity);
  const typed = actionData?.values;
  const generalError = actionData && !Object.keys(errors ?? {}).some((k) => FORM_FIELDS.includes(k));
  const first = saved?.lines?.[0];
  const created = first ? !first.quantity.startsWith("-") : false;
  return (
    <>
      <title>{`${t("transform_assembly.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("transform_assembly.title")}</h1>
        <Link to={INVENTORY_LOGS_PATH}>{t("inventory_logs.title")}</Link>
      </div>

      {saved && first ? (
        <section className="card">
          <p role="status" className="alert alert--success">
            {t(created ? "transform_assembly.created" : "transform_assembly.split_done", {
              number: saved.number,
              quantity: format.quantity(first.quantity.replace(/^-/, "")),
              sku: first.sku,
              location: saved.location.label,
            })}
          </p>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">{t("transform_assembly.moves")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("stock.sku")}</th>
                  <th scope="col">{t("stock.variant")}</th>
                  <th scope="col" className="numeric">
                    {t("transform_assembly.change")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("transform_assembly.unit_cost")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(saved.lines ?? []).map((line) => {
                  const negative = line.quantity.startsWith("-");
                  const shown = format.quantity(line.quantity);
                  return (
                    <tr key={line.id}>
                      <td>{line.sku}</td>
                      <td>{line.label}</td>
                      <td className={`numeric ${negative ? "diff--down" : "diff--up"}`}>{negative ? shown : `+${shown}`}</td>
                      <td className="numeric">{line.unit_cost === null ? "—" : format.money(line.unit_cost)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {assemblies.length === 0 ? (
        <p role="status" className="card">
          {t("transform_assembly.no_assemblies")}
        </p>
      ) : (
        <Form method="get" className="card list-filters" aria-label={t("transform_assembly.choose")}>
          <div className="field">
            <label htmlFor="transform-assembly">{t("transform_assembly.assembly")}</label>
            <select id="transform-assembly" name="variant_id" defaultValue={assembly?.value ?? ""}>
              <option value="">{t("transform_assembly.choose_assembly")}</option>
              {assemblies.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="transform-location">{t("stock_documents.location")}</label>
            <select id="transform-location" name="location_id" defaultValue={location?.value ?? ""}>
              <option value="">{t("stock_documents.choose_location")}</option>
              {locations.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          </div>
          <div className="actions">
            <button type="submit" className="button button--secondary">
              {t("transform_assembly.show")}
            </button>
          </div>
        </Form>
      )}

      {generalError ? (
        <div role="alert" className="alert alert--error">
          <p>{errorText(actionData)}</p>
          {Object.entries(errors ?? {}).map(([name, field]) => (
            <p key={name}>{errorText(field.code, field.params)}</p>
          ))}
        </div>
      ) : null}

      {assembly && location && plan ? (
        plan.refused ? (
          <p role="alert" className="alert alert--error">
            {errorText(plan.refused.code, plan.refused.params)}
          </p>
        ) : (
          <Form method="post" noValidate className="card">
            <h2>{t("transform_assembly.form_title", { assembly: assembly.label, location: location.label })}</h2>
            <input type="hidden" name="variant_id" value={assembly.value} />
            <input type="hidden" name="location_id" value={location.value} />
            {errors?.variant_id ? (
              <p role="alert" className="field__error">
                {errorText(errors.variant_id.code, errors.variant_id.params)}
              </p>
            ) : null}
            {errors?.location_id ? (
              <p role="alert" className="field__error">
                {errorText(errors.location_id.code, errors.location_id.params)}
              </p>
            ) : null}
            <div className="table-scroll">
              <table className="data-table">
                <caption>{t("transform_assembly.components")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("stock.sku")}</th>
                    <th scope="col">{t("stock.variant")}</th>
                    <th scope="col" className="numeric">
                      {t("transform_assembly.per_assembly")}
                    </th>
                    <th scope="col" className="numeric">
                      {t("transform_assembly.available")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {plan.components.map((c) => (
                    <tr key={c.variant_id}>
                      <td>{c.sku}</td>
                      <td>{c.label}</td>
                      <td className="numeric">{format.quantity(c.per_assembly)}</td>
                      <td className="numeric">{format.quantity(c.available)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="muted">
              {t("transform_assembly.limits", {
                available: format.quantity(plan.available),
                create: format.quantity(plan.can_create),
                split: format.quantity(plan.can_split),
              })}
            </p>
            <fieldset className={`field${errors?.action ? " field--invalid" : ""}`}>
              <legend>{t("transform_assembly.action")}</legend>
              {(["create", "split"] as const).map((choice) => (
                <label key={choice} className="choice">
                  <input
                    type="radio"
                    name="action"
                    value={choice}
                    defaultChecked={(typed?.action ?? "create") === choice}
                    aria-describedby={errors?.action ? "field-action-error" : undefined}
                  />{" "}
                  {t(`transform_assembly.action_${choice}`)}
                </label>
              ))}
              {errors?.action ? (
                <span id="field-action-error" className="field__error" role="alert">
                  {errorText(errors.action.code, errors.action.params)}
                </span>
              ) : null}
            </fieldset>
            <FormField name="quantity" label={t("transform_assembly.quantity")} errors={errors}>
              {(props) => <input {...props} inputMode="decimal" required defaultValue={typed?.quantity ?? ""} />}
            </FormField>
            <FormField name="notes" label={t("stock_documents.notes")} errors={errors}>
              {(props) => <textarea {...props} rows={2} maxLength={5000} defaultValue={typed?.notes ?? ""} />}
            </FormField>
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {t("transform_assembly.submit")}
              </button>
            </div>
          </Form>
        )
      ) : null}

      {recent.length ? (
        <section className="inventory-section">
          <h2>{t("transform_assembly.recent")}</h2>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("stock_documents.number")}</th>
                <th scope="col">{t("stock_documents.date")}</th>
                <th scope="col">{t("stock_documents.location")}</th>
                <th scope="col">{t("stock_documents.created_at")}</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((doc) => (
                <tr key={doc.id}>
                  <td>
                    <Link to={`${PATH}?transform=${doc.id}`}>{doc.number}</Link>
                  </td>
                  <td>{format.date(doc.date)}</td>
                  <td>{doc.location.label}</td>
                  <td>{format.dateTime(doc.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
