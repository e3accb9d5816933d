import { acknowledgementsOf, DELETE_ASKS } from "../domain/shared/acknowledgements";
import { Hono } from "hono";
import { EDIT_CUSTOMERS as EDIT, VIEW_CUSTOMERS as VIEW } from "../domain/contacts/contact-permissions";
import { createCustomer } from "../domain/contacts/create-customer";
import { customerListRegistry } from "../domain/contacts/customer-queries";
import { CreateCustomerInput, UpdateCustomerInput } from "../domain/contacts/customer-schemas";
import { deleteCustomer } from "../domain/contacts/delete-customer";
import { getCustomer } from "../domain/contacts/get-customer";
import { listCustomers } from "../domain/contacts/list-customers";
import { setCustomerActive } from "../domain/contacts/set-customer-active";
import { updateCustomer } from "../domain/contacts/update-customer";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { acknowledgeQuery, errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { Customer, CustomerBalance } from "./schemas/contacts";
import { customerBalanceOf } from "../domain/payments/customer-balance";
import type { ApiEnv } from "./types";

const tag = "Customers";

export const customerOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/customers",
    tag,
    summary:
      "Customers: filters number, label, active, status, b2b_access, price_level_id, currency_id, account_manager_id, tag_id, country, credit_limit, created; sort label (default), number, credit_limit, created; search on name, number or email",
    auth: true,
    permissions: VIEW,
    list: customerListRegistry,
    result: page(Customer),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/customers",
    tag,
    summary: "Create a customer with its addresses and tags (number: the next free one unless given)",
    auth: true,
    permissions: EDIT,
    body: CreateCustomerInput,
    result: Customer,
    responses: { 201: "Created", 409: "customer_number_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "get",
    path: "/customers/{id}",
    tag,
    summary: "One customer with its addresses and tags",
    auth: true,
    permissions: VIEW,
    result: Customer,
    responses: { 200: "The customer", ...errors },
  },
  {
    method: "get",
    path: "/customers/{id}/balance",
    tag,
    summary:
      "What the customer owes, in the company's currency: what their issued invoices leave to pay (and of it what is overdue), what their open sales orders have not invoiced yet, their balance (both: what the credit limit applies to) and the credit left. Needs view_invoices too.",
    auth: true,
    permissions: { allOf: ["view_customers", "view_invoices"] },
    result: CustomerBalance,
    responses: { 200: "The customer's balance", ...errors },
  },
  {
    method: "patch",
    path: "/customers/{id}",
    tag,
    summary: "Update a customer (addresses replaces the list, tag_ids the tags)",
    auth: true,
    permissions: EDIT,
    body: UpdateCustomerInput,
    result: Customer,
    responses: { 200: "Updated", 409: "customer_number_taken", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/customers/{id}",
    tag,
    summary: "Delete a customer with its addresses",
    auth: true,
    permissions: EDIT,
    query: acknowledgeQuery(DELETE_ASKS.customer),
    responses: { 204: "Deleted", ...errors },
  },
  {
    method: "post",
    path: "/customers/{id}/enable",
    tag,
    summary: "Make a customer active",
    auth: true,
    permissions: EDIT,
    result: Customer,
    responses: { 200: "The customer", ...errors },
  },
  {
    method: "post",
    path: "/customers/{id}/disable",
    tag,
    summary: "Make a customer inactive",
    auth: true,
    permissions: EDIT,
    result: Customer,
    responses: { 200: "The customer", ...errors },
  },
];

/** /api/v1/customers (domain spec §3 "Customer"). */
export const customers = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listCustomers(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await createCustomer(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id/balance", requireActor({ allOf: ["view_customers", "view_invoices"] }), async (c) =>
    c.json(await customerBalanceOf(await verbCtx(c), { id: c.req.param("id") })),
  )
  .get("/:id", requireActor(VIEW), async (c) => {
    return c.json(await getCustomer(await verbCtx(c), { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    // The id comes from the path, last: a body cannot name another record.
    return c.json(await updateCustomer(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") })));
  })
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deleteCustomer(await verbCtx(c), { id: c.req.param("id"), acknowledged: acknowledgementsOf(c.req.queries("acknowledge") ?? []) });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => {
    return c.json(await setCustomerActive(await verbCtx(c), { id: c.req.param("id"), active: true }));
  })
  .post("/:id/disable", requireActor(EDIT), async (c) => {
    return c.json(await setCustomerActive(await verbCtx(c), { id: c.req.param("id"), active: false }));
  });
