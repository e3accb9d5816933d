import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { addPack } from "../../../worker/domain/products/add-pack";
import { deletePack } from "../../../worker/domain/products/delete-pack";
import { canEdit, priceAccess } from "../../../worker/domain/products/price-access";
import { setPackPrices } from "../../../worker/domain/products/set-prices";
import { updatePack } from "../../../worker/domain/products/update-pack";
import { deleteVariant } from "../../../worker/domain/products/delete-variant";
import { setVariantActive } from "../../../worker/domain/products/set-product-active";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { FormField } from "../../components/form-field";
import { formAction } from "../../server/form-page.server";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/variant-detail";
import { variantFormErrors } from "./fields";
import { EDIT_PRODUCTS, productPath, variantPath, VIEW_PRODUCTS } from "./format";
import { loadProductOptions } from "./options.server";
import { cellKey, PriceGridInputs, PriceGridView, priceCellsOf, priceList, readPriceCells } from "./price-grid";
import { loadProductPage } from "./variant.server";
import { ComponentsTable, StatusBadge, VariantDetails } from "./views";
import "./products.css";

const NOTICES = ["created", "saved", "enabled", "disabled", "pack_added", "pack_saved", "pack_deleted"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor, ctx, product, variant } = await loadProductPage(
    request,
    context.get(requestContext),
    VIEW_PRODUCTS,
    params.id,
    params.variant,
  );
  const canEdit = hasPermissions(actor.permissions, EDIT_PRODUCTS);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    product,
    variant,
    canEdit,
    options: canEdit ? await loadProductOptions(ctx) : null,
    notice: NOTICES.find((n) => n === notice) ?? null,
  };
}

// Enable, disable, delete (after confirmation), add and delete packs: each needs edit_products.
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor, ctx, product, variant } = await loadProductPage(
    request,
    context.get(requestContext),
    EDIT_PRODUCTS,
    params.id,
    params.variant,
  );
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = variantPath(product.id, variant.id);
  const packValues = {
    label: String(form.get("pack_label") ?? ""),
    quantity: String(form.get("pack_quantity") ?? ""),
    cells: readPriceCells(form, "pack_price"),
  };
  const { prices, keys } = priceList(packValues.cells);
  const ids = { product_id: product.id, variant_id: variant.id };
  return formAction(
    async () => {
      if (intent === "enable" || intent === "disable") {
        await setVariantActive(ctx, { ...ids, active: intent === "enable" });
        return redirect(`${here}?notice=${intent}d`);
      }
      if (intent === "delete") {
        await deleteVariant(ctx, ids);
        return redirect(`${productPath(product.id)}/variants`);
      }
      if (intent === "add_pack") {
        await addPack(ctx, {
          ...ids,
          label: packValues.label,
          quantity: packValues.quantity,
          ...(prices.length ? { prices } : {}),
        });
        return redirect(`${here}?notice=pack_added`);
      }
      if (intent === "update_pack") {
        const packId = String(form.get("pack_id") ?? "");
        await updatePack(ctx, {
          ...ids,
          pack_id: packId,
          label: packValues.label,
          quantity: packValues.quantity,
          active: form.get("pack_active") === "on",
        });
        if (priceAccess(actor).editSelling || priceAccess(actor).editPurchasing) {
          // Prices of levels the user may not change, or of inactive levels, are kept as they are.
          const pack = variant.packs.find((k) => String(k.id) === packId);
          const kept = (pack?.prices ?? [])
            .filter(
              (p) => canEdit(priceAccess(actor), p.price_level_type) && !(cellKey(p.price_level_id, p.currency_id) in packValues.cells),
            )
            .map((p) => ({ price_level_id: p.price_level_id, currency_id: p.currency_id, amount: p.amount }));
          await setPackPrices(ctx, { ...ids, pack_id: packId, prices: [...prices, ...kept] });
        }
        return redirect(`${here}?notice=pack_saved`);
      }
      if (intent === "delete_pack") {
        await deletePack(ctx, { ...ids, pack_id: String(form.get("pack_id") ?? "") });
        return redirect(`${here}?notice=pack_deleted`);
      }
      throw new DomainError("invalid");
    },
    (refusal) => {
      const fields = variantFormErrors(refusal.fields, keys);
      return {
        intent,
        ...refusal,
        fields:
          fields &&
          Object.fromEntries(
            Object.entries(fields).map(([k, v]) => [k === "variant_label" ? "pack_label" : k === "quantity" ? "pack_quantity" : k, v]),
          ),
        pack: packValues,
        packId: String(form.get("pack_id") ?? ""),
      };
    },
  );
}

