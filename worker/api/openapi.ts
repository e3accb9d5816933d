import { Hono } from "hono";
import { z } from "zod";
import { switchCompanyInput } from "../domain/companies/switch-company";
import { ApiTokenInput } from "../domain/identity/api-tokens";
import { InviteUserInput, UpdateUserInput } from "../domain/users/users";
import { customerOperations } from "./customers";
import { supplierOperations } from "./suppliers";
import { employeeOperations } from "./employees";
import { customerTagOperations } from "./customer-tags";
import { supplierTagOperations } from "./supplier-tags";
import { stockLevelOperations } from "./stock-levels";
import { stockEntryOperations } from "./stock-entries";
import { stockRemovalOperations } from "./stock-removals";
import { stockMovementOperations } from "./stock-movements";
import { inventoryLogOperations } from "./inventory-logs";
import { inventoryBulkUpdateOperations } from "./inventory-bulk-updates";
import { batchOperations } from "./batches";
import { invitationOperations } from "./invitations";
import { errors, type ApiOperation } from "./operation";
import type { ApiEnv } from "./types";
import { attributeOperations } from "./attributes";
import { brandOperations } from "./brands";
import { currencyOperations } from "./currencies";
import { locationOperations } from "./locations";
import { priceLevelOperations } from "./price-levels";
import { productOperations } from "./products";
import { productTagOperations } from "./product-tags";
import { savedViewOperations } from "./saved-views";
import { seasonOperations } from "./seasons";
import { serviceOperations } from "./services";
import { taxOperations } from "./taxes";
import { taxSettingsOperations } from "./tax-settings";
import { companySettingsOperations } from "./company-settings";

import { apiFlags } from "../domain/identity/module-flags";
import type { PermissionCheck } from "../domain/identity/permissions";

export type { ApiOperation };

/** Every route of /api/v1. A test fails when the router and this list disagree. */
export const API_OPERATIONS: ApiOperation[] = [
  {
    method: "get",
    path: "/health",
    tag: "Platform",
    summary: "Whether the service and its database answer",
    auth: false,
    responses: { 200: "Up", 503: "Degraded" },
  },
  {
    method: "get",
    path: "/openapi.json",
    tag: "Platform",
    summary: "This document",
    auth: false,
    responses: { 200: "OpenAPI 3.1 document" },
  },
  {
    method: "get",
    path: "/docs",
    tag: "Platform",
    summary: "This document as a readable page",
    auth: false,
    responses: { 200: "HTML page" },
  },
  {
    method: "get",
    path: "/me",
    tag: "Identity",
    summary: "The caller: user or API token, company, permissions",
    auth: true,
    responses: { 200: "The caller", 401: errors[401] },
  },
  {
    method: "get",
    path: "/companies",
    tag: "Identity",
    summary: "Companies the caller may work in",
    auth: true,
    responses: { 200: "List", 401: errors[401] },
  },
  {
    method: "post",
    path: "/companies/switch",
    tag: "Identity",
    summary: "Move the signed-in session to another of the user's companies",
    auth: true,
    body: switchCompanyInput,
    responses: {
      200: "Switched (or skipped)",
      401: errors[401],
      403: "API tokens cannot switch",
      404: "Not one of the user's companies",
      422: "Invalid input",
    },
  },
  {
    method: "get",
    path: "/users",
    tag: "Users",
    summary: "Users of the company (B2B users excluded), and the people invited who have not accepted yet (member: false)",
    auth: true,
    permissions: { allOf: ["settings"] },
    responses: { 200: "List", ...errors },
  },
  {
    method: "post",
    path: "/users",
    tag: "Users",
    summary:
      "Invite a user: a new person gets an email with a link to choose a password; someone who already has an account gets an invitation, and is a member only once they accept it",
    auth: true,
    permissions: { allOf: ["settings"] },
    body: InviteUserInput,
    responses: {
      201: "Invited",
      409: "Already a member, or already invited",
      422: "Invalid input",
      502: "The invitation email could not be sent (nothing kept)",
      ...errors,
    },
  },
  {
    method: "get",
    path: "/users/{id}",
    tag: "Users",
    summary: "One user",
    auth: true,
    permissions: { allOf: ["settings"] },
    selfAllowed: true,
    responses: { 200: "The user", ...errors },
  },
  {
    method: "patch",
    path: "/users/{id}",
    tag: "Users",
    summary:
      "Update a user. Personal fields (first_name, last_name, email, phone, language, timezone) only on one's own account, without the settings permission; access fields (active, type, permissions, pos_permissions, prevent_negative_inventory) only on someone else's, with it",
    auth: true,
    permissions: { allOf: ["settings"] },
    selfAllowed: true,
    body: UpdateUserInput,
    responses: {
      200: "Updated",
      ...errors,
      403: "A permission is missing, the company is frozen, or personal fields were sent for someone else (profile_not_editable)",
      409: "Email already used",
      422: "Invalid input, or one's own access sent",
    },
  },
  {
    method: "post",
    path: "/users/{id}/invitation",
    tag: "Users",
    summary: "Send a pending invitation again (an existing account's invitation then expires later)",
    auth: true,
    permissions: { allOf: ["settings"] },
    responses: { 202: "Sent", 409: "The user has already chosen a password", 502: "The email could not be sent", ...errors },
  },
  {
    method: "get",
    path: "/api-tokens",
    tag: "API tokens",
    summary: "The company's API tokens (never their values)",
    auth: true,
    permissions: { allOf: ["settings"] },
    responses: { 200: "List", ...errors },
  },
  {
    method: "post",
    path: "/api-tokens",
    tag: "API tokens",
    summary: "Create a token; its value is shown once (signed-in users only)",
    auth: true,
    permissions: { allOf: ["settings"] },
    body: ApiTokenInput,
    responses: { 201: "Created, with the token", 422: "Invalid input", ...errors },
  },
  {
    method: "delete",
    path: "/api-tokens/{id}",
    tag: "API tokens",
    summary: "Revoke a token",
    auth: true,
    permissions: { allOf: ["settings"] },
    responses: { 204: "Revoked", ...errors },
  },
  {
    method: "post",
    path: "/password-reset",
    tag: "Identity",
    summary: "Email a password reset link (same answer whether or not the email exists)",
    auth: false,
    responses: {
      202: "Accepted (the email, if any, is sent afterwards)",
      422: "Email missing",
      429: "Too many requests for this email or from this address; Retry-After says when to retry",
    },
  },
  {
    method: "post",
    path: "/password-reset/confirm",
    tag: "Identity",
    summary: "Set a new password with a reset or invitation link",
    auth: false,
    responses: { 200: "Password changed", 400: "Link invalid or expired", 422: "Password rules not met" },
  },
  // Each resource router documents its own operations beside its routes.
  ...locationOperations,
  ...priceLevelOperations,
  ...currencyOperations,
  ...taxOperations,
  ...taxSettingsOperations,
  ...companySettingsOperations,
  ...attributeOperations,
  ...brandOperations,
  ...productTagOperations,
  ...seasonOperations,
  ...productOperations,
  ...serviceOperations,
  ...savedViewOperations,
  ...customerOperations,
  ...supplierOperations,
  ...employeeOperations,
  ...customerTagOperations,
  ...supplierTagOperations,
  ...stockLevelOperations,
  ...stockEntryOperations,
  ...stockRemovalOperations,
  ...stockMovementOperations,
  ...inventoryLogOperations,
  ...inventoryBulkUpdateOperations,
  ...batchOperations,
  ...invitationOperations,
];

