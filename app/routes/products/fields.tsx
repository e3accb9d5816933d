import type { ReactNode } from "react";
import type { ProductView, VariantView } from "../../../worker/domain/products/product-view";
import { FormField, type FieldErrorMap } from "../../components/form-field";
import { useErrorText, useT } from "../../i18n";
import type { Formatter } from "../../../worker/domain/shared/format";
import { WEIGHT_UNITS, type ProductKindName } from "./format";
import { cellErrors } from "./price-grid";
import type { ProductOptions } from "./product-options";

import { CheckboxField } from "../../components/checkbox-field";

export { CheckboxField };

/** The product's own fields as typed (strings), so that a failed post gives back exactly what was typed. */
export interface ProductFieldValues {
  label: string;
  description: string;
  brand_id: string;
  season_id: string;
  tag_ids: string[];
  country_of_origin: string;
  hs_code: string;
  accounting_family: string;
  kit_discount_rate: string;
  active: boolean;
  b2b_published: boolean;
  batch_tracked: boolean;
}

/** A variant's fields as typed. */
export interface VariantFieldValues {
  label: string;
  sku: string;
  barcode: string;
  supplier_id: string;
  supplier_sku: string;
  supplier_description: string;
  weight_amount: string;
  weight_unit: string;
  ecotax: string;
  taxable: boolean;
  tax_ids: string[];
  minimum_quantity: string;
  track_inventory: boolean;
  initial_cost: string;
  /** Only when the variant is made: stock received at the location. */
  initial_stock: string;
  initial_location_id: string;
  recommended_price: string;
  default_component_discount: string;
  active: boolean;
  b2b_published: boolean;
  published_to_quickbooks: boolean;
  published_to_shopify: boolean;
  published_to_pennylane: boolean;
  published_to_sellsy: boolean;
}

export const NEW_PRODUCT_FIELDS: ProductFieldValues = {
  label: "",
  description: "",
  brand_id: "",
  season_id: "",
  tag_ids: [],
  country_of_origin: "",
  hs_code: "",
  accounting_family: "",
  kit_discount_rate: "",
  active: true,
  b2b_published: false,
  batch_tracked: false,
};

export const NEW_VARIANT_FIELDS: VariantFieldValues = {
  label: "",
  sku: "",
  barcode: "",
  supplier_id: "",
  supplier_sku: "",
  supplier_description: "",
  weight_amount: "",
  weight_unit: "kg",
  ecotax: "",
  taxable: true,
  tax_ids: [],
  minimum_quantity: "",
  track_inventory: true,
  initial_cost: "",
  initial_stock: "",
  initial_location_id: "",
  recommended_price: "",
  default_component_discount: "",
  active: true,
  b2b_published: false,
  published_to_quickbooks: false,
  published_to_shopify: false,
  published_to_pennylane: false,
  published_to_sellsy: false,
};

