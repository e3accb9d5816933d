import { Hono } from "hono";
import { SETTINGS } from "../domain/settings/common";
import { createTax } from "../domain/settings/taxes/create-tax";
import { deleteTax } from "../domain/settings/taxes/delete-tax";
import { getTax } from "../domain/settings/taxes/get-tax";
import { listTaxesPage } from "../domain/settings/taxes/list-taxes";
import { disableTax, enableTax } from "../domain/settings/taxes/set-tax-active";
import { TaxInput, UpdateTaxInput } from "../domain/settings/taxes/tax-schemas";
import { taxList } from "../domain/settings/taxes/tax-shared";
import { updateTax } from "../domain/settings/taxes/update-tax";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { Tax } from "./schemas/settings";
import type { ApiEnv } from "./types";

const TAG = "Settings";
const write = {
  409: "Label taken (tax_label_taken)",
  422: "Invalid input (a group needs two active simple taxes: invalid_tax_group)",
  ...errors,
};

export const taxOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/taxes",
    tag: TAG,
    auth: true,
    summary:
      "Taxes and tax groups; a group's rate is the sum of its taxes' (list parameters: filters label, abbreviation, kind, rate, active; sort; search)",
    list: taxList,
    result: page(Tax),
    responses: { 200: "One page of the list", 401: errors[401], 422: "Invalid list parameters" },
  },
  {
    method: "post",
    path: "/taxes",
    tag: TAG,
    summary: "Add a simple tax (rate) or a group (tax_ids)",
    auth: true,
    permissions: SETTINGS,
    body: TaxInput,
    result: Tax,
    responses: { 201: "Created", ...write },
  },
  {
    method: "get",
    path: "/taxes/{id}",
    tag: TAG,
    summary: "One tax or group",
    auth: true,
    result: Tax,
    responses: { 200: "The tax", 401: errors[401], 403: errors[403] },
  },
  {
    method: "patch",
    path: "/taxes/{id}",
    tag: TAG,
    summary: "Change a tax (its kind is fixed)",
    auth: true,
    permissions: SETTINGS,
    body: UpdateTaxInput,
    result: Tax,
    responses: { 200: "Updated", ...write },
  },
  {
    method: "delete",
    path: "/taxes/{id}",
    tag: TAG,
    summary: "Delete a tax unused by groups, variants and services",
    auth: true,
    permissions: SETTINGS,
    responses: { 204: "Deleted", 409: "Used (in_use)", ...errors },
  },
  {
    method: "post",
    path: "/taxes/{id}/enable",
    tag: TAG,
    summary: "Activate a tax",
    auth: true,
    permissions: SETTINGS,
    result: Tax,
    responses: { 200: "Active", ...errors },
  },
  {
    method: "post",
    path: "/taxes/{id}/disable",
    tag: TAG,
    summary: "Deactivate a tax",
    auth: true,
    permissions: SETTINGS,
    result: Tax,
    responses: { 200: "Inactive", ...errors },
  },
];

/** /api/v1/taxes: any signed-in user reads them; changes need settings. */
export const taxes = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json(await listTaxesPage(await verbCtx(c), new URL(c.req.url).searchParams)))
  .post("/", requireActor(SETTINGS), async (c) => c.json(await createTax(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(), async (c) => c.json(await getTax(await verbCtx(c), { id: c.req.param("id") })))
  // The id comes from the path, last: a body cannot name another tax.
  .patch("/:id", requireActor(SETTINGS), async (c) =>
    c.json(await updateTax(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") }))),
  )
  .delete("/:id", requireActor(SETTINGS), async (c) => {
    await deleteTax(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(SETTINGS), async (c) => c.json(await enableTax(await verbCtx(c), { id: c.req.param("id") })))
  .post("/:id/disable", requireActor(SETTINGS), async (c) => c.json(await disableTax(await verbCtx(c), { id: c.req.param("id") })));
