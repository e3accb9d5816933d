import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { canEdit } from "../../../worker/domain/products/price-access";
import { saveVariant } from "../../../worker/domain/products/save-variant";
import { formAction } from "../../server/form-page.server";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/variant-edit";
import { ComponentRows } from "./create-form";
import { readVariantFields, VariantFields, variantFieldsOf, variantFormErrors, variantInput } from "./fields";
import { EDIT_PRODUCTS, variantPath } from "./format";
import { loadProductOptions } from "./options.server";
import { PriceGridInputs, priceCellsOf, priceList, readPriceCells } from "./price-grid";
import { loadProductPage } from "./variant.server";
import "./products.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, product, variant } = await loadProductPage(request, context.get(requestContext), EDIT_PRODUCTS, params.id, params.variant);
  return { product, variant, options: await loadProductOptions(ctx) };
}

/** Saves the variant's fields, its prices (the levels the user may change) and its components (kits and assemblies) at once. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, product, variant } = await loadProductPage(request, context.get(requestContext), EDIT_PRODUCTS, params.id, params.variant);
  const form = await request.formData();
  const options = await loadProductOptions(ctx);
  const values = readVariantFields(form);
  const cells = readPriceCells(form, "price");
  const quantities = form.getAll("component_quantity").map(String);
  const components = form.getAll("component_sku").map((sku, i) => ({ sku: String(sku), quantity: quantities[i] ?? "" }));
  const { prices, keys } = priceList(cells);
  const withComponents = product.kind === "kit" || product.kind === "assembly";
  // Prices of levels or currencies the grid does not show (inactive ones) are kept as they are.
  const shown = new Set(options.priceLevels.filter((l) => l.editable).flatMap((l) => options.currencies.map((c) => `${l.id}:${c.id}`)));
  const kept = variant.prices
    .filter((p) => canEdit(options.access, p.price_level_type) && !shown.has(`${p.price_level_id}:${p.currency_id}`))
    .map((p) => ({ price_level_id: p.price_level_id, currency_id: p.currency_id, amount: p.amount }));
  const typed = components.filter((c) => c.sku.trim() || c.quantity.trim());
  return formAction(
    async () => {
      await saveVariant(ctx, {
        product_id: product.id,
        variant_id: variant.id,
        fields: variantInput(values, { mode: "update", access: options.access, kind: product.kind, withSku: true, withStatus: true }),
        ...(options.priceLevels.some((l) => l.editable) ? { prices: { prices: [...prices, ...kept] } } : {}),
        ...(withComponents
          ? {
              components: {
                components: typed.map((c) => ({ sku: c.sku, quantity: c.quantity.trim() || "1" })),
              },
            }
          : {}),
      });
      return redirect(`${variantPath(product.id, variant.id)}?notice=saved`);
    },
    (refusal) => ({
      ...refusal,
      fields: variantFormErrors(refusal.fields, keys),
      values,
      cells,
      components,
    }),
  );
}

export default function EditVariant({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { product, variant, options } = loaderData;
  const title = t("products.edit_variant_title", { label: variant.label });
  const errors = actionData?.fields;
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={variantPath(product.id, variant.id)}>{t("products.back_to_variant")}</Link>
      </div>
      {actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <Form method="post" className="form product-form" noValidate key={actionData ? JSON.stringify(actionData.values) : variant.id}>
        <VariantFields
          values={actionData?.values ?? variantFieldsOf(variant, format)}
          options={options}
          errors={errors}
          kind={product.kind}
          withSku
          withStatus
        />
        {product.kind === "kit" || product.kind === "assembly" ? (
          <ComponentRows
            rows={actionData?.components ?? variant.components.map((c) => ({ sku: c.sku, quantity: format.input(c.quantity) }))}
            errors={errors}
          />
        ) : null}
        <fieldset className="fieldset">
          <legend>{t("products.prices")}</legend>
          <PriceGridInputs
            prefix="price"
            options={options}
            cells={actionData?.cells ?? priceCellsOf(variant.prices, format)}
            errors={errors}
            caption={t("products.prices")}
          />
        </fieldset>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("products.save")}
          </button>
        </div>
      </Form>
    </>
  );
}
