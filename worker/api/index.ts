import { Hono } from "hono";
import { translate } from "../../locales";
import { apiFlags } from "../domain/identity/module-flags";
import { hasPermissions } from "../domain/identity/permissions";
import { DomainError } from "../domain/shared/domain-error";
import { authenticate } from "./auth";
import { errorBody, toErrorResponse } from "./errors";
import { health } from "./health";
import { idempotency } from "./idempotency";
import { locations } from "./locations";
import { me } from "./me";
import { account } from "./account";
import { companies } from "./companies";
import { oauthToken } from "./oauth-token";
import { openApi } from "./openapi";
import { apiTokens } from "./api-tokens";
import { passwordReset } from "./password-reset";
import { users } from "./users";
import { invitations } from "./invitations";
import { alerts } from "./alerts";
import { paymentMethods } from "./payment-methods";
import { priceLevels } from "./price-levels";
import { currencies } from "./currencies";
import { taxes } from "./taxes";
import { taxSettings } from "./tax-settings";
import { companySettings } from "./company-settings";
import { pdfSettings } from "./pdf-settings";
import { emailTemplates } from "./email-templates";
import { smtpSettings } from "./smtp-settings";
import { attributes } from "./attributes";
import { brands } from "./brands";
import { productTags } from "./product-tags";
import { seasons } from "./seasons";
import { products } from "./products";
import { services } from "./services";
import { savedViews } from "./saved-views";
import { customers } from "./customers";
import { estimates } from "./estimates";
import { salesOrders } from "./sales-orders";
import { shippingOrders } from "./shipping-orders";
import { invoices } from "./invoices";
import { creditNotes, productReturns, refunds } from "./returns";
import { subscriptions } from "./subscriptions";
import { suppliers } from "./suppliers";
import { employees } from "./employees";
import { customerTags } from "./customer-tags";
import { supplierTags } from "./supplier-tags";
import { stockLevels } from "./stock-levels";
import { stockEntries } from "./stock-entries";
import { deliveries, purchaseOrders } from "./purchase-orders";
import { backorder, reorder } from "./reorder";
import { stockRemovals } from "./stock-removals";
import { stockMovements } from "./stock-movements";
import { inventoryLogs } from "./inventory-logs";
import { inventoryBulkUpdates } from "./inventory-bulk-updates";
import { assemblyTransforms } from "./assembly-transforms";
import { priceUpdates } from "./price-updates";
import { priceRules } from "./price-rules";
import { batches } from "./batches";
import type { ApiEnv } from "./types";

/** The REST API, mounted at /api/v1. Every route is JSON, errors included. */
export function apiRouter(): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>();
  api.onError((error, c) => toErrorResponse(c, c.get("ctx").locale, error));
  // Maintenance (platform spec §4): every call but the health check answers 503 with the message in a header.
  api.use(async (c, next) => {
    const { maintenance, locale } = c.get("ctx");
    if (!maintenance.on || c.req.path.endsWith("/health")) return next();
    const message = maintenance.message ?? translate(locale, "error.maintenance");
    c.header("x-maintenance-message", encodeURIComponent(message));
    return c.json(errorBody(locale, "maintenance"), 503);
  });
  api.use(authenticate);
  // A module's calls need its flag (worker/domain/identity/module-flags.ts); without a caller, or
  // in a frozen company, the route's own guard answers (401, access_frozen).
  api.use(async (c, next) => {
    const actor = c.get("ctx").actor;
    if (actor && !actor.company.frozen && !hasPermissions(actor.permissions, { allOf: apiFlags(c.req.method, c.req.path) }))
      throw new DomainError("forbidden");
    await next();
  });
  api.use(idempotency);
  api.route("/", openApi);
  api.route("/health", health);
  api.route("/me", me);
  api.route("/account", account);
  api.route("/locations", locations);
  api.route("/companies", companies);
  api.route("/users", users);
  api.route("/invitations", invitations);
  api.route("/api-tokens", apiTokens);
  api.route("/password-reset", passwordReset);
  api.route("/price-levels", priceLevels);
  api.route("/currencies", currencies);
  api.route("/taxes", taxes);
  api.route("/payment-methods", paymentMethods);
  api.route("/alerts", alerts);
  api.route("/tax-settings", taxSettings);
  api.route("/company-settings", companySettings);
  api.route("/pdf-settings", pdfSettings);
  api.route("/email-templates", emailTemplates);
  api.route("/smtp-settings", smtpSettings);
  api.route("/attributes", attributes);
  api.route("/brands", brands);
  api.route("/product-tags", productTags);
  api.route("/seasons", seasons);
  api.route("/products", products);
  api.route("/services", services);
  api.route("/saved-views", savedViews);
  api.route("/customers", customers);
  api.route("/suppliers", suppliers);
  api.route("/employees", employees);
  api.route("/customer-tags", customerTags);
  api.route("/supplier-tags", supplierTags);
  api.route("/stock-levels", stockLevels);
  api.route("/stock-entries", stockEntries);
  api.route("/purchase-orders", purchaseOrders);
  api.route("/deliveries", deliveries);
  api.route("/reorder", reorder);
  api.route("/backorder", backorder);
  api.route("/stock-removals", stockRemovals);
  api.route("/stock-movements", stockMovements);
  api.route("/inventory-logs", inventoryLogs);
  api.route("/inventory-bulk-updates", inventoryBulkUpdates);
  api.route("/assembly-transforms", assemblyTransforms);
  api.route("/price-updates", priceUpdates);
  api.route("/price-rules", priceRules);
  api.route("/batches", batches);
  api.route("/estimates", estimates);
  api.route("/sales-orders", salesOrders);
  api.route("/shipping-orders", shippingOrders);
  api.route("/invoices", invoices);
  api.route("/product-returns", productReturns);
  api.route("/credit-notes", creditNotes);
  api.route("/refunds", refunds);
  api.route("/subscriptions", subscriptions);
  // Mounted routers fall through to the parent on no match: stop here, API paths never reach pages.
  api.all("*", (c) => c.json(errorBody(c.get("ctx").locale, "not_found"), 404));
  return api;
}

/** /oauth2: the token endpoint; unknown paths are JSON 404s. */
export function oauthRouter(): Hono<ApiEnv> {
  const oauth = new Hono<ApiEnv>();
  oauth.onError((error, c) => toErrorResponse(c, c.get("ctx").locale, error));
  oauth.route("/token", oauthToken);
  oauth.all("*", (c) => c.json(errorBody(c.get("ctx").locale, "not_found"), 404));
  return oauth;
}
