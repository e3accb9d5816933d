import { Link, redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { createProduct } from "../../../worker/domain/products/create-product";
import { requirePage } from "../../../worker/guards";
import type { FieldErrorMap } from "../../components/form-field";
import { formAction } from "../../server/form-page.server";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/create";
import { CreateProductForm, derivedSku, newCreateForm, readCreateForm, type CreateFormValues } from "./create-form";
import { productInput, variantInput } from "./fields";
import { EDIT_PRODUCTS, PRODUCTS_PATH, productPath } from "./format";
import { loadProductOptions } from "./options.server";
import { priceList } from "./price-grid";
import type { ProductOptions } from "./product-options";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_PRODUCTS);
  return { options: await loadProductOptions(await ctxFromRequest(rc)) };
}

/** The domain's input of the form, and the grid cell of each price (to put errors back). */
function createInput(values: CreateFormValues, options: ProductOptions) {
  const { kind } = values;
  const { prices, keys } = priceList(values.prices);
  const shared = {
    ...variantInput(values.variant, { mode: "create", access: options.access, kind, withSku: false, withStatus: false }),
    ...(prices.length ? { prices } : {}),
  };
  const optionLabel = new Map(options.attributes.flatMap((a) => a.options.map((o) => [o.id, o.label] as const)));
  const variants =
    kind === "variants"
      ? values.variants.map((row) => {
          const ids = row.options.split(",").filter(Boolean).map(Number);
          return {
            ...shared,
            sku:
              row.sku.trim() ||
              derivedSku(
                values.variant.sku,
                ids.map((id) => optionLabel.get(id) ?? String(id)),
              ),
            barcode: row.barcode,
            option_ids: ids,
            ...(row.initial_stock.trim()
              ? { initial_stock: row.initial_stock.trim(), initial_location_id: values.variant.initial_location_id.trim() || undefined }
              : {}),
          };
        })
      : [{ ...shared, sku: values.variant.sku, barcode: values.variant.barcode }];
  const components =
    kind === "kit" || kind === "assembly"
      ? values.components.filter((c) => c.sku.trim() || c.quantity.trim()).map((c) => ({ sku: c.sku, quantity: c.quantity.trim() || "1" }))
      : undefined;
  return {
    keys,
    input: {
      ...productInput(values.product, kind, "create", options.batchTracking),
      kind,
      ...(kind === "variants" ? { attribute_ids: values.attribute_ids } : {}),
      ...(components ? { components } : {}),
      variants,
    },
  };
}

/** The domain's field names as the form's: a one-variant product's `variants.0.sku` is the form's `sku`, a price its cell. */
function formErrors(fields: FieldErrorMap, values: CreateFormValues, keys: string[]): FieldErrorMap {
  if (!fields) return undefined;
  const out: NonNullable<FieldErrorMap> = {};
  const typedComponents = values.components.filter((c) => c.sku.trim() || c.quantity.trim());
  for (const [field, error] of Object.entries(fields)) {
    let name = field;
    const variant = /^variants\.(\d+)\.(.+)$/.exec(field);
    const component = /^components\.(\d+)\.(sku|variant_id|quantity)$/.exec(field);
    if (variant) {
      const [, i, rest] = variant as unknown as [string, string, string];
      if (rest.startsWith("prices.")) name = keys[Number(rest.split(".")[1])] ?? "prices";
      else if (values.kind !== "variants") name = rest;
      else if (rest === "sku" || rest === "initial_stock") name = `variants.${i}.${rest}`;
      else if (rest.startsWith("option_ids") || rest === "barcode") name = `variants.${i}`;
      else name = rest;
    } else if (component) {
      // Blank rows are not posted: the index is of the typed rows, the same as the form's as long as the blanks come last.
      const index = values.components.indexOf(typedComponents[Number(component[1])]!);
      name = `components.${index}.${component[2] === "quantity" ? "quantity" : "sku"}`;
    }
    out[name] ??= error;
  }
  return out;
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  const values = readCreateForm(await request.formData());
  const options = await loadProductOptions(ctx);
  const { input, keys } = createInput(values, options);
  return formAction(
    async () => {
      const product = await createProduct(ctx, input);
      return redirect(`${productPath(product.id)}?notice=created`);
    },
    (refusal) => ({
      ...refusal,
      fields: formErrors(refusal.fields, values, keys),
      values,
    }),
    { notFound: "refusal" },
  );
}

export default function CreateProduct({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const values = actionData?.values;
  return (
    <>
      <title>{`${t("products.new_title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("products.new_title")}</h1>
        <Link to={PRODUCTS_PATH}>{t("products.back_to_list")}</Link>
      </div>
      {actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <CreateProductForm
        key={values ? JSON.stringify(values) : "new"}
        values={values ?? newCreateForm(loaderData.options)}
        options={loaderData.options}
        errors={actionData?.fields}
      />
    </>
  );
}
