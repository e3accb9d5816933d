import { Hono } from "hono";
import { MAX_IMAGE_BYTES, imageTooLarge } from "../domain/products/product-image";
import { SETTINGS } from "../domain/settings/common";
import { UpdateCompanySettingsInput } from "../domain/settings/company-settings/company-settings-schemas";
import { getCompanySettings } from "../domain/settings/company-settings/get-company-settings";
import { readCompanyLogo } from "../domain/settings/company-settings/read-company-logo";
import { removeCompanyLogo } from "../domain/settings/company-settings/remove-company-logo";
import { setCompanyLogo } from "../domain/settings/company-settings/set-company-logo";
import { updateCompanySettings } from "../domain/settings/company-settings/update-company-settings";
import { DomainError } from "../domain/shared/domain-error";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { CompanySettings } from "./schemas/settings";
import type { ApiEnv } from "./types";

const TAG = "Settings";
const PATH = "/company-settings";

export const companySettingsOperations: ApiOperation[] = [
  {
    method: "get",
    path: PATH,
    tag: TAG,
    summary: "The company's settings: label, contact info, address, number format, default currency, languages, terms",
    auth: true,
    result: CompanySettings,
    responses: { 200: "The settings", 401: errors[401], 403: errors[403] },
  },
  {
    method: "patch",
    path: PATH,
    tag: TAG,
    summary: "Change the company's settings (the fields given)",
    auth: true,
    permissions: SETTINGS,
    body: UpdateCompanySettingsInput,
    result: CompanySettings,
    responses: { 200: "The settings", 422: "Invalid input", ...errors },
  },
  {
    method: "put",
    path: `${PATH}/logo`,
    tag: TAG,
    summary: "Set the company's logo: the body is the image itself (PNG, JPEG, GIF or WebP, at most 5 MB)",
    auth: true,
    permissions: SETTINGS,
    upload: ["image/png", "image/jpeg", "image/gif", "image/webp"],
    result: CompanySettings,
    responses: { 200: "The settings", 422: "Not an image, or too large (invalid_image, image_too_large)", ...errors },
  },
  {
    method: "get",
    path: `${PATH}/logo`,
    tag: TAG,
    summary: "The company's logo (404 when it has none)",
    auth: true,
    media: "image/*",
    responses: { 200: "The image, with its content type", 401: errors[401], 404: "The company has no logo" },
  },
  {
    method: "delete",
    path: `${PATH}/logo`,
    tag: TAG,
    summary: "Remove the company's logo",
    auth: true,
    permissions: SETTINGS,
    result: CompanySettings,
    responses: { 200: "The settings", ...errors },
  },
];

/** /api/v1/company-settings: read by any signed-in user, changed with settings. */
export const companySettings = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => c.json(await getCompanySettings(await verbCtx(c))))
  .patch("/", requireActor(SETTINGS), async (c) => c.json(await updateCompanySettings(await verbCtx(c), await jsonBody(c))))
  .put("/logo", requireActor(SETTINGS), async (c) => {
    // A body announced larger than the limit is refused before it is read.
    if (Number(c.req.header("content-length") ?? 0) > MAX_IMAGE_BYTES) throw imageTooLarge("logo");
    return c.json(await setCompanyLogo(await verbCtx(c), { bytes: await c.req.arrayBuffer() }));
  })
  .get("/logo", requireActor(), async (c) => {
    const logo = await readCompanyLogo(await verbCtx(c));
    if (!logo) throw new DomainError("not_found");
    return new Response(logo.body, { headers: { "content-type": logo.contentType, "cache-control": "private, max-age=300" } });
  })
  .delete("/logo", requireActor(SETTINGS), async (c) => c.json(await removeCompanyLogo(await verbCtx(c))));