function openApiPath(path: string) {
  return path.replace(/\{(\w+)\}/g, "{$1}");
}

/** The OpenAPI 3.1 document of /api/v1 and /oauth2/token. */
export function openApiDocument(origin: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    const parameters = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    (paths[`/api/v1${openApiPath(op.path)}`] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.auth ? {} : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: z.toJSONSchema(op.body, { io: "input" }) } } } }
        : {}),
      ...(op.permissions ? { "x-permissions": op.permissions, ...(op.selfAllowed ? { "x-self-allowed": true } : {}) } : {}),
      ...(apiFlags(op.method, op.path).length ? { "x-module-flags": apiFlags(op.method, op.path) } : {}),
      responses: Object.fromEntries(Object.entries(op.responses).map(([code, description]) => [code, { description }])),
    };
  }
  paths["/oauth2/token"] = {
    post: {
      tags: ["Identity"],
      summary: "Get tokens: grant_type password (username, password) or refresh_token (refresh_token); client_id and client_secret",
      security: [],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["grant_type"],
              properties: {
                grant_type: { enum: ["password", "refresh_token"] },
                username: { type: "string" },
                password: { type: "string" },
                refresh_token: { type: "string" },
                client_id: { type: "string" },
                client_secret: { type: "string" },
              },
            },
          },
          "application/x-www-form-urlencoded": { schema: { type: "object" } },
        },
      },
      responses: {
        200: { description: "access_token, refresh_token, token_type (Bearer), expires_in (3600 s)" },
        400: { description: "invalid_request or invalid_grant" },
        401: { description: "invalid_client" },
        429: { description: "Too many failed sign-ins; Retry-After says when to retry" },
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Comptoir API",
      version: "1",
      description:
        "Errors are `{ error: { code, message, params?, fields? } }` with the message in the caller's language (Accept-Language) and the values it names in params. " +
        "Authenticate with `Authorization: Bearer <token>`: an API token (settings page) or an OAuth access token. During maintenance every call answers 503 with the message in the `x-maintenance-message` header.",
    },
    servers: [{ url: origin }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    security: [{ bearer: [] }],
    paths,
  };
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** A readable page of the same document, rendered on the server with no outside script. */
function docsPage(doc: ReturnType<typeof openApiDocument>): string {
  const rows = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const o = op as {
        summary: string;
        tags: string[];
        security?: unknown[];
        "x-permissions"?: PermissionCheck;
        responses: Record<string, { description: string }>;
      };
      const perms = o["x-permissions"]?.allOf?.join(", ") ?? "";
      const auth = o.security ? "none" : "bearer";
      const responses = Object.entries(o.responses)
        .map(([code, r]) => `<li><code>${code}</code> ${escape(r.description)}</li>`)
        .join("");
      return `<tr><td>${escape(o.tags[0] ?? "")}</td><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(o.summary)}</td><td>${auth}</td><td>${escape(perms)}</td><td><ul>${responses}</ul></td></tr>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(doc.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#1d2430}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde2ea;padding:.5rem;text-align:left;vertical-align:top}code{background:#f1f3f7;padding:0 .25rem;border-radius:3px}ul{margin:0;padding-left:1rem}</style></head>
<body><h1>${escape(doc.info.title)}</h1><p>${escape(doc.info.description)}</p><p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a></p>
<table><thead><tr><th>Area</th><th>Method</th><th>Path</th><th>What it does</th><th>Auth</th><th>Permissions</th><th>Answers</th></tr></thead><tbody>${rows.join("")}</tbody></table></body></html>`;
}

export const openApi = new Hono<ApiEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument(new URL(c.req.url).origin)))
  .get("/docs", (c) => c.html(docsPage(openApiDocument(new URL(c.req.url).origin))));
