import { Hono } from "hono";
import { SETTINGS } from "../domain/settings/common";
import { getTaxSettings, TaxSettingsInput, updateTaxSettings } from "../domain/settings/tax-settings";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { TaxSettings } from "./schemas/settings";
import type { ApiEnv } from "./types";

export const taxSettingsOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/tax-settings",
    tag: "Settings",
    summary: "The company's tax model, tax type and tax priority",
    auth: true,
    result: TaxSettings,
    responses: { 200: "The tax settings", 401: errors[401], 403: errors[403] },
  },
  {
    method: "patch",
    path: "/tax-settings",
    tag: "Settings",
    summary: "Change the tax model (us, global), type (tax_exclusive, tax_inclusive) or priority (product, document)",
    auth: true,
    permissions: SETTINGS,
    body: TaxSettingsInput,
    result: TaxSettings,
    responses: { 200: "Updated", 422: "Invalid input", ...errors },
  },
];

/** /api/v1/tax-settings: read by any signed-in user, changed with settings. */
export const taxSettings = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json(await getTaxSettings(await verbCtx(c))))
  .patch("/", requireActor(SETTINGS), async (c) => c.json(await updateTaxSettings(await verbCtx(c), await jsonBody(c))));
