import { acknowledgementsOf, DELETE_ASKS } from "../domain/shared/acknowledgements";
import { Hono } from "hono";
import { EDIT_EMPLOYEES as EDIT, VIEW_EMPLOYEES as VIEW } from "../domain/contacts/contact-permissions";
import { createEmployee } from "../domain/contacts/create-employee";
import { deleteEmployee } from "../domain/contacts/delete-employee";
import { employeeListRegistry } from "../domain/contacts/employee-queries";
import { CreateEmployeeInput, UpdateEmployeeInput } from "../domain/contacts/employee-schemas";
import { getEmployee } from "../domain/contacts/get-employee";
import { listEmployees } from "../domain/contacts/list-employees";
import { setEmployeeActive } from "../domain/contacts/set-employee-active";
import { updateEmployee } from "../domain/contacts/update-employee";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { acknowledgeQuery, errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { Employee } from "./schemas/contacts";
import type { ApiEnv } from "./types";

const tag = "Employees";

export const employeeOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/employees",
    tag,
    summary:
      "Employees: filters label, position, employer, email, active, country, city, created; sort label (default), position, employer, city, created; search on name or email",
    auth: true,
    permissions: VIEW,
    list: employeeListRegistry,
    result: page(Employee),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/employees",
    tag,
    summary: "Create an employee",
    auth: true,
    permissions: EDIT,
    body: CreateEmployeeInput,
    result: Employee,
    responses: { 201: "Created", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/employees/{id}",
    tag,
    summary: "One employee",
    auth: true,
    permissions: VIEW,
    result: Employee,
    responses: { 200: "The employee", ...errors },
  },
  {
    method: "patch",
    path: "/employees/{id}",
    tag,
    summary: "Update an employee",
    auth: true,
    permissions: EDIT,
    body: UpdateEmployeeInput,
    result: Employee,
    responses: { 200: "Updated", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/employees/{id}",
    tag,
    summary: "Delete an employee",
    auth: true,
    permissions: EDIT,
    query: acknowledgeQuery(DELETE_ASKS.employee),
    responses: { 204: "Deleted", ...errors },
  },
  {
    method: "post",
    path: "/employees/{id}/enable",
    tag,
    summary: "Make an employee active",
    auth: true,
    permissions: EDIT,
    result: Employee,
    responses: { 200: "The employee", ...errors },
  },
  {
    method: "post",
    path: "/employees/{id}/disable",
    tag,
    summary: "Make an employee inactive",
    auth: true,
    permissions: EDIT,
    result: Employee,
    responses: { 200: "The employee", ...errors },
  },
];

/** /api/v1/employees (domain spec §3 "Supplier and employee"). */
export const employees = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listEmployees(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await createEmployee(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    return c.json(await getEmployee(await verbCtx(c), { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    // The id comes from the path, last: a body cannot name another record.
    return c.json(await updateEmployee(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deleteEmployee(await verbCtx(c), { id: c.req.param("id"), acknowledged: acknowledgementsOf(c.req.queries("acknowledge") ?? []) });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => {
    return c.json(await setEmployeeActive(await verbCtx(c), { id: c.req.param("id"), active: true }));
  })
  .post("/:id/disable", requireActor(EDIT), async (c) => {
    return c.json(await setEmployeeActive(await verbCtx(c), { id: c.req.param("id"), active: false }));
  });
