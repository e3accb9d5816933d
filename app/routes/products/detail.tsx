import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { getProduct } from "../../../worker/domain/products/get-product";
import { deleteProductAndImage, removeProductImage, setProductImage } from "../../../worker/domain/products/product-image";
import { setProductActive } from "../../../worker/domain/products/set-product-active";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../worker/guards";
import { ImageCard } from "../../components/image-card";
import { ConfirmDelete, tickedAcknowledgements } from "../../components/ui/confirm-delete";
import { DELETE_ASKS } from "../../../worker/domain/shared/acknowledgements";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/detail";
import { EDIT_PRODUCTS, PRODUCTS_PATH, productPath, variantPath, VIEW_PRODUCTS } from "./format";
import { formAction, orNotFound } from "../../server/form-page.server";
import { PriceGridView } from "./price-grid";
import { ComponentsTable, StatusBadge, VariantDetails, VariantsTable } from "./views";
import "./products.css";

const NOTICES = ["created", "saved", "enabled", "disabled", "image_saved", "image_removed"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  const product = await orNotFound(() => getProduct(ctx, { id: params.id }));
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    product,
    canEdit: hasPermissions(actor.permissions, EDIT_PRODUCTS),
    notice: NOTICES.find((n) => n === notice) ?? null,
  };
}

// Delete (after the boxes are ticked), enable and disable: each needs edit_products.
export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(async () => {
    if (intent === "delete") {
      await deleteProductAndImage(ctx, { id: params.id, acknowledge: tickedAcknowledgements(form) });
      return redirect(`${PRODUCTS_PATH}?notice=deleted`);
    }
    if (intent === "upload_image") {
      const file = form.get("image");
      const bytes = file instanceof File ? await file.arrayBuffer() : new ArrayBuffer(0);
      await setProductImage(ctx, { id: params.id, bytes });
      return redirect(`${productPath(params.id)}?notice=image_saved`);
    }
    if (intent === "remove_image") {
      await removeProductImage(ctx, { id: params.id });
      return redirect(`${productPath(params.id)}?notice=image_removed`);
    }
    if (intent === "enable" || intent === "disable") {
      await setProductActive(ctx, { id: params.id, active: intent === "enable" });
      return redirect(`${productPath(params.id)}?notice=${intent}d`);
    }
    throw new DomainError("invalid");
  });
}

