import { Hono } from "hono";
import { SETTINGS } from "../domain/settings/common";
import { createPaymentMethod } from "../domain/settings/payment-methods/create-payment-method";
import { deletePaymentMethod } from "../domain/settings/payment-methods/delete-payment-method";
import { getPaymentMethod } from "../domain/settings/payment-methods/get-payment-method";
import { listPaymentMethodsPage } from "../domain/settings/payment-methods/list-payment-methods";
import { PaymentMethodInput, UpdatePaymentMethodInput } from "../domain/settings/payment-methods/payment-method-schemas";
import { paymentMethodList } from "../domain/settings/payment-methods/payment-method-shared";
import { disablePaymentMethod, enablePaymentMethod } from "../domain/settings/payment-methods/set-payment-method-active";
import { updatePaymentMethod } from "../domain/settings/payment-methods/update-payment-method";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { PaymentMethod } from "./schemas/settings";
import type { ApiEnv } from "./types";

// Payment methods are company settings: changed with the settings permission, read by anyone signed in.
const EDIT = SETTINGS;
const TAG = "Settings";
const write = { 409: "Label taken, case and accents aside (payment_method_label_taken)", 422: "Invalid input", ...errors };

export const paymentMethodOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/payment-methods",
    tag: TAG,
    auth: true,
    summary: "The ways the company is paid (list parameters: filters label, pos, active; sort; search)",
    list: paymentMethodList,
    result: page(PaymentMethod),
    responses: { 200: "One page of the list", 401: errors[401], 422: "Invalid list parameters" },
  },
  {
    method: "post",
    path: "/payment-methods",
    tag: TAG,
    summary: "Add a payment method",
    auth: true,
    permissions: EDIT,
    body: PaymentMethodInput,
    result: PaymentMethod,
    responses: { 201: "Created", ...write },
  },
  {
    method: "get",
    path: "/payment-methods/{id}",
    tag: TAG,
    summary: "One payment method",
    auth: true,
    result: PaymentMethod,
    responses: { 200: "The payment method", 401: errors[401], 403: errors[403] },
  },
  {
    method: "patch",
    path: "/payment-methods/{id}",
    tag: TAG,
    summary: "Change a payment method",
    auth: true,
    permissions: EDIT,
    body: UpdatePaymentMethodInput,
    result: PaymentMethod,
    responses: { 200: "Updated", ...write },
  },
  {
    method: "delete",
    path: "/payment-methods/{id}",
    tag: TAG,
    summary: "Delete a payment method no payment names (deactivate one that is used)",
    auth: true,
    permissions: EDIT,
    responses: { 204: "Deleted", 409: "A payment names it (in_use)", ...errors },
  },
  {
    method: "post",
    path: "/payment-methods/{id}/enable",
    tag: TAG,
    summary: "Activate a payment method",
    auth: true,
    permissions: EDIT,
    result: PaymentMethod,
    responses: { 200: "Active", ...errors },
  },
  {
    method: "post",
    path: "/payment-methods/{id}/disable",
    tag: TAG,
    summary: "Deactivate a payment method (payment forms stop offering it)",
    auth: true,
    permissions: EDIT,
    result: PaymentMethod,
    responses: { 200: "Inactive", ...errors },
  },
];

/** /api/v1/payment-methods: anyone signed in reads them; changes need settings. */
export const paymentMethods = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json(await listPaymentMethodsPage(await verbCtx(c), new URL(c.req.url).searchParams)))
  .post("/", requireActor(EDIT), async (c) => c.json(await createPaymentMethod(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(), async (c) => c.json(await getPaymentMethod(await verbCtx(c), { id: c.req.param("id") })))
  // The id comes from the path, last: a body cannot name another method.
  .patch("/:id", requireActor(EDIT), async (c) =>
    c.json(await updatePaymentMethod(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") }))),
  )
  .delete("/:id", requireActor(EDIT), async (c) => {
    await deletePaymentMethod(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(EDIT), async (c) => c.json(await enablePaymentMethod(await verbCtx(c), { id: c.req.param("id") })))
  .post("/:id/disable", requireActor(EDIT), async (c) => c.json(await disablePaymentMethod(await verbCtx(c), { id: c.req.param("id") })));
