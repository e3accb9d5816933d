import { Link } from "react-router";
import { requestContext } from "../../../worker/context";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { useT } from "../../i18n";
import type { Route } from "./+types/variants";
import { EDIT_PRODUCTS, productPath, VIEW_PRODUCTS } from "./format";
import { loadProductPage } from "./variant.server";
import { VariantsTable } from "./views";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor, product } = await loadProductPage(request, context.get(requestContext), VIEW_PRODUCTS, params.id);
  return { product, canEdit: hasPermissions(actor.permissions, EDIT_PRODUCTS) };
}

export default function ProductVariants({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { product, canEdit } = loaderData;
  const title = t("products.variants_of", { label: product.label });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <div className="actions">
          <Link to={productPath(product.id)}>{t("products.back_to_product")}</Link>
          {canEdit && product.kind === "variants" ? (
            <Link to={`${productPath(product.id)}/variants/create`} className="button button--primary">
              {t("products.add_variant")}
            </Link>
          ) : null}
        </div>
      </div>
      <VariantsTable product={product} />
    </>
  );
}
