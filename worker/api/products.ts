import { acknowledgementsOf, DELETE_ASKS } from "../domain/shared/acknowledgements";
import { Hono, type Context } from "hono";
import type { PermissionCheck } from "../domain/identity/permissions";
import { addPack } from "../domain/products/add-pack";
import { addVariant } from "../domain/products/add-variant";
import { createProduct } from "../domain/products/create-product";
import { deletePack } from "../domain/products/delete-pack";
import { deleteVariant } from "../domain/products/delete-variant";
import { getProduct } from "../domain/products/get-product";
import { getVariantPrice, VariantPriceQuery } from "../domain/products/get-variant-price";
import { listProducts, productList } from "../domain/products/list-products";
import { EDIT_PRODUCT_PRICES, EDIT_PRODUCTS, VIEW_PRODUCT_PRICES, VIEW_PRODUCTS } from "../domain/products/price-access";
import {
  deleteProductAndImage,
  imageTooLarge,
  MAX_IMAGE_BYTES,
  readProductImage,
  removeProductImage,
  setProductImage,
} from "../domain/products/product-image";
import {
  ComponentsInput,
  CreateProductInput,
  PackInput,
  PricesInput,
  UpdatePackInput,
  UpdateProductInput,
  UpdateVariantInput,
  VariantInput,
} from "../domain/products/product-schemas";
import { setComponents } from "../domain/products/set-components";
import { setPackPrices, setVariantPrices } from "../domain/products/set-prices";
import { setProductActive, setVariantActive } from "../domain/products/set-product-active";
import { updatePack } from "../domain/products/update-pack";
import { updateProduct } from "../domain/products/update-product";
import { updateVariant } from "../domain/products/update-variant";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { DomainError } from "../domain/shared/domain-error";
import { acknowledgeQuery, errors, type ApiOperation } from "./operation";
import { Components, Pack, Prices, Product, ProductImage, ProductListItem, Variant, VariantPrice } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

// The verbs' own checks: the guard answers 401/403 before the body is read.
const VIEW: PermissionCheck = VIEW_PRODUCTS;
const EDIT: PermissionCheck = EDIT_PRODUCTS;
const VIEW_PRICES: PermissionCheck = VIEW_PRODUCT_PRICES;
const EDIT_PRICES: PermissionCheck = EDIT_PRODUCT_PRICES;

const VARIANT = "/products/{id}/variants/{variantId}";
const PACK = `${VARIANT}/packs/{packId}`;
const withErrors = (responses: Record<number, string>) => ({ ...responses, ...errors });
const TAG = "Products";

