import { Hono } from "hono";
import { createCurrency } from "../domain/settings/currencies/create-currency";
import { CurrencyInput, UpdateCurrencyInput } from "../domain/settings/currencies/currency-schemas";
import { currencyList } from "../domain/settings/currencies/currency-shared";
import { deleteCurrency } from "../domain/settings/currencies/delete-currency";
import { getCurrency } from "../domain/settings/currencies/get-currency";
import { listCurrenciesPage } from "../domain/settings/currencies/list-currencies";
import { makeDefaultCurrency } from "../domain/settings/currencies/make-default-currency";
import { disableCurrency, enableCurrency } from "../domain/settings/currencies/set-currency-active";
import { updateCurrency } from "../domain/settings/currencies/update-currency";
import { SETTINGS } from "../domain/settings/common";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { Currency } from "./schemas/settings";
import type { ApiEnv } from "./types";

const TAG = "Settings";
const write = {
  409: "Code taken (currency_taken), the default currency (default_currency), or used by prices (in_use)",
  422: "Invalid input",
  ...errors,
};

export const currencyOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/currencies",
    tag: TAG,
    auth: true,
    summary:
      "The company's currencies; exchange rates per unit of the default one (list parameters: filters iso, label, active, is_default; sort; search)",
    list: currencyList,
    result: page(Currency),
    responses: { 200: "One page of the list", 401: errors[401], 422: "Invalid list parameters" },
  },
  {
    method: "post",
    path: "/currencies",
    tag: TAG,
    summary: "Add a currency (label and sign default to the code's usual ones)",
    auth: true,
    permissions: SETTINGS,
    body: CurrencyInput,
    result: Currency,
    responses: { 201: "Created", ...write },
  },
  {
    method: "get",
    path: "/currencies/{id}",
    tag: TAG,
    summary: "One currency",
    auth: true,
    result: Currency,
    responses: { 200: "The currency", 401: errors[401], 403: errors[403] },
  },
  {
    method: "patch",
    path: "/currencies/{id}",
    tag: TAG,
    summary: "Change a currency (the default one keeps rate 1)",
    auth: true,
    permissions: SETTINGS,
    body: UpdateCurrencyInput,
    result: Currency,
    responses: { 200: "Updated", ...write },
  },
  {
    method: "delete",
    path: "/currencies/{id}",
    tag: TAG,
    summary: "Delete a currency (not the default, not used by prices)",
    auth: true,
    permissions: SETTINGS,
    responses: { 204: "Deleted", ...write },
  },
  {
    method: "post",
    path: "/currencies/{id}/enable",
    tag: TAG,
    summary: "Activate a currency",
    auth: true,
    permissions: SETTINGS,
    result: Currency,
    responses: { 200: "Active", ...errors },
  },
  {
    method: "post",
    path: "/currencies/{id}/disable",
    tag: TAG,
    summary: "Deactivate a currency (not the default)",
    auth: true,
    permissions: SETTINGS,
    result: Currency,
    responses: { 200: "Inactive", ...write },
  },
  {
    method: "post",
    path: "/currencies/{id}/default",
    tag: TAG,
    auth: true,
    permissions: SETTINGS,
    summary: "Make it the default currency: rate 1, the other rates re-expressed against it",
    result: Currency,
    responses: { 200: "The new default", ...errors },
  },
];

/** /api/v1/currencies: any signed-in user reads them; changes need settings. */
export const currencies = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json(await listCurrenciesPage(await verbCtx(c), new URL(c.req.url).searchParams)))
  .post("/", requireActor(SETTINGS), async (c) => c.json(await createCurrency(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(), async (c) => c.json(await getCurrency(await verbCtx(c), { id: c.req.param("id") })))
  // The id comes from the path, last: a body cannot name another currency.
  .patch("/:id", requireActor(SETTINGS), async (c) =>
    c.json(await updateCurrency(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") }))),
  )
  .delete("/:id", requireActor(SETTINGS), async (c) => {
    await deleteCurrency(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  })
  .post("/:id/enable", requireActor(SETTINGS), async (c) => c.json(await enableCurrency(await verbCtx(c), { id: c.req.param("id") })))
  .post("/:id/disable", requireActor(SETTINGS), async (c) => c.json(await disableCurrency(await verbCtx(c), { id: c.req.param("id") })))
  .post("/:id/default", requireActor(SETTINGS), async (c) =>
    c.json(await makeDefaultCurrency(await verbCtx(c), { id: c.req.param("id") })),
  );
