import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { getStoreProduct } from "../../../worker/domain/store/get-store-product";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import type { StoreLineView as StoreProductLine } from "../../../worker/domain/store/cart-view";
import { AddToCart } from "../../components/store/add-to-cart";
import { LineFacts, useCanAdd } from "../../components/store/line-facts";
import { orNotFound } from "../../server/form-page.server";
import { unlessCartChange } from "../../components/store/revalidate";
import type { Route } from "./+types/product";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  if (!params.product) throw redirect("/b2b");
  const ctx = await ctxFromRequest(rc);
  return { product: await orNotFound(() => getStoreProduct(ctx, { id: params.product })) };
}

/** A cart change does not change what this page read. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return unlessCartChange(args);
}

/** A product of the store (platform spec §2, /b2b/products/{id}): its variants and their packs, at the buyer's prices. */
export default function StoreProduct({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <>
      <title>{product.label}</title>
      <h1>{product.label}</h1>
      {product.description ? <p>{product.description}</p> : null}
      <ul className="store-grid">
        {product.lines.map((line) => (
          <ProductLine key={line.key} line={line} currency={product.currency} />
        ))}
      </ul>
    </>
  );
}

function ProductLine({ line, currency }: { line: StoreProductLine; currency: string | null }) {
  // A pack line's stock counts whole packs (in_stock): sold out under one pack.
  const soldOut = line.track_inventory && Number(line.in_stock) <= 0;
  const add = useCanAdd(soldOut);
  return (
    <li className="store-product" data-testid="store-product-line" data-key={line.key}>
      <h2 className="store-product__label">{line.pack ? `${line.label} · ${line.pack}` : line.label}</h2>
      <p className="muted">{line.sku}</p>
      <LineFacts
        price={line.price}
        currency={currency}
        trackInventory={line.track_inventory}
        available={line.in_stock}
        incoming={line.incoming}
        soldOut={soldOut}
        recommended={line.recommended_price}
      />
      {add.shown ? (
        <AddToCart
          variantId={line.variant_id}
          packId={line.pack_id}
          label={line.pack ? `${line.label} · ${line.pack}` : line.label}
          minimum={line.pack_id === null ? line.minimum_quantity : "1"}
          disabled={add.disabled}
          stock={line.track_inventory ? line.in_stock : null}
        />
      ) : null}
    </li>
  );
}
