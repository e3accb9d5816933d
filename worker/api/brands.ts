import { Hono } from "hono";
import {
  brandList,
  createBrand,
  CreateBrandInput,
  deleteBrand,
  getBrand,
  listBrands,
  setBrandActive,
  updateBrand,
  UpdateBrandInput,
} from "../domain/products-settings/brands";
import { requireActor } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { Brand } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

const VIEW = { allOf: ["view_products"] } as const;
const EDIT = { allOf: ["edit_products"] } as const;
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
    const db = await c.get("ctx").tenant();
    return c.json(await listBrands(db, new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await createBrand(db, await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await getBrand(db, c.req.param("id")));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await updateBrand(db, c.req.param("id"), await jsonBody(c)));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    await deleteBrand(db, c.req.param("id"));
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await setBrandActive(db, c.req.param("id"), true));
  })
  .post("/:id/disable", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await setBrandActive(db, c.req.param("id"), false));
  });
