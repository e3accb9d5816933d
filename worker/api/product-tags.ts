import { Hono } from "hono";
import {
  createProductTag,
  deleteProductTag,
  getProductTag,
  listProductTags,
  productTagList,
  updateProductTag,
  ProductTagInput,
  UpdateProductTagInput,
} from "../domain/products-settings/product-tags";
import { requireActor } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { ProductTag } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

const VIEW = { allOf: ["view_products"] } as const;
const EDIT = { allOf: ["edit_products"] } as const;
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
    const db = await c.get("ctx").tenant();
    return c.json(await listProductTags(db, new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await createProductTag(db, await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await getProductTag(db, c.req.param("id")));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await updateProductTag(db, c.req.param("id"), await jsonBody(c)));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    await deleteProductTag(db, c.req.param("id"));
    return c.body(null, 204);
  });
