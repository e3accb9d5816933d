import { acknowledgementsOf, DELETE_ASKS } from "../domain/shared/acknowledgements";
import { Hono } from "hono";
import { EDIT_SUPPLIERS as EDIT, VIEW_SUPPLIERS as VIEW } from "../domain/contacts/contact-permissions";
import { createSupplier } from "../domain/contacts/create-supplier";
import { deleteSupplier } from "../domain/contacts/delete-supplier";
import { getSupplier } from "../domain/contacts/get-supplier";
import { listSuppliers } from "../domain/contacts/list-suppliers";
import { setSupplierActive } from "../domain/contacts/set-supplier-active";
import { supplierListRegistry } from "../domain/contacts/supplier-queries";
import { CreateSupplierInput, UpdateSupplierInput } from "../domain/contacts/supplier-schemas";
import { updateSupplier } from "../domain/contacts/update-supplier";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { acknowledgeQuery, errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { Supplier } from "./schemas/contacts";
import type { ApiEnv } from "./types";

const tag = "Suppliers";

export const supplierOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/suppliers",
    tag,
    summary:
      "Suppliers: filters name, email, active, country, city, default_currency_id, default_price_level_id, default_lead_time_days, tag_id, created; sort name (default), city, default_lead_time_days, created; search on name or email",
    auth: true,
    permissions: VIEW,
    list: supplierListRegistry,
    result: page(Supplier),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/suppliers",
    tag,
    summary: "Create a supplier",
    auth: true,
    permissions: EDIT,
    body: CreateSupplierInput,
    result: Supplier,
    responses: { 201: "Created", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/suppliers/{id}",
    tag,
    summary: "One supplier",
    auth: true,
    permissions: VIEW,
    result: Supplier,
    responses: { 200: "The supplier", ...errors },
  },
  {
    method: "patch",
    path: "/suppliers/{id}",
    tag,
    summary: "Update a supplier (tag_ids replaces its tags)",
    auth: true,
    permissions: EDIT,
    body: UpdateSupplierInput,
    result: Supplier,
    responses: { 200: "Updated", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/suppliers/{id}",
    tag,
    summary: "Delete a supplier (in_use while a variant names it)",
    auth: true,
    permissions: EDIT,
    query: acknowledgeQuery(DELETE_ASKS.supplier),
    responses: { 204: "Deleted", 409: "in_use", ...errors },
  },
  {
    method: "post",
    path: "/suppliers/{id}/enable",
    tag,
    summary: "Make a supplier active",
    auth: true,
    permissions: EDIT,
    result: Supplier,
    responses: { 200: "The supplier", ...errors },
  },
  {
    method: "post",
    path: "/suppliers/{id}/disable",
    tag,
    summary: "Make a supplier inactive",
    auth: true,
    permissions: EDIT,
    result: Supplier,
    responses: { 200: "The supplier", ...errors },
  },
];

/** /api/v1/suppliers (domain spec §3 "Supplier and employee"). */
export const suppliers = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listSuppliers(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await createSupplier(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    return c.json(await getSupplier(await verbCtx(c), { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    // The id comes from the path, last: a body cannot name another record.
    return c.json(await updateSupplier(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deleteSupplier(await verbCtx(c), { id: c.req.param("id"), acknowledged: acknowledgementsOf(c.req.queries("acknowledge") ?? []) });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => {
    return c.json(await setSupplierActive(await verbCtx(c), { id: c.req.param("id"), active: true }));
  })
  .post("/:id/disable", requireActor(EDIT), async (c) => {
    return c.json(await setSupplierActive(await verbCtx(c), { id: c.req.param("id"), active: false }));
  });
