import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormField, type FieldErrorMap } from "../../components/form-field";
import { VariantSuggestions } from "../../components/variant-suggestions";
import { useErrorText, useT } from "../../i18n";
import {
  byField,
  NEW_PRODUCT_FIELDS,
  NEW_VARIANT_FIELDS,
  newVariantFields,
  ProductFields,
  readProductFields,
  readVariantFields,
  VariantFields,
  type ProductFieldValues,
  type VariantFieldValues,
} from "./fields";
import { PRODUCT_KINDS, type ProductKindName } from "./format";
import type { ProductOptions } from "./product-options";
import { PriceGridInputs, readPriceCells, type PriceCells } from "./price-grid";
import "./products.css";

/** One row of the variants of a new product with variants: its options ("3,7") and what was typed for it. */
export interface VariantRow {
  options: string;
  sku: string;
  barcode: string;
  initial_stock: string;
}

export interface ComponentRow {
  sku: string;
  quantity: string;
}

/** Everything the create form holds, as typed. */
export interface CreateFormValues {
  kind: ProductKindName;
  product: ProductFieldValues;
  variant: VariantFieldValues;
  attribute_ids: string[];
  option_ids: string[];
  variants: VariantRow[];
  components: ComponentRow[];
  prices: PriceCells;
}

export const NEW_CREATE_FORM: CreateFormValues = {
  kind: "single",
  product: NEW_PRODUCT_FIELDS,
  variant: NEW_VARIANT_FIELDS,
  attribute_ids: [],
  option_ids: [],
  variants: [],
  components: [],
  prices: {},
};

/** The create form as first shown: the variant starts with the company's default tax. */
export function newCreateForm(options: { defaultTaxIds?: number[] }): CreateFormValues {
  return { ...NEW_CREATE_FORM, variant: newVariantFields(options) };
}

export function readCreateForm(form: FormData): CreateFormValues {
  const kindText = String(form.get("kind") ?? "single");
  const kind = (PRODUCT_KINDS as readonly string[]).includes(kindText) ? (kindText as ProductKindName) : "single";
  const all = (name: string) => form.getAll(name).map(String);
  const skus = all("variant_sku");
  const barcodes = all("variant_barcode");
  const stocks = all("variant_initial_stock");
  const quantities = all("component_quantity");
  return {
    kind,
    product: readProductFields(form),
    variant: readVariantFields(form),
    attribute_ids: all("attribute_ids").filter(Boolean),
    option_ids: all("option_ids"),
    variants: all("variant_options").map((options, i) => ({
      options,
      sku: skus[i] ?? "",
      barcode: barcodes[i] ?? "",
      initial_stock: stocks[i] ?? "",
    })),
    components: all("component_sku").map((sku, i) => ({ sku, quantity: quantities[i] ?? "" })),
    prices: readPriceCells(form, "price"),
  };
}

/** The option combinations of the chosen attributes: one variant each ([[S, M], [Red]] → S/Red, M/Red). */
export function optionCombinations(
  attributes: ProductOptions["attributes"],
  attributeIds: readonly string[],
  optionIds: readonly string[],
): { ids: number[]; labels: string[] }[] {
  const chosen = attributeIds
    .map((id) => attributes.find((a) => String(a.id) === id))
    .filter((a): a is ProductOptions["attributes"][number] => a !== undefined);
  if (chosen.length === 0) return [];
  let combos: { ids: number[]; labels: string[] }[] = [{ ids: [], labels: [] }];
  for (const attribute of chosen) {
    const picked = attribute.options.filter((o) => optionIds.includes(String(o.id)));
    combos = combos.flatMap((c) => picked.map((o) => ({ ids: [...c.ids, o.id], labels: [...c.labels, o.label] })));
  }
  return combos;
}

/** The sku a variant gets when its own is left blank: "TS" + ["M", "Red"] → "TS-M-RED". */
export function derivedSku(base: string, labels: readonly string[]): string {
  return [base.trim(), ...labels.map((l) => l.trim().replace(/\s+/g, "-").toUpperCase())].filter(Boolean).join("-");
}

