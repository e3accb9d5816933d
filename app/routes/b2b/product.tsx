import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { getStoreProduct } from "../../../worker/domain/store/get-store-product";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { AddToCart } from "../../components/store/add-to-cart";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { orNotFound } from "../../server/form-page.server";
import type { Route } from "./+types/product";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  if (!params.product) throw redirect("/b2b");
  const ctx = await ctxFromRequest(rc);
  return { product: await orNotFound(() => getStoreProduct(ctx, { id: params.product })) };
}

/** A product of the store (platform spec §2, /b2b/products/{id}): its variants and their packs, at the buyer's prices. */
export default function StoreProduct({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { product } = loaderData;
  return (
    <>
      <title>{product.label}</title>
      <h1>{product.label}</h1>
      {product.description ? <p>{product.description}</p> : null}
      <ul className="store-grid">
        {product.lines.map((line) => {
          const soldOut = line.track_inventory && Number(line.available) < Number(line.pack_quantity);
          return (
            <li key={line.key} className="store-product" data-testid="store-product-line" data-key={line.key}>
              <h2 className="store-product__label">{line.pack ? `${line.label} · ${line.pack}` : line.label}</h2>
              <p className="muted">{line.sku}</p>
              <p className="store-product__price">{format.money(line.price, product.currency)}</p>
              {line.track_inventory ? (
                <p className={soldOut ? "store-product__stock store-product__stock--out" : "store-product__stock"}>
                  {soldOut ? t("b2b.out_of_stock") : t("b2b.in_stock", { count: format.quantity(line.available) })}
                </p>
              ) : null}
              <AddToCart
                variantId={line.variant_id}
                packId={line.pack_id}
                label={line.pack ? `${line.label} · ${line.pack}` : line.label}
                minimum={line.pack_id === null ? line.minimum_quantity : "1"}
                disabled={soldOut}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
