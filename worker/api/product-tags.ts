import { Hono } from "hono";
import { createProductTag } from "../domain/products-settings/product-tags/create-product-tag";
import { deleteProductTag } from "../domain/products-settings/product-tags/delete-product-tag";
import { getProductTag } from "../domain/products-settings/product-tags/get-product-tag";
import { listProductTags } from "../domain/products-settings/product-tags/list-product-tags";
import { ProductTagInput, UpdateProductTagInput } from "../domain/products-settings/product-tags/product-tag-schemas";
import { productTagList } from "../domain/products-settings/product-tags/product-tag-shared";
import { updateProductTag } from "../domain/products-settings/product-tags/update-product-tag";
import { EDIT_PRODUCTS, VIEW_PRODUCTS } from "../domain/products-settings/shared";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { ProductTag } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

const VIEW = VIEW_PRODUCTS;
const EDIT = EDIT_PRODUCTS;
const tag = "Products settings";

export const productTagOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/product-tags",
    tag,
    summary: "Tags of products and services (list query: label__Contains; sort label, created)",
    auth: true,
    permissions: VIEW,
    list: productTagList,
    result: page(ProductTag),
    responses: { 200: "One page of product-tags", 422: "Invalid list parameters", ...errors },
  },
  {
    method: "post",
    path: "/product-tags",
    tag,
    summary: "Create a product tag",
    auth: true,
    permissions: EDIT,
    body: ProductTagInput,
    result: ProductTag,
    responses: { 201: "Created", 409: "tag_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/product-tags/{id}",
    tag,
    summary: "One product tag",
    auth: true,
    permissions: VIEW,
    result: ProductTag,
    responses: { 200: "The product tag", ...errors },
  },
  {
    method: "patch",
    path: "/product-tags/{id}",
    tag,
    summary: "Rename a product tag",
    auth: true,
    permissions: EDIT,
    body: UpdateProductTagInput,
    result: ProductTag,
    responses: { 200: "Updated", 409: "tag_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/product-tags/{id}",
    tag,
    summary: "Delete a tag (products and services carrying it lose it)",
    auth: true,
    permissions: EDIT,
    responses: { 204: "Deleted", ...errors },
  },
];

/** /api/v1/product-tags */
export const productTags = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await listProductTags(ctx, new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await createProductTag(ctx, await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await getProductTag(ctx, { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await updateProductTag(ctx, await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    await deleteProductTag(ctx, { id: c.req.param("id") });
    return c.body(null, 204);
  });
