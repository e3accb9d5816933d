import { Hono } from "hono";
import { CreateAttributeInput, UpdateAttributeInput } from "../domain/products-settings/attributes/attribute-schemas";
import { attributeList } from "../domain/products-settings/attributes/attribute-shared";
import { createAttribute } from "../domain/products-settings/attributes/create-attribute";
import { deleteAttribute } from "../domain/products-settings/attributes/delete-attribute";
import { getAttribute } from "../domain/products-settings/attributes/get-attribute";
import { listAttributes } from "../domain/products-settings/attributes/list-attributes";
import { updateAttribute } from "../domain/products-settings/attributes/update-attribute";
import { EDIT_PRODUCTS, VIEW_PRODUCTS } from "../domain/products-settings/shared";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { Attribute } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

const VIEW = VIEW_PRODUCTS;
const EDIT = EDIT_PRODUCTS;
const tag = "Products settings";

export const attributeOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/attributes",
    tag,
    summary: "Variant attributes with their options (list query: label__Contains; sort label, created)",
    auth: true,
    permissions: VIEW,
    list: attributeList,
    result: page(Attribute),
    responses: { 200: "One page of attributes", 422: "Invalid list parameters", ...errors },
  },
  {
    method: "post",
    path: "/attributes",
    tag,
    summary: "Create an attribute with its options, in order",
    auth: true,
    permissions: EDIT,
    body: CreateAttributeInput,
    result: Attribute,
    responses: {
      201: "Created",
      409: "attribute_label_taken",
      422: "Invalid input (options.N: required, too_long, duplicate_option)",
      ...errors,
    },
  },
  {
    method: "get",
    path: "/attributes/{id}",
    tag,
    summary: "One attribute with its options",
    auth: true,
    permissions: VIEW,
    result: Attribute,
    responses: { 200: "The attribute", ...errors },
  },
  {
    method: "patch",
    path: "/attributes/{id}",
    tag,
    summary: "Rename an attribute; `options` is the full new list in order (with id: kept, without: added, missing: removed)",
    auth: true,
    permissions: EDIT,
    body: UpdateAttributeInput,
    result: Attribute,
    responses: {
      200: "Updated",
      409: "attribute_label_taken, or in_use: a removed option is used by variants",
      422: "Invalid input",
      ...errors,
    },
  },
  {
    method: "delete",
    path: "/attributes/{id}",
    tag,
    summary: "Delete an attribute and its options",
    auth: true,
    permissions: EDIT,
    responses: { 204: "Deleted", 409: "in_use: a product or variant uses it", ...errors },
  },
];

/** /api/v1/attributes: variant attributes (size, colour…) and their options. */
export const attributes = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await listAttributes(ctx, new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await createAttribute(ctx, await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await getAttribute(ctx, { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await updateAttribute(ctx, await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    await deleteAttribute(ctx, { id: c.req.param("id") });
    return c.body(null, 204);
  });
