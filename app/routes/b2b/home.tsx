import { useState } from "react";
import { Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { listStoreCatalogue, type StoreCatalogueItem } from "../../../worker/domain/store/list-store-catalogue";
import { getStoreCatalogueChoices } from "../../../worker/domain/store/store-catalogue-choices";
import { recoverFrom } from "../../server/form-page.server";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { useFormat } from "../../format";
import { AddToCart } from "../../components/store/add-to-cart";
import { LineFacts, useCanAdd } from "../../components/store/line-facts";
import { useStorefront } from "../../components/store/use-storefront";
import { QuickOrder } from "../../components/store/quick-order";
import { StorePager } from "../../components/store/store-pager";
import { useT } from "../../i18n";
import { unlessCartChange } from "../../components/store/revalidate";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const user = requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  // A filter counts only with a value (platform spec §5).
  const chosen = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const ctx = await ctxFromRequest(rc);
  const [catalogue, choices] = await Promise.all([
    recoverFrom(
      ["validation_failed"],
      () => listStoreCatalogue(ctx, { search: search || undefined, page, ...chosen }),
      () => listStoreCatalogue(ctx, { page: 0 }),
    ),
    getStoreCatalogueChoices(ctx),
  ]);
  return { company: user.company.label, search, chosen, ...choices, ...catalogue };
}

/** A cart change does not change what this page read. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return unlessCartChange(args);
}

const FILTERS = ["brand_id", "season_id", "tag_id", "option_id"] as const;

function Product({ item, currency }: { item: StoreCatalogueItem; currency: string | null }) {
  const t = useT();
  const format = useFormat();
  const soldOut = item.track_inventory && Number(item.available) <= 0;
  const add = useCanAdd(soldOut);
  return (
    <li className="store-product" data-testid="store-product" data-sku={item.sku}>
      <h2 className="store-product__label">
        <Link to={`/b2b/products/${item.product_id}`}>{item.label}</Link>
      </h2>
      <p className="muted">
        {item.product} · {item.sku}
      </p>
      <LineFacts
        price={item.price}
        currency={currency}
        trackInventory={item.track_inventory}
        available={item.available}
        incoming={item.incoming}
        soldOut={soldOut}
        recommended={item.recommended_price}
      />
      {Number(item.minimum_quantity) > 0 ? (
        <p className="muted">{t("b2b.minimum", { count: format.quantity(item.minimum_quantity) })}</p>
      ) : null}
      {add.shown ? (
        <AddToCart
          variantId={item.variant_id}
          label={item.label}
          minimum={item.minimum_quantity}
          disabled={add.disabled}
          stock={item.track_inventory ? item.in_stock : null}
        />
      ) : null}
    </li>
  );
}

/** The store's catalogue: what it sells, 28 a page, at the buyer's prices, with the stock left. */
export default function B2bHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const storefront = useStorefront();
  const { items, page, has_more, search, currency, chosen, filters, featured } = loaderData;
  const link = (p: number) => `?${new URLSearchParams({ ...(search ? { search } : {}), ...chosen, page: String(p) }).toString()}`;
  const browsing = !search && Object.keys(chosen).length === 0 && page === 0;
  // On a phone the filters fold behind a button (platform spec §2), open when one is chosen.
  const chosenCount = Object.keys(chosen).length;
  const [filtersOpen, setFiltersOpen] = useState(chosenCount > 0);
  return (
    <>
      <title>{`${t("b2b.catalogue")} | ${loaderData.company}`}</title>
      {storefront.banner ? (
        <img src={`/b2b/images/banner?v=${encodeURIComponent(storefront.banner)}`} alt="" className="storefront__banner" />
      ) : null}
      <h1>{t("b2b.catalogue")}</h1>
      <Form method="get" className="store-search" role="search">
        <label>
          <span className="visually-hidden">{t("b2b.search")}</span>
          <input type="search" name="search" defaultValue={search} placeholder={t("b2b.search")} />
        </label>
        {filters.length ? (
          <button
            type="button"
            className="button button--secondary store-search__filters-button"
            aria-expanded={filtersOpen}
            aria-controls="store-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {chosenCount ? t("b2b.filters_count", { count: chosenCount }) : t("b2b.filters")}
          </button>
        ) : null}
        <div id="store-filters" className={`store-search__filters${filtersOpen ? " store-search__filters--open" : ""}`}>
          {filters.map((filter) => (
            <label key={filter.name} className="store-filter">
              <span className="visually-hidden">{t(`b2b.filter_${filter.name}`)}</span>
              <select name={filter.name} defaultValue={chosen[filter.name] ?? ""} data-testid={`filter-${filter.name}`}>
                <option value="">{t(`b2b.filter_${filter.name}`)}</option>
                {filter.options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <button type="submit" className="button button--secondary">
          {t("b2b.search_button")}
        </button>
      </Form>
      {browsing && featured.length > 0 ? (
        <section className="store-featured" data-testid="store-featured">
          <h2>{t("b2b.featured")}</h2>
          <ul className="store-featured__list">
            {featured.map((p) => (
              <li key={p.id}>
                <Link to={`/b2b/products/${p.id}`}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {storefront.menu.cart ? <QuickOrder /> : null}
      {items.length === 0 ? <p>{t("b2b.nothing_found")}</p> : null}
      <ul className="store-grid">
        {items.map((item) => (
          <Product key={item.variant_id} item={item} currency={currency} />
        ))}
      </ul>
      <StorePager page={page} hasMore={has_more} href={link} />
    </>
  );
}