export const productOperations: ApiOperation[] = [
  {
    method: "put",
    path: "/products/{id}/image",
    tag: TAG,
    summary: "Set the product's image: the body is the image itself (PNG, JPEG, GIF or WebP, at most 5 MB), stored in the files bucket",
    auth: true,
    permissions: EDIT,
    upload: ["image/png", "image/jpeg", "image/gif", "image/webp"],
    result: ProductImage,
    responses: withErrors({ 200: "{ image_key, content_type, size }", 422: "Not an image, or too large (invalid_image, image_too_large)" }),
  },
  {
    method: "get",
    path: "/products/{id}/image",
    tag: TAG,
    summary: "The product's image (404 when it has none)",
    auth: true,
    permissions: VIEW,
    media: "image/*",
    responses: withErrors({ 200: "The image, with its content type" }),
  },
  {
    method: "delete",
    path: "/products/{id}/image",
    tag: TAG,
    summary: "Remove the product's image",
    auth: true,
    permissions: EDIT,
    responses: withErrors({ 204: "Removed" }),
  },
  {
    method: "get",
    path: "/products",
    tag: TAG,
    summary:
      "Products: filters (label, kind, active, brand_id, season_id, tag_id, b2b_published, created_at, updated_at, sku), sort, search by label or sku prefix, pages",
    auth: true,
    permissions: VIEW,
    list: productList,
    result: page(ProductListItem),
    responses: withErrors({ 200: "A page of products", 422: "Invalid list parameters" }),
  },
  {
    method: "post",
    path: "/products",
    tag: TAG,
    summary:
      "Create a product of any kind with its variants, packs, components and prices (a component names its variant by variant_id, or by sku)",
    auth: true,
    permissions: EDIT,
    body: CreateProductInput,
    result: Product,
    responses: withErrors({ 201: "Created", 409: "A sku is already used", 422: "Invalid input" }),
  },
  {
    method: "get",
    path: "/products/{id}",
    tag: TAG,
    summary: "One product with its variants, options, packs, components, prices, taxes and tags",
    auth: true,
    permissions: VIEW,
    result: Product,
    responses: withErrors({ 200: "The product" }),
  },
  {
    method: "patch",
    path: "/products/{id}",
    tag: TAG,
    summary: "Change a product's own fields",
    auth: true,
    permissions: EDIT,
    body: UpdateProductInput,
    result: Product,
    responses: withErrors({ 200: "Updated", 409: "Attributes in use by variants", 422: "Invalid input" }),
  },
  {
    method: "delete",
    path: "/products/{id}",
    tag: TAG,
    summary: "Delete a product and all it holds",
    auth: true,
    permissions: EDIT,
    query: acknowledgeQuery(DELETE_ASKS.product),
    responses: withErrors({ 204: "Deleted", 409: "A variant is a component of a kit or an assembly" }),
  },
  {
    method: "post",
    path: "/products/{id}/enable",
    tag: TAG,
    summary: "Enable a product",
    auth: true,
    permissions: EDIT,
    result: Product,
    responses: withErrors({ 200: "The product" }),
  },
  {
    method: "post",
    path: "/products/{id}/disable",
    tag: TAG,
    summary: "Disable a product",
    auth: true,
    permissions: EDIT,
    result: Product,
    responses: withErrors({ 200: "The product" }),
  },
  {
    method: "post",
    path: "/products/{id}/variants",
    tag: TAG,
    summary: "Add a variant to a product with variants (250 at most)",
    auth: true,
    permissions: EDIT,
    body: VariantInput,
    result: Variant,
    responses: withErrors({ 201: "The variant", 409: "Sku used, one-variant product, or too many variants", 422: "Invalid input" }),
  },
  {
    method: "patch",
    path: VARIANT,
    tag: TAG,
    summary: "Change a variant's fields",
    auth: true,
    permissions: EDIT,
    body: UpdateVariantInput,
    result: Variant,
    responses: withErrors({ 200: "The variant", 409: "Sku used", 422: "Invalid input" }),
  },
  {
    method: "delete",
    path: VARIANT,
    tag: TAG,
    summary: "Delete a variant (never the last one, nor a component)",
    auth: true,
    permissions: EDIT,
    responses: withErrors({ 204: "Deleted", 409: "Last variant, or a component of a kit or an assembly" }),
  },
  {
    method: "post",
    path: `${VARIANT}/enable`,
    tag: TAG,
    summary: "Enable a variant",
    auth: true,
    permissions: EDIT,
    result: Variant,
    responses: withErrors({ 200: "The variant" }),
  },
  {
    method: "post",
    path: `${VARIANT}/disable`,
    tag: TAG,
    summary: "Disable a variant",
    auth: true,
    permissions: EDIT,
    result: Variant,
    responses: withErrors({ 200: "The variant" }),
  },
  {
    method: "put",
    path: `${VARIANT}/prices`,
    tag: TAG,
    summary: "Replace a variant's prices (the levels the caller may edit)",
    auth: true,
    permissions: EDIT_PRICES,
    body: PricesInput,
    result: Prices,
    responses: withErrors({ 200: "The prices", 422: "Invalid input" }),
  },
  {
    method: "put",
    path: `${VARIANT}/components`,
    tag: TAG,
    summary: "Replace what a kit or an assembly is made of (each component names its variant by variant_id, or by sku)",
    auth: true,
    permissions: EDIT,
    body: ComponentsInput,
    result: Components,
    responses: withErrors({ 200: "The components", 422: "Invalid input" }),
  },
  {
    method: "get",
    path: `${VARIANT}/price`,
    tag: TAG,
    summary: "The resolved price of a variant or pack: query price_level_id, currency_id, exchange_rate, pack_id, discount_rate",
    auth: true,
    permissions: VIEW_PRICES,
    query: VariantPriceQuery,
    result: VariantPrice,
    responses: withErrors({ 200: "The price and where it came from", 422: "Invalid parameters" }),
  },
  {
    method: "post",
    path: `${VARIANT}/packs`,
    tag: TAG,
    summary: "Add a pack to a variant",
    auth: true,
    permissions: EDIT,
    body: PackInput,
    result: Pack,
    responses: withErrors({ 201: "The pack", 422: "Invalid input" }),
  },
  {
    method: "patch",
    path: PACK,
    tag: TAG,
    summary: "Change a pack",
    auth: true,
    permissions: EDIT,
    body: UpdatePackInput,
    result: Pack,
    responses: withErrors({ 200: "The pack", 422: "Invalid input" }),
  },
  {
    method: "delete",
    path: PACK,
    tag: TAG,
    summary: "Delete a pack and its prices",
    auth: true,
    permissions: EDIT,
    responses: withErrors({ 204: "Deleted" }),
  },
  {
    method: "put",
    path: `${PACK}/prices`,
    tag: TAG,
    summary: "Replace a pack's prices (the levels the caller may edit)",
    auth: true,
    permissions: EDIT_PRICES,
    body: PricesInput,
    result: Prices,
    responses: withErrors({ 200: "The prices", 422: "Invalid input" }),
  },
];

