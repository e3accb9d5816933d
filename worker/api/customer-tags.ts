import { Hono } from "hono";
import {
  ContactTagInput,
  createCustomerTag,
  customerTagListRegistry,
  deleteCustomerTag,
  getCustomerTag,
  listCustomerTags,
  UpdateContactTagInput,
  updateCustomerTag,
} from "../domain/contacts/contact-tags";
import { EDIT_CUSTOMERS as EDIT, VIEW_CUSTOMERS as VIEW } from "../domain/contacts/contact-permissions";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { ContactTag } from "./schemas/contacts";
import type { ApiEnv } from "./types";

const tag = "Contacts settings";

export const customerTagOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/customer-tags",
    tag,
    summary: "Customer tags with how many customers carry each (list query: label; sort label, created; search)",
    auth: true,
    permissions: VIEW,
    list: customerTagListRegistry,
    result: page(ContactTag),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/customer-tags",
    tag,
    summary: "Create a customer tag",
    auth: true,
    permissions: EDIT,
    body: ContactTagInput,
    result: ContactTag,
    responses: { 201: "Created", 409: "tag_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/customer-tags/{id}",
    tag,
    summary: "One customer tag",
    auth: true,
    permissions: VIEW,
    result: ContactTag,
    responses: { 200: "The tag", ...errors },
  },
  {
    method: "patch",
    path: "/customer-tags/{id}",
    tag,
    summary: "Rename a customer tag",
    auth: true,
    permissions: EDIT,
    body: UpdateContactTagInput,
    result: ContactTag,
    responses: { 200: "Updated", 409: "tag_label_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/customer-tags/{id}",
    tag,
    summary: "Delete a customer tag (the customers carrying it lose it)",
    auth: true,
    permissions: EDIT,
    responses: { 204: "Deleted", ...errors },
  },
];

/** /api/v1/customer-tags */
export const customerTags = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listCustomerTags(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await createCustomerTag(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    return c.json(await getCustomerTag(await verbCtx(c), { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    // The id comes from the path, last: a body cannot name another record.
    return c.json(await updateCustomerTag(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deleteCustomerTag(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  });
