import { Hono } from "hono";
import { CreateBrandInput, UpdateBrandInput } from "../domain/products-settings/brands/brand-schemas";
import { brandList } from "../domain/products-settings/brands/brand-shared";
import { createBrand } from "../domain/products-settings/brands/create-brand";
import { deleteBrand } from "../domain/products-settings/brands/delete-brand";
import { getBrand } from "../domain/products-settings/brands/get-brand";
import { listBrands } from "../domain/products-settings/brands/list-brands";
import { setBrandActive, updateBrand } from "../domain/products-settings/brands/update-brand";
import { EDIT_PRODUCTS, VIEW_PRODUCTS } from "../domain/products-settings/shared";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { Brand } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

const VIEW = VIEW_PRODUCTS;
const EDIT = EDIT_PRODUCTS;
const tag = "Products settings";

export const brandOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/brands",
    tag,
    summary: "Brands (list query: label__Contains, active; sort label, created)",
    auth: true,
    permissions: VIEW,
    list: brandList,
    result: page(Brand),
    responses: { 200: "One page of brands", 422: "Invalid list parameters", ...errors },
  },
  {
    method: "post",
    path: "/brands",
    tag,
    summary: "Create a brand",
    auth: true,
    permissions: EDIT,
    body: CreateBrandInput,
    result: Brand,
    responses: { 201: "Created", 409: "brand_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/brands/{id}",
    tag,
    summary: "One brand",
    auth: true,
    permissions: VIEW,
    result: Brand,
    responses: { 200: "The brand", ...errors },
  },
  {
    method: "patch",
    path: "/brands/{id}",
    tag,
    summary: "Rename a brand or turn it on or off",
    auth: true,
    permissions: EDIT,
    body: UpdateBrandInput,
    result: Brand,
    responses: { 200: "Updated", 409: "brand_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/brands/{id}",
    tag,
    summary: "Delete a brand no product uses",
    auth: true,
    permissions: EDIT,
    responses: { 204: "Deleted", 409: "in_use: products use it (disable it instead)", ...errors },
  },
  {
    method: "post",
    path: "/brands/{id}/enable",
    tag,
    summary: "Enable a brand",
    auth: true,
    permissions: EDIT,
    result: Brand,
    responses: { 200: "The brand, active", ...errors },
  },
  {
    method: "post",
    path: "/brands/{id}/disable",
    tag,
    summary: "Disable a brand",
    auth: true,
    permissions: EDIT,
    result: Brand,
    responses: { 200: "The brand, inactive", ...errors },
  },
];

/** /api/v1/brands */
export const brands = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await listBrands(ctx, new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await createBrand(ctx, await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await getBrand(ctx, { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await updateBrand(ctx, await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    await deleteBrand(ctx, { id: c.req.param("id") });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await setBrandActive(ctx, { id: c.req.param("id"), active: true }));
  })
  .post("/:id/disable", requireActor(EDIT), async (c) => {
    const ctx = await verbCtx(c);
    return c.json(await setBrandActive(ctx, { id: c.req.param("id"), active: false }));
  });
