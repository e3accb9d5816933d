import { Hono } from "hono";
import { switchCompanyInput } from "../domain/companies/switch-company";
import { PasswordResetRequest } from "../domain/identity/password-reset";
import { ApiTokenInput } from "../domain/identity/api-tokens";
import { InviteUserInput, UpdateUserInput } from "../domain/users/users-schemas";
import { customerOperations } from "./customers";
import { estimateOperations } from "./estimates";
import { salesOrderOperations } from "./sales-orders";
import { shippingOrderOperations } from "./shipping-orders";
import { invoiceOperations } from "./invoices";
import { returnOperations } from "./returns";
import { subscriptionOperations } from "./subscriptions";
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
import { assemblyTransformOperations } from "./assembly-transforms";
import { deliveryOperations, purchaseOrderOperations } from "./purchase-orders";
import { reorderOperations } from "./reorder";
import { priceUpdateOperations } from "./price-updates";
import { priceRuleOperations } from "./price-rules";
import { batchOperations } from "./batches";
import { invitationOperations } from "./invitations";
import { errors, type ApiOperation } from "./operation";
import type { ApiEnv } from "./types";
import { attributeOperations } from "./attributes";
import { brandOperations } from "./brands";
import { currencyOperations } from "./currencies";
import { locationOperations } from "./locations";
import { alertOperations } from "./alerts";
import { paymentMethodOperations } from "./payment-methods";
import { priceLevelOperations } from "./price-levels";
import { productOperations } from "./products";
import { productTagOperations } from "./product-tags";
import { savedViewOperations } from "./saved-views";
import { seasonOperations } from "./seasons";
import { serviceOperations } from "./services";
import { taxOperations } from "./taxes";
import { taxSettingsOperations } from "./tax-settings";
import { companySettingsOperations } from "./company-settings";
import { pdfSettingsOperations } from "./pdf-settings";
import { emailTemplateOperations } from "./email-templates";
import { smtpSettingsOperations } from "./smtp-settings";
import { accountOperations } from "./account";
import { DOCS_CSS, docsPage } from "./docs-page";
import { buildOpenApiDocument } from "./openapi-document";
import { ConfirmBody } from "./password-reset-body";
import {
  ApiTokenList,
  CompanyList,
  CompanySwitch,
  CreatedApiToken,
  Health,
  InvitationSent,
  InvitedUser,
  Me,
  OpenApiDocument,
  PasswordChanged,
  PasswordResetRequested,
  User,
  UserList,
} from "./schemas/identity";

export type { ApiOperation };

