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
import { requireActor } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { ContactTag } from "./schemas/contacts";
import type { ApiEnv } from "./types";

const VIEW = { allOf: ["view_suppliers"] } as const;
const EDIT = { allOf: ["edit_suppliers"] } as const;
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
    const db = await c.get("ctx").tenant();
    return c.json(await listSupplierTags(db, new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await createSupplierTag(db, await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await getSupplierTag(db, c.req.param("id")));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await updateSupplierTag(db, c.req.param("id"), await jsonBody(c)));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    const db = await c.get("ctx").tenant();
    await deleteSupplierTag(db, c.req.param("id"));
    return c.body(null, 204);
  });