export function ComponentRows({ rows, errors }: { rows: ComponentRow[]; errors: FieldErrorMap }) {
  const t = useT();
  const errorText = useErrorText();
  const [count, setCount] = useState(Math.max(rows.length, 2));
  const listError = errors?.components;
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  return (
    <fieldset className={`fieldset${listError ? " field--invalid" : ""}`} ref={fieldsetRef}>
      <legend>{t("products.components")}</legend>
      <VariantSuggestions id="component-skus" formRef={fieldsetRef} />
      <p className="muted">{t("products.components_hint")}</p>
      {Array.from({ length: count }, (_, i) => {
        const skuError = errors?.[`components.${i}.sku`];
        const quantityError = errors?.[`components.${i}.quantity`];
        return (
          <div key={i} className="form-grid component-row">
            <div className={`field${skuError ? " field--invalid" : ""}`}>
              <label htmlFor={`field-components-${i}-sku`}>{t("products.component_sku", { n: i + 1 })}</label>
              <input
                id={`field-components-${i}-sku`}
                name="component_sku"
                defaultValue={rows[i]?.sku ?? ""}
                autoComplete="off"
                list="component-skus"
                aria-invalid={Boolean(skuError)}
              />
              {skuError ? (
                <span id={`field-components-${i}-sku-error`} className="field__error" role="alert">
                  {errorText(skuError.code, skuError.params)}
                </span>
              ) : null}
            </div>
            <div className={`field${quantityError ? " field--invalid" : ""}`}>
              <label htmlFor={`field-components-${i}-quantity`}>{t("products.component_quantity", { n: i + 1 })}</label>
              <input
                id={`field-components-${i}-quantity`}
                name="component_quantity"
                defaultValue={rows[i]?.quantity ?? ""}
                inputMode="decimal"
                placeholder="1"
                aria-invalid={Boolean(quantityError)}
              />
              {quantityError ? (
                <span id={`field-components-${i}-quantity-error`} className="field__error" role="alert">
                  {errorText(quantityError.code, quantityError.params)}
                </span>
              ) : null}
            </div>
          </div>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => setCount((n) => n + 1)}>
        {t("products.add_component")}
      </button>
      {listError ? (
        <span id="field-components-error" className="field__error" role="alert">
          {errorText(listError.code, listError.params)}
        </span>
      ) : null}
    </fieldset>
  );
}

function VariantMatrix({
  values,
  options,
  errors,
  baseSku,
}: {
  values: CreateFormValues;
  options: ProductOptions;
  errors: FieldErrorMap;
  baseSku: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [attributeIds, setAttributeIds] = useState<string[]>([0, 1, 2].map((i) => values.attribute_ids[i] ?? ""));
  const [optionIds, setOptionIds] = useState<string[]>(values.option_ids);
  const typed = new Map(values.variants.map((v) => [v.options, v]));
  const combos = optionCombinations(options.attributes, attributeIds.filter(Boolean), optionIds);
  const attributesError = errors?.attribute_ids;
  const variantsError = errors?.variants;
  return (
    <fieldset className="fieldset variant-matrix">
      <legend>{t("products.variants")}</legend>
      {options.attributes.length === 0 ? <p className="muted">{t("products.no_attributes")}</p> : null}
      <div className="form-grid">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`field${attributesError && i === 0 ? " field--invalid" : ""}`}>
            <label htmlFor={`field-attribute-${i}`}>{t("products.attribute_n", { n: i + 1 })}</label>
            <select
              id={`field-attribute-${i}`}
              name="attribute_ids"
              value={attributeIds[i]}
              onChange={(e) => {
                const next = [...attributeIds];
                next[i] = e.currentTarget.value;
                setAttributeIds(next);
              }}
            >
              <option value="">{t("products.none")}</option>
              {options.attributes.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {attributesError ? (
        <span id="field-attribute_ids-error" className="field__error" role="alert">
          {errorText(attributesError.code, attributesError.params)}
        </span>
      ) : null}
      {attributeIds.filter(Boolean).map((id) => {
        const attribute = options.attributes.find((a) => String(a.id) === id);
        if (!attribute) return null;
        return (
          <fieldset key={id} className="fieldset">
            <legend>{t("products.options_of", { label: attribute.label })}</legend>
            <div className="checkbox-grid">
              {attribute.options.map((o) => (
                <label key={o.id} className="checkbox">
                  <input
                    type="checkbox"
                    name="option_ids"
                    value={o.id}
                    checked={optionIds.includes(String(o.id))}
                    onChange={(e) => {
                      const value = String(o.id);
                      const checked = e.currentTarget.checked;
                      setOptionIds((current) => (checked ? [...current, value] : current.filter((x) => x !== value)));
                    }}
                  />
                  <span>{o.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      {combos.length ? (
        <div className="table-scroll">
          <table className="data-table" aria-label={t("products.variants")}>
            <thead>
              <tr>
                <th scope="col">{t("products.variant")}</th>
                <th scope="col">{t("products.sku")}</th>
                <th scope="col">{t("products.barcode")}</th>
                <th scope="col">{t("products.initial_stock")}</th>
              </tr>
            </thead>
            <tbody>
              {combos.map((combo, i) => {
                const key = combo.ids.join(",");
                const row = typed.get(key);
                const skuError = errors?.[`variants.${i}.sku`];
                const rowError = errors?.[`variants.${i}`];
                const stockError = errors?.[`variants.${i}.initial_stock`];
                return (
                  <tr key={key}>
                    <td>
                      <input type="hidden" name="variant_options" value={key} />
                      {combo.labels.join(" / ")}
                      {rowError ? (
                        <span className="field__error" role="alert">
                          {" "}
                          {errorText(rowError.code, rowError.params)}
                        </span>
                      ) : null}
                    </td>
                    <td className={skuError ? "field--invalid" : undefined}>
                      <input
                        name="variant_sku"
                        defaultValue={row?.sku ?? ""}
                        placeholder={derivedSku(baseSku, combo.labels)}
                        aria-label={t("products.sku_of", { label: combo.labels.join(" / ") })}
                        aria-invalid={Boolean(skuError)}
                        autoComplete="off"
                      />
                      {skuError ? (
                        <span className="field__error" role="alert">
                          {errorText(skuError.code, skuError.params)}
                        </span>
                      ) : null}
                    </td>
                    <td>
                      <input
                        name="variant_barcode"
                        defaultValue={row?.barcode ?? ""}
                        aria-label={t("products.barcode_of", { label: combo.labels.join(" / ") })}
                        autoComplete="off"
                      />
                    </td>
                    <td className={stockError ? "field--invalid" : undefined}>
                      <input
                        name="variant_initial_stock"
                        defaultValue={row?.initial_stock ?? ""}
                        inputMode="decimal"
                        placeholder="0"
                        aria-label={t("products.initial_stock_of", { label: combo.labels.join(" / ") })}
                        aria-invalid={Boolean(stockError)}
                      />
                      {stockError ? (
                        <span className="field__error" role="alert">
                          {errorText(stockError.code, stockError.params)}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("products.choose_options")}</p>
      )}
      <p className="muted">{t("products.variant_sku_hint")}</p>
      {variantsError ? (
        <span id="field-variants-error" className="field__error" role="alert">
          {errorText(variantsError.code, variantsError.params)}
        </span>
      ) : null}
    </fieldset>
  );
}

/** The form of a new product of any kind. */
export function CreateProductForm({
  values,
  options,
  errors: rawErrors,
}: {
  values: CreateFormValues;
  options: ProductOptions;
  errors: FieldErrorMap;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const [kind, setKind] = useState<ProductKindName>(values.kind);
  const [baseSku, setBaseSku] = useState(values.variant.sku);
  const errors = byField(rawErrors);
  return (
    <Form method="post" className="form product-form" noValidate>
      <section className="card form-grid">
        <FormField name="kind" label={t("products.kind")} errors={errors}>
          {(p) => (
            <select {...p} value={kind} onChange={(e) => setKind(e.currentTarget.value as ProductKindName)}>
              {options.kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`products.kind_${k}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="sku" label={kind === "variants" ? t("products.base_sku") : t("products.sku")} errors={errors}>
          {(p) => (
            <input
              {...p}
              defaultValue={values.variant.sku}
              onChange={(e) => setBaseSku(e.currentTarget.value)}
              maxLength={100}
              autoComplete="off"
            />
          )}
        </FormField>
        {kind !== "variants" ? (
          <FormField name="barcode" label={t("products.barcode")} errors={errors}>
            {(p) => <input {...p} defaultValue={values.variant.barcode} maxLength={64} autoComplete="off" />}
          </FormField>
        ) : null}
      </section>
      <ProductFields values={values.product} options={options} errors={errors} kind={kind} />
      {kind === "variants" ? <VariantMatrix values={values} options={options} errors={errors} baseSku={baseSku} /> : null}
      {kind === "kit" || kind === "assembly" ? <ComponentRows rows={values.components} errors={errors} /> : null}
      <h2>{kind === "variants" ? t("products.variant_defaults") : t("products.variant_details")}</h2>
      <VariantFields
        values={values.variant}
        options={options}
        errors={errors}
        kind={kind}
        withSku={false}
        withStatus={false}
        withInitialStock={kind === "variants" ? "location" : "all"}
      />
      <fieldset className="fieldset">
        <legend>{t("products.prices")}</legend>
        {kind === "variants" ? <p className="muted">{t("products.prices_for_every_variant")}</p> : null}
        <PriceGridInputs
          prefix="price"
          options={options}
          cells={values.prices}
          errors={rawErrorsOfGrid(rawErrors)}
          caption={t("products.prices")}
        />
      </fieldset>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("products.create")}
        </button>
      </div>
    </Form>
  );
}

/** Errors the action put at grid cells (keys "level:currency"). */
function rawErrorsOfGrid(errors: FieldErrorMap): FieldErrorMap {
  if (!errors) return undefined;
  const out = Object.fromEntries(Object.entries(errors).filter(([k]) => /^\d+:\d+$/.test(k)));
  return Object.keys(out).length ? out : undefined;
}
