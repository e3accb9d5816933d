import { Hono } from "hono";
import {
  ContactTagInput,
  createSupplierTag,
  deleteSupplierTag,
  getSupplierTag,
  listSupplierTags,
  supplierTagListRegistry,
  UpdateContactTagInput,
  updateSupplierTag,
} from "../domain/contacts/contact-tags";
import { EDIT_SUPPLIERS as EDIT, VIEW_SUPPLIERS as VIEW } from "../domain/contacts/contact-permissions";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { ContactTag } from "./schemas/contacts";
import type { ApiEnv } from "./types";

const tag = "Contacts settings";

export const supplierTagOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/supplier-tags",
    tag,
    summary: "Supplier tags with how many suppliers carry each (list query: label; sort label, created; search)",
    auth: true,
    permissions: VIEW,
    list: supplierTagListRegistry,
    result: page(ContactTag),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/supplier-tags",
    tag,
    summary: "Create a supplier tag",
    auth: true,
    permissions: EDIT,
    body: ContactTagInput,
    result: ContactTag,
    responses: { 201: "Created", 409: "tag_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/supplier-tags/{id}",
    tag,
    summary: "One supplier tag",
    auth: true,
    permissions: VIEW,
    result: ContactTag,
    responses: { 200: "The tag", ...errors },
  },
  {
    method: "patch",
    path: "/supplier-tags/{id}",
    tag,
    summary: "Rename a supplier tag",
    auth: true,
    permissions: EDIT,
    body: UpdateContactTagInput,
    result: ContactTag,
    responses: { 200: "Updated", 409: "tag_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/supplier-tags/{id}",
    tag,
    summary: "Delete a supplier tag (the suppliers carrying it lose it)",
    auth: true,
    permissions: EDIT,
    responses: { 204: "Deleted", ...errors },
  },
];

/** /api/v1/supplier-tags */
export const supplierTags = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listSupplierTags(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await createSupplierTag(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    return c.json(await getSupplierTag(await verbCtx(c), { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    // The id comes from the path, last: a body cannot name another record.
    return c.json(await updateSupplierTag(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deleteSupplierTag(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  });
