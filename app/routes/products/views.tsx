import { Link } from "react-router";
import type { ProductView, VariantView } from "../../../worker/domain/products/product-view";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { variantPath } from "./format";
import { PriceGridView } from "./price-grid";

/** A variant's own fields as a definition list. */
export function VariantDetails({ variant }: { variant: VariantView }) {
  const t = useT();
  const format = useFormat();
  const yesNo = (value: boolean) => t(value ? "common.yes" : "common.no");
  const published = [
    variant.published_to_quickbooks ? "QuickBooks" : null,
    variant.published_to_shopify ? "Shopify" : null,
    variant.published_to_pennylane ? "Pennylane" : null,
    variant.published_to_sellsy ? "Sellsy" : null,
  ].filter(Boolean);
  return (
    <dl className="detail-list">
      <dt>{t("products.sku")}</dt>
      <dd data-field="sku">{variant.sku}</dd>
      <dt>{t("products.barcode")}</dt>
      <dd>{variant.barcode ?? "—"}</dd>
      {variant.options.length ? (
        <>
          <dt>{t("products.options_label")}</dt>
          <dd>{variant.options.map((o) => o.label).join(" / ")}</dd>
        </>
      ) : null}
      <dt>{t("products.supplier")}</dt>
      <dd>{variant.supplier ? <Link to={`/contacts/suppliers/${variant.supplier.id}`}>{variant.supplier.label}</Link> : "—"}</dd>
      <dt>{t("products.supplier_sku")}</dt>
      <dd>{variant.supplier_sku ?? "—"}</dd>
      <dt>{t("products.supplier_description")}</dt>
      <dd>{variant.supplier_description ?? "—"}</dd>
      <dt>{t("products.weight")}</dt>
      <dd>
        {format.quantity(variant.weight_amount)} {variant.weight_unit}
      </dd>
      <dt>{t("products.ecotax")}</dt>
      <dd>{format.money(variant.ecotax)}</dd>
      <dt>{t("products.taxable")}</dt>
      <dd>{yesNo(variant.taxable)}</dd>
      <dt>{t("products.taxes")}</dt>
      <dd>{variant.taxes.length ? variant.taxes.map((x) => x.label).join(", ") : "—"}</dd>
      <dt>{t("products.minimum_quantity")}</dt>
      <dd>{format.quantity(variant.minimum_quantity)}</dd>
      <dt>{t("products.track_inventory")}</dt>
      <dd>{yesNo(variant.track_inventory)}</dd>
      <dt>{t("products.batch_tracked")}</dt>
      <dd>{yesNo(variant.batch_tracked)}</dd>
      {variant.track_inventory && !variant.is_kit ? (
        <>
          <dt>{t("products.on_hand")}</dt>
          <dd data-field="on_hand">{format.quantity(variant.on_hand)}</dd>
          <dt>{t("products.available")}</dt>
          <dd data-field="available">{format.quantity(variant.available)}</dd>
          <dt>{t("stock.incoming")}</dt>
          <dd data-field="incoming">{format.quantity(variant.incoming)}</dd>
          <dt>{t("products.stock_by_location")}</dt>
          <dd>
            {variant.stock_levels.length
              ? variant.stock_levels.map((l) => `${l.location_label}: ${format.quantity(l.on_hand)}`).join(" · ")
              : "—"}
          </dd>
        </>
      ) : null}
      {variant.initial_cost !== undefined ? (
        <>
          <dt>{t("products.initial_cost")}</dt>
          <dd>{format.money(variant.initial_cost)}</dd>
          <dt>{t("products.moving_average_cost")}</dt>
          <dd>{format.money(variant.moving_average_cost)}</dd>
        </>
      ) : null}
      {variant.recommended_price !== undefined ? (
        <>
          <dt>{t("products.recommended_price")}</dt>
          <dd>{format.money(variant.recommended_price)}</dd>
        </>
      ) : null}
      {variant.is_kit ? (
        <>
          <dt>{t("products.default_component_discount")}</dt>
          <dd>{format.percent(variant.default_component_discount)}</dd>
        </>
      ) : null}
      <dt>{t("products.b2b_published")}</dt>
      <dd>{yesNo(variant.b2b_published)}</dd>
      <dt>{t("products.publishing")}</dt>
      <dd>{published.length ? published.join(", ") : "—"}</dd>
    </dl>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  const t = useT();
  return <span className={`badge ${active ? "badge--ok" : "badge--off"}`}>{active ? t("products.active") : t("products.inactive")}</span>;
}

/** The variants of a product as a table, each linking to its page. */
export function VariantsTable({ product }: { product: ProductView }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="table-scroll">
      <table className="data-table" aria-label={t("products.variants")}>
        <thead>
          <tr>
            <th scope="col">{t("products.sku")}</th>
            <th scope="col">{t("products.label")}</th>
            <th scope="col">{t("products.options_label")}</th>
            <th scope="col">{t("products.packs")}</th>
            <th scope="col" className="numeric">
              {t("products.on_hand")}
            </th>
            <th scope="col" className="numeric">
              {t("products.available")}
            </th>
            <th scope="col">{t("products.status")}</th>
          </tr>
        </thead>
        <tbody>
          {product.variants.map((v) => (
            <tr key={v.id}>
              <td>
                <Link to={variantPath(product.id, v.id)}>{v.sku}</Link>
              </td>
              <td>{v.label}</td>
              <td>{v.options.map((o) => o.label).join(" / ") || "—"}</td>
              <td>{v.packs.length ? v.packs.map((p) => `${p.label} (${format.quantity(p.quantity)})`).join(", ") : "—"}</td>
              <td className="numeric">{v.is_kit ? "—" : format.quantity(v.on_hand)}</td>
              <td className="numeric">{v.is_kit ? "—" : format.quantity(v.available)}</td>
              <td>
                <StatusBadge active={v.active} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ComponentsTable({ variant }: { variant: VariantView }) {
  const t = useT();
  const format = useFormat();
  if (variant.components.length === 0) return <p className="muted">{t("products.no_components")}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table" aria-label={t("products.components")}>
        <thead>
          <tr>
            <th scope="col">{t("products.sku")}</th>
            <th scope="col">{t("products.label")}</th>
            <th scope="col" className="numeric">
              {t("products.quantity")}
            </th>
          </tr>
        </thead>
        <tbody>
          {variant.components.map((c) => (
            <tr key={c.id}>
              <td>
                <Link to={variantPath(c.product_id, c.variant_id)}>{c.sku}</Link>
              </td>
              <td>{c.label}</td>
              <td className="numeric">{format.quantity(c.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A variant's prices, then each pack's. */
export function VariantPrices({ variant, title }: { variant: VariantView; title: string }) {
  return <PriceGridView prices={variant.prices} caption={title} />;
}
