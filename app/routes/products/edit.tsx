import { Form, Link, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { moduleAllows } from "../../../worker/domain/identity/module-flags";
import { getProduct } from "../../../worker/domain/products/get-product";
import { updateProduct } from "../../../worker/domain/products/update-product";
import { requirePage } from "../../../worker/guards";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/edit";
import { byField, ProductFields, productFieldsOf, productInput, readProductFields } from "./fields";
import { EDIT_PRODUCTS, productPath } from "./format";
import { orNotFound, saveForm } from "../../server/form-page.server";
import { loadProductOptions } from "./options.server";
import "./products.css";

async function load(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, EDIT_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  return { actor, ctx, product: await orNotFound(() => getProduct(ctx, { id })) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, product } = await load(request, context, params.id);
  return { product, options: await loadProductOptions(ctx) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor, ctx, product } = await load(request, context, params.id);
  const values = readProductFields(await request.formData());
  return saveForm(values, async () => {
    await updateProduct(ctx, {
      ...productInput(values, product.kind, "update", moduleAllows(actor.permissions, "product", "batch_tracked", true)),
      id: product.id,
    });
    return `${productPath(product.id)}?notice=saved`;
  });
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { product, options } = loaderData;
  const values = actionData?.values ?? productFieldsOf(product, format);
  const title = t("products.edit_title", { label: product.label });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={productPath(product.id)}>{t("products.back_to_product")}</Link>
      </div>
      {actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <Form method="post" className="form product-form" noValidate key={actionData ? JSON.stringify(actionData.values) : product.id}>
        <p className="muted">
          {t("products.kind")}: {t(`products.kind_${product.kind}`)}
        </p>
        <ProductFields values={values} options={options} errors={byField(actionData?.fields)} kind={product.kind} />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("products.save")}
          </button>
        </div>
      </Form>
    </>
  );
}
