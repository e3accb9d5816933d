import { acknowledgementsOf, DELETE_ASKS } from "../domain/shared/acknowledgements";
import { Hono } from "hono";
import { createService } from "../domain/services/create-service";
import { deleteService } from "../domain/services/delete-service";
import { getService } from "../domain/services/get-service";
import { listServices } from "../domain/services/list-services";
import { EDIT_SERVICES as EDIT, VIEW_SERVICES as VIEW } from "../domain/services/service-permissions";
import { serviceListRegistry } from "../domain/services/service-queries";
import { CreateServiceInput, UpdateServiceInput } from "../domain/services/service-schemas";
import { setServiceActive } from "../domain/services/set-service-active";
import { updateService } from "../domain/services/update-service";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { acknowledgeQuery, errors, type ApiOperation } from "./operation";
import { Service } from "./schemas/catalogue";
import { page } from "./schemas/common";
import type { ApiEnv } from "./types";

export const serviceOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/services",
    tag: "Services",
    summary:
      "Services: filters reference, label, price, active, deposit, tax_charged, tax_id, tag_id; sort label (default), reference, price, created; search",
    auth: true,
    permissions: VIEW,
    list: serviceListRegistry,
    result: page(Service),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/services",
    tag: "Services",
    summary: "Create a service",
    auth: true,
    permissions: EDIT,
    body: CreateServiceInput,
    result: Service,
    responses: { 201: "Created", 409: "Reference already used", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/services/{id}",
    tag: "Services",
    summary: "One service",
    auth: true,
    permissions: VIEW,
    result: Service,
    responses: { 200: "The service", ...errors },
  },
  {
    method: "patch",
    path: "/services/{id}",
    tag: "Services",
    summary: "Update a service (tag_ids replaces its tags)",
    auth: true,
    permissions: EDIT,
    body: UpdateServiceInput,
    result: Service,
    responses: { 200: "Updated", 409: "Reference already used", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/services/{id}",
    tag: "Services",
    summary: "Delete a service",
    auth: true,
    permissions: EDIT,
    query: acknowledgeQuery(DELETE_ASKS.service),
    responses: { 204: "Deleted", ...errors },
  },
  {
    method: "post",
    path: "/services/{id}/enable",
    tag: "Services",
    summary: "Make a service active",
    auth: true,
    permissions: EDIT,
    result: Service,
    responses: { 200: "The service", ...errors },
  },
  {
    method: "post",
    path: "/services/{id}/disable",
    tag: "Services",
    summary: "Make a service inactive",
    auth: true,
    permissions: EDIT,
    result: Service,
    responses: { 200: "The service", ...errors },
  },
];

/** /api/v1/services: services sold beside products (domain spec §3 "Service"). */
export const services = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listServices(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await createService(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    return c.json(await getService(await verbCtx(c), { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    // The id comes from the path, last: a body cannot name another record.
    return c.json(await updateService(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deleteService(await verbCtx(c), { id: c.req.param("id"), acknowledged: acknowledgementsOf(c.req.queries("acknowledge") ?? []) });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => {
    return c.json(await setServiceActive(await verbCtx(c), { id: c.req.param("id"), active: true }));
  })
  .post("/:id/disable", requireActor(EDIT), async (c) => {
    return c.json(await setServiceActive(await verbCtx(c), { id: c.req.param("id"), active: false }));
  });