/** Every route of /api/v1. A test fails when the router and this list disagree. */
export const API_OPERATIONS: ApiOperation[] = [
  {
    method: "get",
    path: "/health",
    tag: "Platform",
    summary: "Whether the service and its database answer",
    auth: false,
    result: { 200: Health, 503: Health },
    responses: { 200: "Up", 503: "Degraded" },
  },
  {
    method: "get",
    path: "/openapi.json",
    tag: "Platform",
    summary: "This document",
    auth: false,
    result: OpenApiDocument,
    responses: { 200: "OpenAPI 3.1 document" },
  },
  {
    method: "get",
    path: "/docs",
    tag: "Platform",
    summary: "This document as a readable page",
    auth: false,
    media: "text/html",
    responses: { 200: "HTML page" },
  },
  {
    method: "get",
    path: "/docs.css",
    tag: "Platform",
    summary: "The readable page's stylesheet",
    auth: false,
    media: "text/css",
    responses: { 200: "CSS" },
  },
  {
    method: "get",
    path: "/me",
    tag: "Identity",
    summary: "The caller: user or API token, company, permissions",
    auth: true,
    result: Me,
    responses: { 200: "The caller", 401: errors[401] },
  },
  {
    method: "get",
    path: "/companies",
    tag: "Identity",
    summary: "Companies the caller may work in",
    auth: true,
    result: CompanyList,
    responses: { 200: "List", 401: errors[401] },
  },
  {
    method: "post",
    path: "/companies/switch",
    tag: "Identity",
    summary: "Move the signed-in session to another of the user's companies",
    auth: true,
    body: switchCompanyInput,
    result: CompanySwitch,
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
    result: UserList,
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
    result: InvitedUser,
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
    result: User,
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
    result: User,
    responses: {
      200: "Updated",
      ...errors,
      403: "A permission is missing, the company is frozen, personal fields were sent for someone else (profile_not_editable), or an API token changes its creator's access (api_token_creator_access)",
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
    result: InvitationSent,
    responses: { 202: "Sent", 409: "The user has already chosen a password", 502: "The email could not be sent", ...errors },
  },
  {
    method: "get",
    path: "/api-tokens",
    tag: "API tokens",
    summary: "The company's API tokens (never their values)",
    auth: true,
    permissions: { allOf: ["settings"] },
    result: ApiTokenList,
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
    result: CreatedApiToken,
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
    body: PasswordResetRequest,
    result: PasswordResetRequested,
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
    body: ConfirmBody,
    result: PasswordChanged,
    responses: { 200: "Password changed", 400: "Link invalid or expired, or the body is not JSON", 422: "Password rules not met" },
  },
  // Each resource router documents its own operations beside its routes.
  ...locationOperations,
  ...priceLevelOperations,
  ...currencyOperations,
  ...taxOperations,
  ...paymentMethodOperations,
  ...alertOperations,
  ...taxSettingsOperations,
  ...companySettingsOperations,
  ...pdfSettingsOperations,
  ...emailTemplateOperations,
  ...smtpSettingsOperations,
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
  ...assemblyTransformOperations,
  ...purchaseOrderOperations,
  ...deliveryOperations,
  ...reorderOperations,
  ...priceUpdateOperations,
  ...priceRuleOperations,
  ...batchOperations,
  ...estimateOperations,
  ...salesOrderOperations,
  ...shippingOrderOperations,
  ...invoiceOperations,
  ...returnOperations,
  ...subscriptionOperations,
  ...invitationOperations,
  ...accountOperations,
];

/** What each tag of the reference holds, in the order it shows them. */
export const API_TAGS: Record<string, string> = {
  Platform: "The service itself: its health and this reference.",
  Identity: "Who calls: the caller, its companies, password resets and OAuth tokens.",
  Account:
    "The company's own subscription to the product: its status (trial, subscribed, paused, suspended, cancelled), plan, billing cycle, card and invoices. Changing them is done in Account settings.",
  Users: "The company's staff users and their invitations.",
  "API tokens": "Tokens for external systems; a token's value is shown once, at creation.",
  Settings: "Locations, price levels, currencies, taxes and tax settings.",
  "Products settings": "Attributes, brands, product tags and seasons.",
  Products: "Products of every kind, their variants, packs, components, prices and image.",
  Services: "Services the company sells.",
  "Saved views": "Each user's saved filters, columns and sort of the lists.",
  Customers: "Customers with their addresses, terms and tags.",
  Suppliers: "Suppliers with their defaults and tags.",
  Employees: "Employees (contacts, not users).",
  "Contacts settings": "Customer tags and supplier tags.",
  "Stock levels": "What each location holds of each variant.",
  "Stock entries": "Stock added at a location, with an optional unit cost per line.",
  "Stock removals": "Stock taken out of a location.",
  "Stock movements": "Stock moved from one location to another.",
  "Inventory logs": "The stock ledger: one row per change of a stock level.",
  "Inventory bulk updates": "Stock counts: counted quantities set at a location.",
  "Assembly transforms": "Assemblies made from their components, or split back into them, at a location (module assemblies).",
  "Purchase orders":
    "Orders to suppliers, priced from the supplier's price level in its currency; their open units are the incoming stock until received, and they complete by themselves once everything is delivered.",
  Deliveries:
    "Goods received for a purchase order, all or part of what remains, into a location, with batches for batch-tracked products; the moving average cost follows the order's net prices.",
  Batches: "Batches (lots) of batch-tracked variants, with expiration dates.",
  Estimates: "Estimates: quotes priced from the catalogue for a customer, accepted, rejected or transformed into a sales order.",
  "Sales orders": "Sales orders: priced for a customer, reserving their units at their location until shipped, cancelled or completed.",
  "Shipping orders": "Shipments of sales orders: stock leaves the location when they are shipped.",
  Invoices:
    "Invoices of sales orders, shipping orders and estimates, or from scratch: drafts take their number when finalised, numbers have no gap and keep at most 18 characters.",
  "Product returns": "Goods sent back by customers, from an invoice or a sales order; received returns put their goods back in stock.",
  "Credit notes": "What the company owes a customer back, from an invoice or a return, applied to the customer's invoices.",
  Refunds: "Money paid back for a product return, with a discrepancy.",
  Subscriptions:
    "Subscriptions: lines priced for a customer, billed by an invoice every billing cycle (in months) from their first billing date, until their cycle limit or until cancelled.",
};

// Built once per isolate: the operations do not change while it runs.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;
let page: string | undefined;

/** The OpenAPI 3.1 document of /api/v1 and /oauth2/token; its server is relative without an origin. */
export function openApiDocument(origin?: string) {
  document ??= buildOpenApiDocument(API_OPERATIONS, API_TAGS);
  return origin ? { ...document, servers: [{ url: origin }] } : document;
}

export const openApi = new Hono<ApiEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument(new URL(c.req.url).origin)))
  .get("/docs", (c) => c.html((page ??= docsPage(openApiDocument()))))
  .get("/docs.css", (c) => c.body(DOCS_CSS, 200, { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=3600" }));
