import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { addVariant } from "../../../worker/domain/products/add-variant";
import { FormField } from "../../components/form-field";
import { formAction } from "../../server/form-page.server";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/variant-create";
import { newVariantFields, readVariantFields, VariantFields, variantFormErrors, variantInput } from "./fields";
import { EDIT_PRODUCTS, productPath, variantPath } from "./format";
import { loadProductOptions } from "./options.server";
import { PriceGridInputs, priceList, readPriceCells } from "./price-grid";
import { loadProductPage } from "./variant.server";
import "./products.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, product } = await loadProductPage(request, context.get(requestContext), EDIT_PRODUCTS, params.id);
  return { product, options: await loadProductOptions(ctx) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, product } = await loadProductPage(request, context.get(requestContext), EDIT_PRODUCTS, params.id);
  const form = await request.formData();
  const options = await loadProductOptions(ctx);
  const values = readVariantFields(form);
  const optionIds = form.getAll("option_ids").map(String);
  const cells = readPriceCells(form, "price");
  const { prices, keys } = priceList(cells);
  return formAction(
    async () => {
      const variant = await addVariant(ctx, {
        product_id: product.id,
        ...variantInput(values, { mode: "create", access: options.access, kind: product.kind, withSku: true, withStatus: true }),
        option_ids: optionIds.filter(Boolean),
        ...(prices.length ? { prices } : {}),
      });
      return redirect(`${variantPath(product.id, variant.id)}?notice=created`);
    },
    (refusal) => ({ ...refusal, fields: variantFormErrors(refusal.fields, keys), values, optionIds, cells }),
  );
}

export default function CreateVariant({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { product, options } = loaderData;
  const errors = actionData?.fields;
  const title = t("products.new_variant_title", { label: product.label });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${productPath(product.id)}/variants`}>{t("products.back_to_variants")}</Link>
      </div>
      {actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      {product.kind !== "variants" ? (
        <p className="alert alert--error">{t("error.single_variant_only")}</p>
      ) : (
        <Form method="post" className="form product-form" noValidate key={actionData ? JSON.stringify(actionData.values) : "new"}>
          <section className="card form-grid">
            {product.attributes.map((attribute, i) => {
              const choices = options.attributes.find((a) => a.id === attribute.id)?.options ?? [];
              return (
                <FormField key={attribute.id} name={`option_ids.${i}`} label={attribute.label} errors={errors}>
                  {(p) => (
                    <select {...p} name="option_ids" defaultValue={actionData?.optionIds[i] ?? ""}>
                      <option value="">{t("products.choose")}</option>
                      {choices.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              );
            })}
          </section>
          {errors?.option_ids ? (
            <p className="field__error" role="alert">
              {errorText(errors.option_ids.code, errors.option_ids.params)}
            </p>
          ) : null}
          <VariantFields
            values={actionData?.values ?? newVariantFields(options)}
            options={options}
            errors={errors}
            kind={product.kind}
            withSku
            withStatus
            withInitialStock="all"
          />
          <fieldset className="fieldset">
            <legend>{t("products.prices")}</legend>
            <PriceGridInputs
              prefix="price"
              options={options}
              cells={actionData?.cells ?? {}}
              errors={errors}
              caption={t("products.prices")}
            />
          </fieldset>
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("products.add_variant")}
            </button>
          </div>
        </Form>
      )}
    </>
  );
}