export default function VariantDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { product, variant, canEdit, options, notice } = loaderData;
  const packFailure = actionData?.intent === "add_pack" ? actionData : undefined;
  const many = product.kind === "variants";
  return (
    <div className="product-page">
      <title>{`${variant.label} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {variant.label} <span className="muted">· {variant.sku}</span>
        </h1>
        <div className="actions">
          <Link to={productPath(product.id)}>{t("products.back_to_product")}</Link>
          {many ? <Link to={`${productPath(product.id)}/variants`}>{t("products.back_to_variants")}</Link> : null}
          {canEdit ? (
            <>
              <Link to={`${variantPath(product.id, variant.id)}/edit`} className="button button--primary">
                {t("products.edit_variant")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value={variant.active ? "disable" : "enable"} />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  {variant.active ? t("products.disable") : t("products.enable")}
                </button>
              </Form>
              {many ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(t("products.delete_variant_confirm", { label: variant.label }))) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="delete" />
                  <button type="submit" className="button button--danger" disabled={busy}>
                    {t("products.delete_variant")}
                  </button>
                </Form>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`products.notice_variant_${notice}`)}
        </p>
      ) : null}
      {actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData)}
        </p>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("products.product")}</dt>
          <dd>
            <Link to={productPath(product.id)}>{product.label}</Link>
          </dd>
          <dt>{t("products.status")}</dt>
          <dd>
            <StatusBadge active={variant.active} />
          </dd>
        </dl>
        <VariantDetails variant={variant} />
      </section>

      {variant.is_kit || variant.is_assembly ? (
        <>
          <h2>{t("products.components")}</h2>
          <ComponentsTable variant={variant} />
        </>
      ) : null}

      <h2>{t("products.prices")}</h2>
      <section className="card">
        <PriceGridView prices={variant.prices} caption={t("products.prices_of", { label: variant.label })} />
      </section>

      <h2>{t("products.packs")}</h2>
      {variant.packs.length ? (
        variant.packs.map((pack) => (
          <section key={pack.id} className="card" aria-label={pack.label}>
            <div className="page-header">
              <h3>
                {pack.label} <span className="muted">· {t("products.pack_of", { quantity: format.quantity(pack.quantity) })}</span>
              </h3>
              {canEdit ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(t("products.delete_pack_confirm", { label: pack.label }))) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="delete_pack" />
                  <input type="hidden" name="pack_id" value={pack.id} />
                  <button type="submit" className="button button--danger" disabled={busy}>
                    {t("products.delete_pack")}
                  </button>
                </Form>
              ) : null}
            </div>
            <PriceGridView prices={pack.prices} caption={t("products.prices_of", { label: pack.label })} />
            {canEdit && options ? (
              <PackEditor
                pack={pack}
                options={options}
                failure={actionData?.intent === "update_pack" && actionData.packId === String(pack.id) ? actionData : undefined}
              />
            ) : null}
          </section>
        ))
      ) : (
        <p className="muted">{t("products.no_packs")}</p>
      )}

      {canEdit && options ? (
        <Form
          method="post"
          className="form product-form"
          noValidate
          key={packFailure ? JSON.stringify(packFailure.pack) : `packs-${variant.packs.length}`}
        >
          <input type="hidden" name="intent" value="add_pack" />
          <h2>{t("products.add_pack")}</h2>
          <section className="card form-grid">
            <FormField name="pack_label" label={t("products.pack_label")} errors={packFailure?.fields}>
              {(p) => <input {...p} defaultValue={packFailure?.pack.label ?? ""} maxLength={100} />}
            </FormField>
            <FormField name="pack_quantity" label={t("products.pack_quantity")} errors={packFailure?.fields}>
              {(p) => <input {...p} defaultValue={packFailure?.pack.quantity ?? ""} inputMode="decimal" placeholder="6" />}
            </FormField>
          </section>
          <fieldset className="fieldset">
            <legend>{t("products.pack_prices")}</legend>
            <PriceGridInputs
              prefix="pack_price"
              options={options}
              cells={packFailure?.pack.cells ?? {}}
              errors={packFailure?.fields}
              caption={t("products.pack_prices")}
            />
          </fieldset>
          <div className="actions">
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t("products.add_pack")}
            </button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}

type PackFailure = {
  fields?: Record<string, { code: string; params?: Record<string, unknown> }> | undefined;
  pack: { label: string; quantity: string; cells: Record<string, string> };
};

/** A pack's label, quantity, status and prices, changed in place. */
function PackEditor({
  pack,
  options,
  failure,
}: {
  pack: Route.ComponentProps["loaderData"]["variant"]["packs"][number];
  options: NonNullable<Route.ComponentProps["loaderData"]["options"]>;
  failure: PackFailure | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const id = (name: string) => `pack-${pack.id}-${name}`;
  const error = (name: string) => failure?.fields?.[name];
  return (
    <details open={failure !== undefined}>
      <summary>{t("products.edit_pack")}</summary>
      <Form
        method="post"
        className="form product-form"
        noValidate
        key={failure ? JSON.stringify(failure.pack) : `${pack.id}-${pack.label}-${pack.quantity}`}
      >
        <input type="hidden" name="intent" value="update_pack" />
        <input type="hidden" name="pack_id" value={pack.id} />
        <div className="form-grid">
          {(
            [
              ["pack_label", t("products.pack_label"), failure?.pack.label ?? pack.label],
              ["pack_quantity", t("products.pack_quantity"), failure?.pack.quantity ?? format.input(pack.quantity)],
            ] as const
          ).map(([name, label, value]) => (
            <div key={name} className={`field${error(name) ? " field--invalid" : ""}`}>
              <label htmlFor={id(name)}>{label}</label>
              <input id={id(name)} name={name} defaultValue={value} aria-invalid={Boolean(error(name))} />
              {error(name) ? (
                <span id={`${id(name)}-error`} className="field__error" role="alert">
                  {errorText(error(name)!.code, error(name)!.params)}
                </span>
              ) : null}
            </div>
          ))}
          <label className="checkbox" htmlFor={id("active")}>
            <input type="checkbox" id={id("active")} name="pack_active" defaultChecked={pack.active} />
            <span>{t("products.active")}</span>
          </label>
        </div>
        <PriceGridInputs
          prefix="pack_price"
          idPrefix={`pack-${pack.id}-price`}
          options={options}
          cells={failure?.pack.cells ?? priceCellsOf(pack.prices, format)}
          errors={failure?.fields}
          caption={t("products.pack_prices")}
        />
        <div className="actions">
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t("products.save_pack")}
          </button>
        </div>
      </Form>
    </details>
  );
}