/** A new variant's fields: it starts with the company's default tax. */
export function newVariantFields(options: { defaultTaxIds?: number[] }): VariantFieldValues {
  return { ...NEW_VARIANT_FIELDS, tax_ids: (options.defaultTaxIds ?? []).map(String) };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const flag = (form: FormData, name: string) => form.get(name) === "on" || form.get(name) === "true";

export function readProductFields(form: FormData): ProductFieldValues {
  return {
    label: text(form, "label"),
    description: text(form, "description"),
    brand_id: text(form, "brand_id"),
    season_id: text(form, "season_id"),
    tag_ids: form.getAll("tag_ids").map(String),
    country_of_origin: text(form, "country_of_origin"),
    hs_code: text(form, "hs_code"),
    accounting_family: text(form, "accounting_family"),
    kit_discount_rate: text(form, "kit_discount_rate"),
    active: flag(form, "active"),
    b2b_published: flag(form, "b2b_published"),
    batch_tracked: flag(form, "batch_tracked"),
  };
}

export function readVariantFields(form: FormData): VariantFieldValues {
  return {
    label: text(form, "variant_label"),
    sku: text(form, "sku"),
    barcode: text(form, "barcode"),
    supplier_id: text(form, "supplier_id"),
    supplier_sku: text(form, "supplier_sku"),
    supplier_description: text(form, "supplier_description"),
    weight_amount: text(form, "weight_amount"),
    weight_unit: text(form, "weight_unit") || "kg",
    ecotax: text(form, "ecotax"),
    taxable: flag(form, "taxable"),
    tax_ids: form.getAll("tax_ids").map(String),
    minimum_quantity: text(form, "minimum_quantity"),
    track_inventory: flag(form, "track_inventory"),
    initial_cost: text(form, "initial_cost"),
    initial_stock: text(form, "initial_stock"),
    initial_location_id: text(form, "initial_location_id"),
    recommended_price: text(form, "recommended_price"),
    default_component_discount: text(form, "default_component_discount"),
    active: flag(form, "variant_active"),
    b2b_published: flag(form, "variant_b2b_published"),
    published_to_quickbooks: flag(form, "published_to_quickbooks"),
    published_to_shopify: flag(form, "published_to_shopify"),
    published_to_pennylane: flag(form, "published_to_pennylane"),
    published_to_sellsy: flag(form, "published_to_sellsy"),
  };
}

/** A saved product as form values, numbers as the company writes them. */
export function productFieldsOf(product: ProductView, format: Formatter): ProductFieldValues {
  return {
    label: product.label,
    description: product.description ?? "",
    brand_id: product.brand_id === null ? "" : String(product.brand_id),
    season_id: product.season_id === null ? "" : String(product.season_id),
    tag_ids: product.tag_ids.map(String),
    country_of_origin: product.country_of_origin ?? "",
    hs_code: product.hs_code ?? "",
    accounting_family: product.accounting_family ?? "",
    kit_discount_rate: format.input(product.kit_discount_rate),
    active: product.active,
    b2b_published: product.b2b_published,
    batch_tracked: product.batch_tracked,
  };
}

/** A saved variant as form values, numbers as the company writes them (prices with all their decimals). */
export function variantFieldsOf(v: VariantView, format: Formatter): VariantFieldValues {
  return {
    label: v.label,
    sku: v.sku,
    barcode: v.barcode ?? "",
    supplier_id: v.supplier_id === null ? "" : String(v.supplier_id),
    supplier_sku: v.supplier_sku ?? "",
    supplier_description: v.supplier_description ?? "",
    weight_amount: format.input(v.weight_amount),
    weight_unit: v.weight_unit,
    ecotax: format.input(v.ecotax, 2),
    taxable: v.taxable,
    tax_ids: v.tax_ids.map(String),
    minimum_quantity: format.input(v.minimum_quantity),
    track_inventory: v.track_inventory,
    initial_cost: format.input(v.initial_cost, 2),
    initial_stock: "",
    initial_location_id: "",
    recommended_price: format.input(v.recommended_price, 2),
    default_component_discount: format.input(v.default_component_discount),
    active: v.active,
    b2b_published: v.b2b_published,
    published_to_quickbooks: v.published_to_quickbooks,
    published_to_shopify: v.published_to_shopify,
    published_to_pennylane: v.published_to_pennylane,
    published_to_sellsy: v.published_to_sellsy,
  };
}

const idOrNull = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The product's fields as the domain verbs take them (createProduct / updateProduct); the batch
 * tracking box goes only when the form has it (`batchTracking`, the module's flag).
 */
export function productInput(
  v: ProductFieldValues,
  kind: ProductKindName,
  mode: "create" | "update",
  batchTracking = true,
): Record<string, unknown> {
  return {
    label: v.label,
    description: v.description,
    brand_id: idOrNull(v.brand_id),
    season_id: idOrNull(v.season_id),
    tag_ids: v.tag_ids,
    country_of_origin: v.country_of_origin,
    hs_code: v.hs_code,
    accounting_family: v.accounting_family,
    ...(kind === "kit" ? { kit_discount_rate: v.kit_discount_rate.trim() || "0" } : {}),
    active: v.active,
    b2b_published: v.b2b_published,
    // A new product with batches tracks them; on update the box says what is asked (turning it off is refused by the domain).
    ...(kind === "kit" || !batchTracking ? {} : { batch_tracked: v.batch_tracked || (mode === "create" && kind === "batches") }),
  };
}

/**
 * A variant's fields as the domain verbs take them. A blank number is left out on creation (the
 * default) and is zero on update; costs and the recommended price only go when the user may change them.
 */
export function variantInput(
  v: VariantFieldValues,
  options: { mode: "create" | "update"; access: ProductOptions["access"]; kind: ProductKindName; withSku: boolean; withStatus: boolean },
): Record<string, unknown> {
  const number = (value: string) => (value.trim() ? value.trim() : options.mode === "update" ? "0" : undefined);
  const out: Record<string, unknown> = {
    supplier_id: idOrNull(v.supplier_id),
    supplier_sku: v.supplier_sku,
    supplier_description: v.supplier_description,
    weight_amount: number(v.weight_amount),
    weight_unit: v.weight_unit,
    ecotax: number(v.ecotax),
    taxable: v.taxable,
    tax_ids: v.tax_ids,
    minimum_quantity: number(v.minimum_quantity),
    track_inventory: v.track_inventory,
    published_to_quickbooks: v.published_to_quickbooks,
    published_to_shopify: v.published_to_shopify,
    published_to_pennylane: v.published_to_pennylane,
    published_to_sellsy: v.published_to_sellsy,
  };
  if (options.withSku) {
    out.sku = v.sku;
    out.barcode = v.barcode;
  }
  if (options.withStatus) {
    out.active = v.active;
    out.b2b_published = v.b2b_published;
    if (v.label.trim() || options.mode === "update") out.label = v.label;
  }
  if (options.kind === "kit") out.default_component_discount = number(v.default_component_discount);
  if (options.mode === "create" && v.initial_stock.trim()) {
    out.initial_stock = v.initial_stock.trim();
    out.initial_location_id = idOrNull(v.initial_location_id) ?? undefined;
  }
  if (options.access.editPurchasing) out.initial_cost = number(v.initial_cost);
  if (options.access.editSelling) out.recommended_price = v.recommended_price.trim() || null;
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

/** Boxes of a list of ids (tags, taxes), with the list's error under them. */
export function IdChoices({
  name,
  legend,
  items,
  selected,
  errors,
  empty,
}: {
  name: string;
  legend: string;
  items: { id: number; label: string }[];
  selected: string[];
  errors: FieldErrorMap;
  empty: string;
}) {
  const errorText = useErrorText();
  const error = errors?.[name];
  return (
    <fieldset className={`fieldset${error ? " field--invalid" : ""}`}>
      <legend>{legend}</legend>
      {items.length === 0 ? <p className="muted">{empty}</p> : null}
      <div className="checkbox-grid">
        {items.map((item) => (
          <label key={item.id} className="checkbox">
            <input type="checkbox" name={name} value={item.id} defaultChecked={selected.includes(String(item.id))} />
            <span>{item.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <span id={`field-${name}-error`} className="field__error" role="alert">
          {errorText(error.code, error.params)}
        </span>
      ) : null}
    </fieldset>
  );
}

/** Errors of list items ("tag_ids.0") and of nested fields shown at their list. */
export function byField(errors: FieldErrorMap): FieldErrorMap {
  if (!errors) return errors;
  const out: NonNullable<FieldErrorMap> = {};
  for (const [key, value] of Object.entries(errors)) {
    out[key] ??= value;
    const list = key.replace(/\.\d+$/, "");
    out[list] ??= value;
  }
  return out;
}

/** The product's own fields. */
export function ProductFields({
  values,
  options,
  errors,
  kind,
  children,
}: {
  values: ProductFieldValues;
  options: ProductOptions;
  errors: FieldErrorMap;
  kind: ProductKindName;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <section className="card form-grid">
        <FormField name="label" label={t("products.label")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.label} required maxLength={200} />}
        </FormField>
        {children}
        <FormField name="brand_id" label={t("products.brand")} errors={errors}>
          {(p) => (
            <select {...p} defaultValue={values.brand_id}>
              <option value="">{t("products.none")}</option>
              {options.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="season_id" label={t("products.season")} errors={errors}>
          {(p) => (
            <select {...p} defaultValue={values.season_id}>
              <option value="">{t("products.none")}</option>
              {options.seasons.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="country_of_origin" label={t("products.country_of_origin")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.country_of_origin} maxLength={2} placeholder="FR" autoComplete="off" />}
        </FormField>
        <FormField name="hs_code" label={t("products.hs_code")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.hs_code} maxLength={20} autoComplete="off" />}
        </FormField>
        <FormField name="accounting_family" label={t("products.accounting_family")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.accounting_family} maxLength={100} />}
        </FormField>
        {kind === "kit" ? (
          <FormField name="kit_discount_rate" label={t("products.kit_discount_rate")} errors={errors}>
            {(p) => <input {...p} defaultValue={values.kit_discount_rate} inputMode="decimal" placeholder="0" />}
          </FormField>
        ) : null}
      </section>
      <section className="card">
        <FormField name="description" label={t("products.description")} errors={errors}>
          {(p) => <textarea {...p} defaultValue={values.description} rows={4} maxLength={5000} />}
        </FormField>
      </section>
      <fieldset className="fieldset">
        <legend>{t("products.options")}</legend>
        <div className="checkbox-grid">
          <CheckboxField name="active" label={t("products.active")} checked={values.active} errors={errors} />
          <CheckboxField name="b2b_published" label={t("products.b2b_published")} checked={values.b2b_published} errors={errors} />
          {kind !== "kit" && options.batchTracking ? (
            <CheckboxField
              name="batch_tracked"
              label={t("products.batch_tracked")}
              checked={values.batch_tracked || kind === "batches"}
              errors={errors}
            />
          ) : null}
        </div>
      </fieldset>
      <IdChoices
        name="tag_ids"
        legend={t("products.tags")}
        items={options.tags}
        selected={values.tag_ids}
        errors={errors}
        empty={t("products.no_tags")}
      />
    </>
  );
}

/** A variant's fields: identity (sku, barcode), supplier, weight, taxes, stock, costs, publishing. */
export function VariantFields({
  values,
  options,
  errors,
  kind,
  withSku,
  withStatus,
  withInitialStock,
}: {
  values: VariantFieldValues;
  options: ProductOptions;
  errors: FieldErrorMap;
  kind: ProductKindName;
  withSku: boolean;
  withStatus: boolean;
  /** A new variant: its first stock and where it is ("location" when the quantities are typed per variant elsewhere). */
  withInitialStock?: "all" | "location";
}) {
  const t = useT();
  return (
    <>
      <section className="card form-grid">
        {withSku ? (
          <>
            <FormField name="sku" label={t("products.sku")} errors={errors}>
              {(p) => <input {...p} defaultValue={values.sku} required maxLength={100} autoComplete="off" />}
            </FormField>
            <FormField name="barcode" label={t("products.barcode")} errors={errors}>
              {(p) => <input {...p} defaultValue={values.barcode} maxLength={64} autoComplete="off" />}
            </FormField>
          </>
        ) : null}
        {withStatus ? (
          <FormField name="variant_label" label={t("products.variant_label")} errors={errors}>
            {(p) => <input {...p} defaultValue={values.label} maxLength={200} placeholder={t("products.variant_label_hint")} />}
          </FormField>
        ) : null}
        <FormField name="supplier_id" label={t("products.supplier")} errors={errors}>
          {(p) => (
            <select {...p} defaultValue={values.supplier_id}>
              <option value="">{t("products.no_supplier")}</option>
              {options.suppliers.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="supplier_sku" label={t("products.supplier_sku")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.supplier_sku} maxLength={100} autoComplete="off" />}
        </FormField>
        <FormField name="supplier_description" label={t("products.supplier_description")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.supplier_description} maxLength={1000} />}
        </FormField>
        <FormField name="weight_amount" label={t("products.weight")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.weight_amount} inputMode="decimal" placeholder="0" />}
        </FormField>
        <FormField name="weight_unit" label={t("products.weight_unit")} errors={errors}>
          {(p) => (
            <select {...p} defaultValue={values.weight_unit}>
              {WEIGHT_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="ecotax" label={t("products.ecotax")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.ecotax} inputMode="decimal" placeholder="0.00" />}
        </FormField>
        <FormField name="minimum_quantity" label={t("products.minimum_quantity")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.minimum_quantity} inputMode="decimal" placeholder="0" />}
        </FormField>
        {options.access.editPurchasing ? (
          <FormField name="initial_cost" label={t("products.initial_cost")} errors={errors}>
            {(p) => <input {...p} defaultValue={values.initial_cost} inputMode="decimal" placeholder="0.00" />}
          </FormField>
        ) : null}
        {withInitialStock && kind !== "kit" ? (
          <>
            {withInitialStock === "all" ? (
              <FormField name="initial_stock" label={t("products.initial_stock")} errors={errors}>
                {(p) => <input {...p} defaultValue={values.initial_stock} inputMode="decimal" placeholder="0" />}
              </FormField>
            ) : null}
            <FormField name="initial_location_id" label={t("products.initial_location")} errors={errors}>
              {(p) => (
                <select {...p} defaultValue={values.initial_location_id}>
                  <option value="">{t("products.choose_location")}</option>
                  {options.locations.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </>
        ) : null}
        {options.access.editSelling ? (
          <FormField name="recommended_price" label={t("products.recommended_price")} errors={errors}>
            {(p) => <input {...p} defaultValue={values.recommended_price} inputMode="decimal" placeholder="0.00" />}
          </FormField>
        ) : null}
        {kind === "kit" ? (
          <FormField name="default_component_discount" label={t("products.default_component_discount")} errors={errors}>
            {(p) => <input {...p} defaultValue={values.default_component_discount} inputMode="decimal" placeholder="0" />}
          </FormField>
        ) : null}
      </section>
      <fieldset className="fieldset">
        <legend>{t("products.stock_and_taxes")}</legend>
        <div className="checkbox-grid">
          <CheckboxField name="taxable" label={t("products.taxable")} checked={values.taxable} errors={errors} />
          <CheckboxField name="track_inventory" label={t("products.track_inventory")} checked={values.track_inventory} errors={errors} />
          {withStatus ? (
            <>
              <CheckboxField name="variant_active" field="active" label={t("products.active")} checked={values.active} errors={errors} />
              <CheckboxField
                name="variant_b2b_published"
                field="b2b_published"
                label={t("products.b2b_published")}
                checked={values.b2b_published}
                errors={errors}
              />
            </>
          ) : null}
        </div>
      </fieldset>
      <IdChoices
        name="tax_ids"
        legend={t("products.taxes")}
        items={options.taxes}
        selected={values.tax_ids}
        errors={errors}
        empty={t("products.no_taxes")}
      />
      <fieldset className="fieldset">
        <legend>{t("products.publishing")}</legend>
        <div className="checkbox-grid">
          {(["published_to_quickbooks", "published_to_shopify", "published_to_pennylane", "published_to_sellsy"] as const).map((name) => (
            <CheckboxField key={name} name={name} label={t(`products.${name}`)} checked={values[name]} errors={errors} />
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The variant verbs' field names as the form's: `label` is the form's `variant_label`, a price its cell. */
export function variantFormErrors(fields: FieldErrorMap, keys: string[], packKeys: string[] = []): FieldErrorMap {
  if (!fields) return undefined;
  const out: NonNullable<FieldErrorMap> = { ...cellErrors(fields, "prices", keys), ...cellErrors(fields, "packs.0.prices", packKeys) };
  for (const [field, error] of Object.entries(fields)) {
    if (field.startsWith("prices.")) continue;
    const component = /^components\.(\d+)\.variant_id$/.exec(field);
    out[field === "label" ? "variant_label" : component ? `components.${component[1]}.sku` : field] ??= error;
  }
  return byField(out);
}