export default function ProductDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { product, canEdit, notice } = loaderData;
  const yesNo = (value: boolean) => t(value ? "common.yes" : "common.no");
  const single = product.kind !== "variants";
  const only = single ? product.variants[0] : undefined;
  return (
    <div className="product-page">
      <title>{`${product.label} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {product.label} {product.sku ? <span className="muted">· {product.sku}</span> : null}
        </h1>
        <div className="actions">
          <Link to={PRODUCTS_PATH}>{t("products.back_to_list")}</Link>
          <Link to={`${productPath(product.id)}/variants`}>{t("products.variants")}</Link>
          {canEdit ? (
            <>
              <Link to={`${productPath(product.id)}/edit`} className="button button--primary">
                {t("products.edit")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value={product.active ? "disable" : "enable"} />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  {product.active ? t("products.disable") : t("products.enable")}
                </button>
              </Form>
              <ConfirmDelete
                label={t("products.delete")}
                details={t("products.delete_details", { label: product.label })}
                acknowledge={DELETE_ASKS.product}
              />
            </>
          ) : null}
        </div>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`products.notice_${notice}`)}
        </p>
      ) : null}
      {actionData && !actionData.fields?.image ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("products.kind")}</dt>
          <dd data-field="kind">{t(`products.kind_${product.kind}`)}</dd>
          <dt>{t("products.status")}</dt>
          <dd>
            <StatusBadge active={product.active} />
          </dd>
          <dt>{t("products.brand")}</dt>
          <dd>{product.brand?.label ?? "—"}</dd>
          <dt>{t("products.season")}</dt>
          <dd>{product.season?.label ?? "—"}</dd>
          <dt>{t("products.tags")}</dt>
          <dd>{product.tags.length ? product.tags.map((tag) => tag.label).join(", ") : "—"}</dd>
          {product.attributes.length ? (
            <>
              <dt>{t("products.attributes")}</dt>
              <dd>{product.attributes.map((a) => a.label).join(", ")}</dd>
            </>
          ) : null}
          {product.kind === "kit" ? (
            <>
              <dt>{t("products.kit_discount_rate")}</dt>
              <dd data-field="kit_discount_rate">{format.percent(product.kit_discount_rate)}</dd>
            </>
          ) : null}
          <dt>{t("products.batch_tracked")}</dt>
          <dd>{yesNo(product.batch_tracked)}</dd>
          <dt>{t("products.b2b_published")}</dt>
          <dd>{yesNo(product.b2b_published)}</dd>
          <dt>{t("products.country_of_origin")}</dt>
          <dd>{product.country_of_origin ?? "—"}</dd>
          <dt>{t("products.hs_code")}</dt>
          <dd>{product.hs_code ?? "—"}</dd>
          <dt>{t("products.accounting_family")}</dt>
          <dd>{product.accounting_family ?? "—"}</dd>
          <dt>{t("products.description")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{product.description ?? "—"}</dd>
        </dl>
      </section>
      <ProductImage product={product} canEdit={canEdit} error={actionData?.fields?.image} />

      {only ? (
        <>
          <div className="page-header">
            <h2>{t("products.variant_details")}</h2>
            <div className="actions">
              <Link to={variantPath(product.id, only.id)}>{t("products.open_variant")}</Link>
              {canEdit ? <Link to={`${variantPath(product.id, only.id)}/edit`}>{t("products.edit_variant")}</Link> : null}
            </div>
          </div>
          <section className="card">
            <VariantDetails variant={only} />
          </section>
        </>
      ) : (
        <>
          <div className="page-header">
            <h2>{t("products.variants_n", { n: product.variants_count })}</h2>
            {canEdit ? (
              <Link to={`${productPath(product.id)}/variants/create`} className="button button--secondary">
                {t("products.add_variant")}
              </Link>
            ) : null}
          </div>
          <VariantsTable product={product} />
        </>
      )}

      {only && (product.kind === "kit" || product.kind === "assembly") ? (
        <>
          <h2>{t("products.components")}</h2>
          <ComponentsTable variant={only} />
        </>
      ) : null}

      <h2>{t("products.prices")}</h2>
      {product.variants.map((v) => (
        <section key={v.id} className="card">
          {single ? null : <h3>{`${v.label} · ${v.sku}`}</h3>}
          <PriceGridView prices={v.prices} caption={t("products.prices_of", { label: v.label })} />
        </section>
      ))}

      <h2>{t("products.packs")}</h2>
      {product.variants.some((v) => v.packs.length) ? (
        <div className="table-scroll">
          <table className="data-table" aria-label={t("products.packs")}>
            <thead>
              <tr>
                <th scope="col">{t("products.variant")}</th>
                <th scope="col">{t("products.pack_label")}</th>
                <th scope="col" className="numeric">
                  {t("products.quantity")}
                </th>
                <th scope="col">{t("products.prices")}</th>
              </tr>
            </thead>
            <tbody>
              {product.variants.flatMap((v) =>
                v.packs.map((pack) => (
                  <tr key={pack.id}>
                    <td>
                      <Link to={variantPath(product.id, v.id)}>{v.sku}</Link>
                    </td>
                    <td>{pack.label}</td>
                    <td className="numeric">{format.quantity(pack.quantity)}</td>
                    <td>{pack.prices.map((p) => `${p.price_level_label} ${format.money(p.amount, p.currency_iso)}`).join(" · ") || "—"}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("products.no_packs")}</p>
      )}
    </div>
  );
}

/** The product's image (served from the files bucket) and, for editors, its upload form. */
function ProductImage({
  product,
  canEdit,
  error,
}: {
  product: Route.ComponentProps["loaderData"]["product"];
  canEdit: boolean;
  error: { code: string; params?: Record<string, unknown> } | undefined;
}) {
  const t = useT();
  return (
    <ImageCard
      field="image"
      className="product-image"
      text={{
        title: t("products.image"),
        alt: t("products.image_alt", { label: product.label }),
        none: t("products.no_image"),
        hint: t("products.image_hint"),
        upload: t("products.upload_image"),
        remove: t("products.remove_image"),
      }}
      // The key changes with each image: a new one is never served from the cache.
      src={product.image_key ? `${productPath(product.id)}/image?v=${encodeURIComponent(product.image_key)}` : null}
      canEdit={canEdit}
      error={error}
    />
  );
}