const product = (c: Context<ApiEnv>) => ({ id: c.req.param("id") });
const variant = (c: Context<ApiEnv>) => ({ product_id: c.req.param("id"), variant_id: c.req.param("variantId") });
const pack = (c: Context<ApiEnv>) => ({ ...variant(c), pack_id: c.req.param("packId") });

/** /api/v1/products: products of every kind, their variants, packs, components and prices. */
export const products = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => c.json(await listProducts(await verbCtx(c), new URL(c.req.url).searchParams)))
  .post("/", requireActor(EDIT), async (c) => c.json(await createProduct(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(VIEW), async (c) => c.json(await getProduct(await verbCtx(c), product(c))))
  // The ids come from the path, last: a body cannot name another record.
  .patch("/:id", requireActor(EDIT), async (c) => c.json(await updateProduct(await verbCtx(c), await bodyWith(c, product(c)))))
  .delete("/:id", requireActor(EDIT), async (c) => {
    const acknowledge = acknowledgementsOf(c.req.queries("acknowledge") ?? []);
    await deleteProductAndImage(await verbCtx(c), { ...product(c), acknowledge });
    return c.body(null, 204);
  })
  .put("/:id/image", requireActor(EDIT), async (c) => {
    // A body announced larger than the limit is refused before it is read.
    if (Number(c.req.header("content-length") ?? 0) > MAX_IMAGE_BYTES) throw imageTooLarge();
    const bytes = await c.req.arrayBuffer();
    return c.json(await setProductImage(await verbCtx(c), { ...product(c), bytes }));
  })
  .get("/:id/image", requireActor(VIEW), async (c) => {
    const image = await readProductImage(await verbCtx(c), product(c));
    if (!image) throw new DomainError("not_found");
    return new Response(image.body, { headers: { "content-type": image.contentType, "cache-control": "private, max-age=300" } });
  })
  .delete("/:id/image", requireActor(EDIT), async (c) => {
    await removeProductImage(await verbCtx(c), product(c));
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => c.json(await setProductActive(await verbCtx(c), { ...product(c), active: true })))
  .post("/:id/disable", requireActor(EDIT), async (c) => c.json(await setProductActive(await verbCtx(c), { ...product(c), active: false })))
  .post("/:id/variants", requireActor(EDIT), async (c) =>
    c.json(await addVariant(await verbCtx(c), await bodyWith(c, { product_id: c.req.param("id") })), 201),
  )
  .patch("/:id/variants/:variantId", requireActor(EDIT), async (c) =>
    c.json(await updateVariant(await verbCtx(c), await bodyWith(c, variant(c)))),
  )
  .delete("/:id/variants/:variantId", requireActor(EDIT), async (c) => {
    await deleteVariant(await verbCtx(c), variant(c));
    return c.body(null, 204);
  })
  .post("/:id/variants/:variantId/enable", requireActor(EDIT), async (c) =>
    c.json(await setVariantActive(await verbCtx(c), { ...variant(c), active: true })),
  )
  .post("/:id/variants/:variantId/disable", requireActor(EDIT), async (c) =>
    c.json(await setVariantActive(await verbCtx(c), { ...variant(c), active: false })),
  )
  .put("/:id/variants/:variantId/prices", requireActor(EDIT_PRICES), async (c) =>
    c.json(await setVariantPrices(await verbCtx(c), await bodyWith(c, variant(c)))),
  )
  .put("/:id/variants/:variantId/components", requireActor(EDIT), async (c) =>
    c.json(await setComponents(await verbCtx(c), await bodyWith(c, variant(c)))),
  )
  .get("/:id/variants/:variantId/price", requireActor(VIEW_PRICES), async (c) =>
    c.json(await getVariantPrice(await verbCtx(c), { ...c.req.query(), ...variant(c) })),
  )
  .post("/:id/variants/:variantId/packs", requireActor(EDIT), async (c) =>
    c.json(await addPack(await verbCtx(c), await bodyWith(c, variant(c))), 201),
  )
  .patch("/:id/variants/:variantId/packs/:packId", requireActor(EDIT), async (c) =>
    c.json(await updatePack(await verbCtx(c), await bodyWith(c, pack(c)))),
  )
  .delete("/:id/variants/:variantId/packs/:packId", requireActor(EDIT), async (c) => {
    await deletePack(await verbCtx(c), pack(c));
    return c.body(null, 204);
  })
  .put("/:id/variants/:variantId/packs/:packId/prices", requireActor(EDIT_PRICES), async (c) =>
    c.json(await setPackPrices(await verbCtx(c), await bodyWith(c, pack(c)))),
  );
